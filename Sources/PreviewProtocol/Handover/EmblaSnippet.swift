/// Embla Carousel (8): the options object, with the Autoplay plugin for auto-scroll and the
/// settle's `duration` scaled from the spring.
enum EmblaSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        var lines = WebSnippetParts.opening(model, .embla)
        lines.append("import EmblaCarousel from 'embla-carousel';")
        if c.isAutoScrollEnabled { lines.append("import Autoplay from 'embla-carousel-autoplay';") }
        lines += [
            "",
            "/** @type {import('embla-carousel').EmblaOptionsType} */",
            "const options = {",
            "  axis: '\(model.isHorizontal ? "x" : "y")',",
            "  direction: '\(model.isRightToLeft ? "rtl" : "ltr")',",
            "  loop: \(c.isLooping),",
            "  align: '\(c.alignment.rawValue)',",
            "  slidesToScroll: \(c.itemsPerPage),",
            "  dragFree: \(!model.isPaged),",
            "  skipSnaps: \(c.maxItemsPerFlick > 1),",
            "  duration: \(model.physics.emblaDuration),",
            "};",
            "",
            "const viewport = document.querySelector('.tuned-carousel');",
            "if (!(viewport instanceof HTMLElement)) throw new Error('no .tuned-carousel element on the page');",
        ]
        let plugins =
            c.isAutoScrollEnabled
            ? ", [Autoplay({ delay: \(model.autoScrollMilliseconds), stopOnInteraction: false })]" : ""
        lines.append("export const carousel = EmblaCarousel(viewport, options\(plugins));")
        lines += WebSnippetParts.css(model, container: ".tuned-carousel", slide: ".tuned-carousel .embla__slide")
        let gap = model.isHorizontal ? "margin-inline-end" : "margin-block-end"
        let padding = model.isHorizontal ? "padding-inline" : "padding-block"
        lines.append(
            "//   .tuned-carousel .embla__slide { \(gap): \(CodeNumber.text(c.spacing))px; }"
                + " .tuned-carousel .embla__container { \(padding): \(CodeNumber.text(model.leadingMargin))px \(CodeNumber.text(model.trailingMargin))px; }"
        )
        return WebSnippetParts.snippet(model, .embla, lines)
    }
}
