/// One walk over a parsed SVG against `SVGAllowList`, refusing at the first element or attribute
/// not on it, with words that name it. Besides the lists it bounds what drawing the file can cost:
/// filter primitives per filter and per document, the blur's deviation, and reuse (`use` may not
/// reach a `use`, and a pattern's, mask's or clip path's content may neither reuse nor refer to
/// anything but a gradient, so no reference can multiply the drawing). The parser's depth bound
/// keeps the walk's recursion shallow.
struct SVGReview {
    let limits: MediaLimits
    private var primitives = 0
    private var primitivesInFilter = 0
    private var uses = 0
    /// The local names of the elements by their `id` lowercased (references are judged folded), to
    /// judge references once every element is known.
    private var kinds: [String: Set<String>] = [:]
    /// The ids of the elements that are or hold a `use`, and of those that are or hold a filtered
    /// element (a `filter` attribute or property): a `use` of one draws its filter again.
    private var holdingUse: Set<String> = []
    private var holdingFilter: Set<String> = []
    /// What each `use` refers to, and the references made from inside a pattern, mask or clip path.
    var reused: [String] = []
    var containedReferences: [(target: String, element: String, attribute: String)] = []

    private init(limits: MediaLimits) {
        self.limits = limits
    }

    /// Refuses `document` unless its root is SVG's `svg` and everything in it is on the allow-list.
    static func check(_ document: MarkupDocument, limits: MediaLimits) throws(ImageRefusal) {
        let root = document.root.name
        guard root == MarkupName("svg", namespace: SVGAllowList.svgNamespace) else {
            throw ImageRefusal(
                "an SVG whose root is \(describe(root)) is not taken: it needs to be "
                    + "<svg xmlns=\"\(SVGAllowList.svgNamespace)\">"
            )
        }
        var review = SVGReview(limits: limits)
        _ = try review.check(document.root, parent: nil, isContained: false)
        try review.checkReferences()
    }

    /// Checks `element` and its content; whether it is or holds a `use`, and a filtered element.
    private mutating func check(
        _ element: MarkupElement,
        parent: String?,
        isContained: Bool
    ) throws(ImageRefusal) -> (holdsUse: Bool, holdsFilter: Bool) {
        let name = element.name.localName
        try checkName(of: element, parent: parent)
        if name == "filter" { primitivesInFilter = 0 }
        if SVGAllowList.filterPrimitives.contains(name) {
            primitives += 1
            primitivesInFilter += 1
            guard primitivesInFilter <= SVGAllowList.primitivesPerFilter else {
                throw ImageRefusal(
                    "an SVG with a <filter> of more than \(SVGAllowList.primitivesPerFilter) filter primitives is not "
                        + "taken: each is a pass over the picture",
                    construct: name
                )
            }
            guard primitives <= SVGAllowList.primitivesPerDocument else {
                throw ImageRefusal(
                    "an SVG with more than \(SVGAllowList.primitivesPerDocument) filter primitives is not taken: each "
                        + "is a pass over the picture",
                    construct: name
                )
            }
        }
        var holdsUse = name == "use"
        if holdsUse {
            uses += 1
            guard !isContained else { throw Self.refusal(element, "a pattern, mask or clip path may not reuse") }
            guard uses <= SVGAllowList.uses else {
                throw ImageRefusal(
                    "an SVG with more than \(SVGAllowList.uses) <use> elements is not taken",
                    construct: "use"
                )
            }
        }
        for attribute in element.attributes { try check(attribute, of: element, isContained: isContained) }
        let contains = isContained || ["pattern", "mask", "clipPath"].contains(name)
        var holdsFilter = element.attributes.contains { attribute in
            attribute.name.namespace == nil
                && (attribute.name.localName == "filter"
                    || attribute.name.localName == "style" && CSSText.folded(attribute.value).contains("filter"))
        }
        for case .element(let child) in element.children {
            let held = try check(child, parent: name, isContained: contains)
            holdsUse = held.holdsUse || holdsUse
            holdsFilter = held.holdsFilter || holdsFilter
        }
        if let id = element.attribute("id") {
            kinds[id.lowercased(), default: []].insert(name)
            if holdsUse { holdingUse.insert(id) }
            if holdsFilter { holdingFilter.insert(id.lowercased()) }
        }
        return (holdsUse, holdsFilter)
    }

    /// Refuses an element not on the list, or a filter primitive outside a filter.
    private func checkName(of element: MarkupElement, parent: String?) throws(ImageRefusal) {
        let name = element.name.localName
        guard element.name.namespace == SVGAllowList.svgNamespace else {
            throw Self.refusal(element, "only SVG's own drawing elements are")
        }
        if SVGAllowList.filterPrimitives.contains(name) {
            let container = name == "feMergeNode" ? "feMerge" : "filter"
            guard parent == container else { throw Self.refusal(element, "it belongs inside a <\(container)>") }
        } else if name.hasPrefix("fe") {
            let listed = SVGAllowList.filterPrimitives.sorted().joined(separator: ", ")
            throw Self.refusal(element, "\(name) is not on the list of filter primitives a banner may use (\(listed))")
        } else if !SVGAllowList.elements.contains(name) {
            throw Self.refusal(
                element,
                Self.unlistedReasons[name] ?? "it is not on the list of elements a banner may use"
            )
        } else if parent == "filter", name != "title", name != "desc" {
            throw Self.refusal(element, "a <filter> holds only filter primitives")
        }
    }

    private static let unlistedReasons = [
        "script": "it could run script",
        "foreignObject": "it could hold HTML",
        "a": "a link could lead out of the file",
        "style": "stylesheets are not taken; set the properties with attributes or style=\"...\"",
        "set": "an animation could change an address after any check",
        "animate": "an animation could change an address after any check",
        "animateTransform": "an animation could change an address after any check",
        "animateMotion": "an animation could change an address after any check",
    ]

    /// Refuses each `use` of an element that reuses, and each reference from a pattern's, mask's or
    /// clip path's content to anything but a gradient.
    private func checkReferences() throws(ImageRefusal) {
        for target in reused where holdingFilter.contains(target.lowercased()) {
            throw ImageRefusal(
                "an SVG whose <use> refers to #\(target), which is or holds a filtered element, is not taken: each "
                    + "reuse would run the filter again, multiplying its cost",
                construct: "use"
            )
        }
        for target in reused where holdingUse.contains(target) {
            throw ImageRefusal(
                "an SVG whose <use> refers to #\(target), which is or holds a <use> itself, is not taken: reuse of "
                    + "reuse can multiply without end"
            )
        }
        for reference in containedReferences {
            let other = kinds[reference.target, default: []].subtracting(["linearGradient", "radialGradient"])
            guard let kind = other.sorted().first else { continue }
            throw ImageRefusal(
                "an SVG with the attribute \(reference.attribute) on <\(reference.element)> inside a pattern, mask or "
                    + "clip path is not taken: there it may refer only to a gradient, not to <\(kind)>"
            )
        }
    }

    static func refusal(_ element: MarkupElement, _ reason: String) -> ImageRefusal {
        ImageRefusal(
            "an SVG with the element \(describe(element.name)) is not taken: \(reason)",
            construct: element.name.localName
        )
    }

    /// An element's name as a refusal states it: `<script> (namespace http://www.w3.org/1999/xhtml)`.
    static func describe(_ name: MarkupName) -> String {
        "<\(name.localName)> (\(name.namespace.map { "namespace \($0)" } ?? "no namespace"))"
    }
}
