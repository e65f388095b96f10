/// Splide (4.1): the options object: a flick goes to the release position plus its velocity times
/// `flickPower`, rounded to the nearest slide, at most `flickMaxPages` away (Splide 4 has no
/// velocity threshold: `flickVelocityThreshold` went in v3); the settle's length is `speed`. The
/// slides keep the preview's width (`fixedWidth`; `perPage` would divide the viewport), a page of
/// several items moves `perMove` at a time, and the snap line is the track's padding.
enum SplideSnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let direction = model.isHorizontal ? (model.isRightToLeft ? "rtl" : "ltr") : "ttb"
        let padding =
            model.isHorizontal
            ? "{ left: \(n(model.leadingMargin)), right: \(n(model.trailingMargin)) }"
            : "{ top: \(n(model.leadingMargin)), bottom: \(n(model.trailingMargin)) }"
        var lines = WebSnippetParts.opening(model, .splide, version: "Splide 4.1")
        lines += ["import Splide from '@splidejs/splide';", "import '@splidejs/splide/css';", ""]
        lines += WebSnippetParts.items(model)
        lines += WebSnippetParts.markup(
            shell: { "`<div class=\"splide__track\"><ul class=\"splide__list\">\($0)</ul></div>`" },
            slideTag: "li",
            slideClass: "splide__slide"
        )
        lines.append("root.classList.add('splide');")
        lines += WebSnippetParts.style(model, rules: [], slide: ".tuned-carousel .splide__slide")
        lines += [
            "/** @type {import('@splidejs/splide').Options} */",
            "const options = {",
            "  type: '\(c.isLooping ? "loop" : "slide")',",
            "  direction: '\(direction)',",
            "  width: \(n(c.viewportWidth)),",
            "  height: \(n(c.viewportHeight)),",
        ]
        if model.isHorizontal {
            lines.append("  fixedWidth: \(n(model.itemLength)),")
            lines.append("  fixedHeight: \(n(model.itemThickness)),")
        } else {
            lines.append("  fixedHeight: \(n(model.itemLength)),")
        }
        lines += [
            "  perMove: \(c.itemsPerPage),",
            "  gap: \(n(c.spacing)),",
            "  padding: \(padding),",
            "  focus: 0,",
            "  trimSpace: false,",
            "  drag: \(model.isPaged ? "true" : "'free'"),",
            "  flickPower: \(CodeNumber.derived(model.physics.splideFlickPower)),",
            "  flickMaxPages: \(model.physics.splideFlickMaxPages),",
            "  speed: \(model.physics.settleMilliseconds),",
            // Not waiting lets a release's `go` redirect the move Splide itself began (the release rule).
            "  waitForTransition: false,",
            "  arrows: false,",
            "  pagination: false,",
        ]
        if c.isAutoScrollEnabled {
            lines += ["  autoplay: true,", "  interval: \(model.autoScrollMilliseconds),"]
        }
        lines += ["};", "", "export const carousel = new Splide(root, options).mount();", ""]
        lines +=
            WebReleaseRule.lines(model) + [
                "// Splide has no flick threshold and counts its reach in viewports: the preview's target instead.",
                "followReleases(root, (target, position, ms, from) => {",
                "  // Splide's position (a translate) grows as the content moves on only right to left.",
                "  // Unconstrained: Splide's own end lies a page past the preview's last rest (`trimSpace: false`),",
                "  // and its bounce from beyond an end would carry the content there.",
                "  const destination = from + (rule.mirrored ? 1 : -1) * (target - position);",
                "  if (rule.free) carousel.Components.Scroll.scroll(destination, ms, false, undefined, true);",
                "  else if (carousel.index !== restingItem(target)) carousel.go(restingItem(target));",
                "}, () => carousel.Components.Move.getPosition());",
            ] + WebWheelRule.lines + [
                "// Splide takes no wheel by default (its `wheel` option moves a slide a notch): the preview's wheel.",
                "followWheel(root, (target, shown, ms, end) => {",
                "  const { Move, Scroll, Controller } = carousel.Components;",
                "  const destination = Move.getPosition() + (rule.mirrored ? 1 : -1) * (target - shown);",
                "  if (!end) {",
                "    Move.cancel();",
                "    Move.translate(destination);",
                "  } else if (rule.free) Scroll.scroll(destination, ms, false, undefined, true);",
                "  // The same index too: the wheel moved the content off it.",
                "  else Controller.go(restingItem(target), true);",
                "});",
            ]
        return WebSnippetParts.snippet(model, .splide, lines)
    }
}
