/// Swiper (11): the options object, with the coverflow effect's scale for the side scale, free
/// mode's momentum for a free scroll, autoplay, and the settle's length as `speed`.
enum SwiperSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let centred = c.alignment == .center
        var modules: [String] = []
        if c.isAutoScrollEnabled { modules.append("Autoplay") }
        if c.sideScale != 1 { modules.append("EffectCoverflow") }
        if !model.isPaged { modules.append("FreeMode") }
        var lines = WebSnippetParts.opening(model, .swiper)
        lines.append("import Swiper from 'swiper';")
        if !modules.isEmpty { lines.append("import { \(modules.joined(separator: ", ")) } from 'swiper/modules';") }
        lines += [
            "import 'swiper/css';", "", "/** @type {import('swiper/types').SwiperOptions} */", "const options = {",
        ]
        if !modules.isEmpty { lines.append("  modules: [\(modules.joined(separator: ", "))],") }
        lines += [
            "  direction: '\(model.isHorizontal ? "horizontal" : "vertical")',",
            "  loop: \(c.isLooping),",
            "  slidesPerView: \(c.itemsPerPage > 1 ? String(c.itemsPerPage) : "'auto'"),",
            "  slidesPerGroup: \(c.itemsPerPage),",
            "  spaceBetween: \(n(c.spacing)),",
            "  centeredSlides: \(centred),",
            "  slidesOffsetBefore: \(n(centred ? 0 : model.leadingMargin)),",
            "  slidesOffsetAfter: \(n(centred ? 0 : model.trailingMargin)),",
            "  speed: \(model.physics.settleMilliseconds),",
            "  resistance: true,",
            "  resistanceRatio: \(n(c.rubberBandCoefficient)),",
        ]
        if !model.isPaged {
            lines.append(
                "  freeMode: { enabled: true, momentum: true, momentumRatio: \(CodeNumber.derived(model.physics.swiperMomentumRatio)) },"
            )
        }
        if c.sideScale != 1 {
            lines += [
                "  effect: 'coverflow',",
                "  coverflowEffect: { scale: \(n(c.sideScale)), rotate: 0, depth: 0, stretch: 0, modifier: 1, slideShadows: false },",
            ]
        }
        if c.isAutoScrollEnabled {
            lines.append("  autoplay: { delay: \(model.autoScrollMilliseconds), disableOnInteraction: false },")
        }
        lines += ["};", "", "export const carousel = new Swiper('.tuned-carousel', options);"]
        lines += WebSnippetParts.css(model, container: ".tuned-carousel", slide: ".tuned-carousel .swiper-slide")
        return WebSnippetParts.snippet(model, .swiper, lines)
    }
}
