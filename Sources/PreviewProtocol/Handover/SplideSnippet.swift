/// Splide (4): the options object: the flick's power, reach and threshold are Splide's own, the
/// settle's length is `speed`, and a page of several items is `perPage`.
enum SplideSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let direction = model.isHorizontal ? (model.isRightToLeft ? "rtl" : "ltr") : "ttb"
        let padding =
            model.isHorizontal
            ? "{ left: \(n(model.leadingMargin)), right: \(n(model.trailingMargin)) }"
            : "{ top: \(n(model.leadingMargin)), bottom: \(n(model.trailingMargin)) }"
        var lines = WebSnippetParts.opening(model, .splide)
        lines += [
            "import Splide from '@splidejs/splide';",
            "import '@splidejs/splide/css';",
            "",
            "/** @type {import('@splidejs/splide').Options} */",
            "const options = {",
            "  type: '\(c.isLooping ? "loop" : "slide")',",
            "  direction: '\(direction)',",
            "  width: \(n(c.viewportWidth)),",
            "  height: \(n(c.viewportHeight)),",
        ]
        if c.itemsPerPage > 1 {
            lines.append("  perPage: \(c.itemsPerPage),")
        } else if model.isHorizontal {
            lines.append("  fixedWidth: \(n(model.itemLength)),")
        } else {
            lines.append("  fixedHeight: \(n(model.itemLength)),")
        }
        lines += [
            "  perMove: \(c.itemsPerPage),",
            "  gap: \(n(c.spacing)),",
            "  padding: \(padding),",
            "  focus: \(c.alignment == .center ? "'center'" : "0"),",
            "  drag: \(model.isPaged ? "true" : "'free'"),",
            "  flickPower: \(CodeNumber.derived(model.physics.splideFlickPower)),",
            "  flickMaxPages: \(model.physics.splideFlickMaxPages),",
            "  flickVelocityThreshold: \(CodeNumber.derived(c.flickVelocityThreshold / 1000)),",
            "  speed: \(model.physics.settleMilliseconds),",
            "  arrows: false,",
            "  pagination: false,",
        ]
        if c.isAutoScrollEnabled {
            lines += ["  autoplay: true,", "  interval: \(model.autoScrollMilliseconds),"]
        }
        lines += ["};", "", "export const carousel = new Splide('.tuned-carousel', options).mount();"]
        lines += ["", "// The items' look, in CSS (Splide takes it from the page):"]
        lines += WebSnippetParts.look(model, slide: ".tuned-carousel .splide__slide")
        return WebSnippetParts.snippet(model, .splide, lines)
    }
}
