/// What an uploaded SVG may contain, written for what a banner needs: shapes, text, gradients,
/// clipping, masks, patterns, reuse within the file, embedded PNG and JPEG pictures, and a few
/// filter primitives that cost one pass over the picture each. Everything else is refused, so a
/// feature a browser or librsvg adds later is refused too until someone puts it here.
///
/// Not on it, and why: `script`, `foreignObject` (HTML inside), `a` (a link away), `style`
/// (stylesheets bring selectors and at-rules; a banner says the same with attributes and
/// `style="..."`, which are checked declaration by declaration), the animation elements (`set` and
/// `animate` can rewrite an `href` after any check), `feImage` (fetches), `feTurbulence`,
/// `feConvolveMatrix` and the lighting and morphology primitives (their cost grows with an
/// attribute's number, not with the picture), `marker`, `textPath`, `switch` and `view`.
package enum SVGAllowList {
    static let svgNamespace = "http://www.w3.org/2000/svg"
    static let xlinkNamespace = "http://www.w3.org/1999/xlink"

    /// The elements a banner may use, all in the SVG namespace.
    package static let elements: Set<String> = [
        "svg", "g", "defs", "title", "desc", "metadata", "path", "rect", "circle", "ellipse", "line", "polyline",
        "polygon", "text", "tspan", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "pattern", "use",
        "symbol", "image", "filter",
    ]

    /// The filter primitives a banner may use: each is one pass over the filter's region.
    static let filterPrimitives: Set<String> = [
        "feGaussianBlur", "feOffset", "feFlood", "feBlend", "feComposite", "feMerge", "feMergeNode", "feColorMatrix",
        "feDropShadow",
    ]
    /// The most filter primitives in one `filter` (`feMergeNode` counted: each is a compositing pass).
    static let primitivesPerFilter = 8
    /// The most filter primitives in the document.
    static let primitivesPerDocument = 16
    /// The largest `stdDeviation` of a blur or a drop shadow: past it a blur costs more and shows
    /// nothing a banner needs.
    static let largestDeviation = 20.0
    /// The most `use` elements: each draws its target again.
    static let uses = 256

    /// The elements that may refer, with `href` or `xlink:href`, to another element of the file by
    /// `#id`; `image` refers to an embedded PNG or JPEG instead.
    static let referringElements: Set<String> = ["use", "linearGradient", "radialGradient", "pattern"]

    /// Attributes in no namespace that take a presentation value (a CSS value, so escapes, `url()` and
    /// other functions are judged in them) besides the structural ones below.
    static let presentationAttributes: Set<String> = cssProperties.union([
        "transform", "gradientTransform",
        "patternTransform", "d", "points", "values", "stdDeviation", "k1", "k2", "k3", "k4",
    ])

    /// Attributes in no namespace whose values are names, numbers or keywords, and are checked as
    /// presentation values too except `id` and `class`.
    static let structuralAttributes: Set<String> = [
        "id", "class", "style", "version", "baseProfile", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r",
        "fx", "fy", "fr", "x1", "y1", "x2", "y2", "dx", "dy", "rotate", "textLength", "lengthAdjust", "pathLength",
        "viewBox", "preserveAspectRatio", "offset", "gradientUnits", "spreadMethod", "patternUnits",
        "patternContentUnits", "clipPathUnits", "maskUnits", "maskContentUnits", "filterUnits", "primitiveUnits",
        "in", "in2", "result", "mode", "operator", "type", "edgeMode",
    ]

    /// The CSS properties a `style` attribute may set, also taken as presentation attributes.
    static let cssProperties: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "opacity", "color",
        "display", "visibility", "clip-path", "clip-rule", "mask", "filter", "font-family", "font-size",
        "font-style", "font-weight", "font-variant", "letter-spacing", "word-spacing", "text-anchor",
        "dominant-baseline", "alignment-baseline", "baseline-shift", "text-decoration", "white-space",
        "writing-mode", "direction", "stop-color", "stop-opacity", "flood-color", "flood-opacity",
        "color-interpolation", "color-interpolation-filters", "shape-rendering", "text-rendering",
        "image-rendering", "paint-order", "vector-effect", "overflow", "isolation", "mix-blend-mode",
        "transform", "transform-origin", "transform-box",
    ]

    /// The CSS functions a value may call; `url()` only as `url(#id)`.
    static let functions: Set<String> = [
        "url", "rgb", "rgba", "hsl", "hsla", "matrix", "translate", "translatex", "translatey", "scale", "scalex",
        "scaley", "rotate", "skewx", "skewy",
    ]

    /// The `xml:` attributes a banner may use (`xml:base` is not one: it changes what addresses mean).
    static let xmlAttributes: Set<String> = ["space", "lang"]
}
