/// Embla Carousel (8.6): the options object, with the Autoplay plugin for auto-scroll.
///
/// The preview's snap line (the inset, or the page centred) is `align` as a function returning
/// that distance from the viewport's start: Embla measures every snap from there (a container
/// padding would not move the snaps). `containScroll: false` keeps the last snaps where the preview
/// has them. Embla needs its base CSS (`overflow: hidden` on the viewport, a flex row of slides
/// that do not shrink), which the module's style carries. `duration` sets `scrollTo`'s speed
/// only: a release after a drag runs at Embla's own fixed speed (see the notes).
enum EmblaSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        var lines = WebSnippetParts.opening(model, .embla, version: "Embla Carousel 8.6")
        lines.append("import EmblaCarousel from 'embla-carousel';")
        if c.isAutoScrollEnabled { lines.append("import Autoplay from 'embla-carousel-autoplay';") }
        lines.append("")
        lines += WebSnippetParts.items(model)
        lines += WebSnippetParts.markup(
            shell: { "`<div class=\"embla__container\">\($0)</div>`" },
            slideTag: "div",
            slideClass: "embla__slide"
        )
        if model.isRightToLeft { lines.append("root.dir = 'rtl';") }
        let sizes = WebSnippetParts.sizes(model)
        let gap = model.isHorizontal ? "margin-inline-end" : "margin-block-end"
        lines += WebSnippetParts.style(
            model,
            rules: [
                ".tuned-carousel { overflow: hidden; \(sizes.viewport) }",
                ".tuned-carousel .embla__container { display: flex;"
                    + (model.isHorizontal ? "" : " flex-direction: column; height: 100%;") + " }",
                ".tuned-carousel .embla__slide { \(sizes.slide) min-width: 0; \(gap): \(n(c.spacing))px; }",
            ],
            slide: ".tuned-carousel .embla__slide"
        )
        lines += [
            "/** @type {import('embla-carousel').EmblaOptionsType} */",
            "const options = {",
            "  axis: '\(model.isHorizontal ? "x" : "y")',",
            "  direction: '\(model.isRightToLeft ? "rtl" : "ltr")',",
            "  loop: \(c.isLooping),",
            "  align: () => \(n(model.leadingMargin)),",
            "  containScroll: false,",
            "  slidesToScroll: \(c.itemsPerPage),",
            "  dragFree: \(!model.isPaged),",
            "  skipSnaps: \(c.maxItemsPerFlick > 1),",
            "  duration: \(model.physics.emblaDuration),",
            "};",
            "",
        ]
        let plugins =
            c.isAutoScrollEnabled
            ? ", [Autoplay({ delay: \(model.autoScrollMilliseconds), stopOnInteraction: false })]" : ""
        lines.append("export const carousel = EmblaCarousel(root, options\(plugins));")
        lines += [""] + WebReleaseRule.lines(model)
        if model.isPaged {
            lines += [
                "// Embla picks a release's snap by the drag's force, at a speed of its own: the preview's target,",
                "// at `duration`, instead.",
                "followReleases(root, (target) => carousel.scrollTo(Math.floor(restingItem(target) / rule.perPage)));",
            ]
        } else {
            lines += [
                "// In dragFree Embla coasts by a rule of its own, and scrollTo would snap: its engine (the API",
                "// Embla's plugins use) is sent on to where the preview's coast ends. Embla's locations run",
                "// from item 0's snap (scrollSnaps[0]) the other way to the content's position.",
                "followReleases(root, (target) => {",
                "  const engine = carousel.internalEngine();",
                "  engine.scrollTo.distance(engine.scrollSnaps[0] - target - engine.target.get(), false);",
                "});",
            ]
        }
        lines +=
            WebWheelRule.lines + [
                "// Embla takes no wheel without its wheel-gestures plugin: the preview's wheel instead. Its drag",
                "// moves Embla's target at once (duration 0) by the wheel's travel, from where Embla shows the",
                "// content; its end goes where a release would.",
                "followWheel(root, (target, shown, ms, end) => {",
                "  const engine = carousel.internalEngine();",
                "  const travel = engine.location.get() - engine.target.get() - (target - shown);",
                "  if (!end) {",
                "    engine.scrollBody.useDuration(0);",
                "    engine.scrollTo.distance(travel, false);",
                "  } else if (rule.free) {",
                "    engine.scrollBody.useBaseDuration().useBaseFriction();",
                "    engine.scrollTo.distance(travel, false);",
                "  } else carousel.scrollTo(Math.floor(restingItem(target) / rule.perPage));",
                "});",
            ]
        return WebSnippetParts.snippet(model, .embla, lines)
    }
}
