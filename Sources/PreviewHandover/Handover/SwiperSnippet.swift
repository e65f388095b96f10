/// Swiper (12): the options object, with free mode's momentum for a free scroll, the coverflow
/// effect's scale for the side scale, autoplay, and the settle's length as `speed`.
///
/// The slides keep the preview's width: `slidesPerView: 'auto'` lets the CSS width stand (a number
/// would divide the viewport among that many slides), and a page of several items is
/// `slidesPerGroup`. The preview's snap line (the inset, or the page centred) is
/// `slidesOffsetBefore`, always: `centeredSlides` would centre item 0, not the page.
enum SwiperSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        var modules: [String] = []
        if c.isAutoScrollEnabled { modules.append("Autoplay") }
        if c.sideScale != 1 { modules.append("EffectCoverflow") }
        if !model.isPaged { modules.append("FreeMode") }
        var lines = WebSnippetParts.opening(model, .swiper, version: "Swiper 12 (12.2)")
        lines.append("import Swiper from 'swiper';")
        if !modules.isEmpty { lines.append("import { \(modules.joined(separator: ", ")) } from 'swiper/modules';") }
        lines += ["import 'swiper/css';", ""]
        lines += WebSnippetParts.items(model)
        lines += WebSnippetParts.markup(
            shell: { "`<div class=\"swiper-wrapper\">\($0)</div>`" },
            slideTag: "div",
            slideClass: "swiper-slide"
        )
        lines.append("root.classList.add('swiper');")
        if model.isRightToLeft { lines.append("root.dir = 'rtl';") }
        let sizes = WebSnippetParts.sizes(model)
        lines += WebSnippetParts.style(
            model,
            rules: [
                ".tuned-carousel { \(sizes.viewport) }",
                ".tuned-carousel .swiper-slide { \(sizes.slide) }",
            ],
            slide: ".tuned-carousel .swiper-slide"
        )
        lines += ["/** @type {import('swiper/types').SwiperOptions} */", "const options = {"]
        if !modules.isEmpty { lines.append("  modules: [\(modules.joined(separator: ", "))],") }
        lines += [
            "  direction: '\(model.isHorizontal ? "horizontal" : "vertical")',",
            "  loop: \(c.isLooping),",
            "  slidesPerView: 'auto',",
            "  slidesPerGroup: \(c.itemsPerPage),",
            "  spaceBetween: \(n(c.spacing)),",
            "  slidesOffsetBefore: \(n(model.leadingMargin)),",
            "  slidesOffsetAfter: \(n(model.trailingMargin)),",
            "  speed: \(model.physics.settleMilliseconds),",
            "  resistance: true,",
            "  resistanceRatio: \(n(c.rubberBandCoefficient)),",
        ]
        if !model.isPaged {
            lines.append(
                "  freeMode: { enabled: true, momentum: true, momentumRatio: \(CodeNumber.derived(model.physics.swiperMomentumRatio)), momentumBounce: false },"
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
        lines += ["};", "", "export const carousel = new Swiper(root, options);", ""]
        lines +=
            WebReleaseRule.lines(model) + [
                "// Swiper moves one slide a swipe and coasts by its own momentum: the preview's target instead.",
                "followReleases(root, (target, _position, ms) => {",
                "  const item = restingItem(target);",
                "  // Swiper's translate for a position is minus it from slide 0's snap (`snapGrid[0]`), unbounded:",
                "  // its own end lies a page past the preview's last rest.",
                "  if (rule.free) carousel.translateTo(-(carousel.snapGrid[0] + target), ms, true, false);",
                "  else if (rule.loop && carousel.realIndex !== item) carousel.slideToLoop(item, ms);",
                "  else if (!rule.loop && carousel.activeIndex !== item) carousel.slideTo(item, ms);",
                "});",
            ] + WebWheelRule.lines + [
                "// Swiper takes no wheel without its Mousewheel module (a slide a notch): the preview's wheel instead.",
                "// Its drag moves Swiper's translate by the wheel's travel (from where Swiper shows the content,",
                "// so a loop's reordered slides do not matter); its end goes where a release would.",
                "followWheel(root, (target, shown, ms, end) => {",
                "  const item = restingItem(target);",
                "  if (!end || rule.free) carousel.translateTo(carousel.getTranslate() - (target - shown), ms, false, false);",
                "  else if (rule.loop) carousel.slideToLoop(item, ms);",
                "  else carousel.slideTo(item, ms);",
                "});",
            ]
        return WebSnippetParts.snippet(model, .swiper, lines)
    }
}
