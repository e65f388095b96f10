/// How the items move: the coast, a flick's threshold and reach, the settle, the rubber band and
/// auto-scroll. The numbers are `FrameworkPhysics`'.
extension FrameworkMappings {
    static let motionRows: [String: FrameworkRow] = [
        "decelerationRate": FrameworkRow(
            swiftUI: .none(note: "SwiftUI has no deceleration rate: the system's is used (normal, 0.998)"),
            uiKit: .close(
                "orthogonalScrollingProperties.decelerationRate = .init(rawValue: r)",
                note: "iOS 17 and later: on iOS 16 the section coasts at the system's rate"
            ),
            compose: .exact(
                "exponentialDecay(frictionMultiplier = f): the pager's flingBehavior, a lazy row's own fling"
            ),
            flutter: .close(
                "a ScrollPhysics whose ballistic simulation is a FrictionSimulation(r^1000, ...)",
                note: "free scroll only: a pager's fling ends in its spring"
            ),
            swiper: .exact("the file's release rule: translateTo where the preview's coast ends (free mode)"),
            embla: .exact(
                "the file's release rule: the engine's scrollTo.distance to where the preview's coast ends (dragFree)"
            ),
            splide: .exact("the file's release rule: Scroll.scroll to where the preview's coast ends (free drag)")
        ),
        "flickVelocity": FrameworkRow(
            swiftUI: .none(note: "the system decides when a swipe moves on"),
            uiKit: .none(note: "the system decides; scrollViewWillEndDragging's targetContentOffset can"),
            compose: .none(note: "Compose's fling threshold is its own (MinFlingVelocityDp, 400 dp/s)"),
            flutter: .close("a ScrollPhysics with minFlingVelocity", note: "logical pixels a second"),
            swiper: .exact(
                "the file's release rule (threshold, px/s), then slideTo: Swiper's own is distance and time"
            ),
            embla: .exact("the file's release rule (threshold, px/s), then scrollTo: Embla's own is the drag's force"),
            splide: .exact("the file's release rule (threshold, px/s), then go: Splide 4 has none")
        ),
        "maxItemsPerFlick": FrameworkRow(
            swiftUI: .close(
                ".scrollTargetBehavior(.viewAligned(limitBehavior: .alwaysByOne))",
                note: "iOS 18, and only for one item; more is the system's reach"
            ),
            uiKit: .none(note: "groupPaging moves as far as the system's coast takes it"),
            compose: .exact("PagerSnapDistance.atMost(n)"),
            flutter: .close("PageView moves one page a fling", note: "exact only for one item"),
            swiper: .exact("the file's release rule (reach): Swiper's own moves one slide a swipe"),
            embla: .exact("the file's release rule (reach): skipSnaps is on or off, not a count"),
            splide: .exact("the file's release rule (reach): flickMaxPages counts viewport lengths")
        ),
        "springFrequency": FrameworkRow(
            swiftUI: .none(note: "scroll targets settle with the system's animation"),
            uiKit: .none(note: "paging settles with the system's animation"),
            compose: .exact("snapAnimationSpec = spring(dampingRatio = 1f, stiffness = w²)"),
            flutter: .exact("a ScrollPhysics whose spring is SpringDescription(mass: 1, stiffness: w², damping: 2w)"),
            swiper: .close(
                "speed (ms)",
                note: "a fixed-length transition, not a spring: measured 333-350 ms after a snapping release (83 ms"
                    + " for a caught move) or a wheel gesture's end, where the preview settles in 0-370 ms, the sooner"
                    + " the faster the release; a coast its own length (117 ms where a wheel's runs into the end and"
                    + " the preview bounces there in 300 ms)"
            ),
            embla: .close(
                "duration",
                note: "not a time: the release rule's scrollTo at duration measured settling in 1,250-1,633 ms"
                    + " where the preview takes 0-370 ms"
            ),
            splide: .close(
                "speed (ms) and easing",
                note: "a fixed-length transition, not a spring: measured 317-350 ms after a snapping release or a"
                    + " wheel gesture's end, where the preview settles in 0-370 ms; a coast its own length (117 ms"
                    + " where a wheel's runs into the end and the preview bounces there in 300 ms)"
            )
        ),
        "rubberBand": FrameworkRow(
            swiftUI: .none(note: "the system's rubber band is used"),
            uiKit: .close(
                "orthogonalScrollingProperties.bounce (iOS 17)",
                note: "the system's rubber band, whatever the coefficient"
            ),
            compose: .none(note: "the platform's overscroll effect is used"),
            flutter: .close(
                "BouncingScrollPhysics when coefficient > 0; a coast past an end meets the settle spring",
                note: "iOS's rubber band on a drag, on or off, and the settle spring after a coast"
            ),
            swiper: .close("resistance: true, resistanceRatio", note: "a linear resistance, not a curve"),
            embla: .none(note: "Embla's own edge resistance is used"),
            splide: .none(note: "Splide stops at the ends")
        ),
        "autoscroll": autoscrollRow,
        "intervalMs": autoscrollRow,
    ]

    /// Auto-scroll: built into the web libraries, a timer elsewhere.
    private static let autoscrollRow = FrameworkRow(
        swiftUI: .close("a Timer that scrolls to the next item with scrollPosition", note: "no built-in auto-scroll"),
        uiKit: .close("a Timer that calls scrollToItem(at:at:animated:)", note: "no built-in auto-scroll"),
        compose: .close(
            "LaunchedEffect { while (true) { delay(ms); animateScrollToPage(...) } }",
            note: "no built-in auto-scroll"
        ),
        flutter: .close(
            "Timer.periodic with PageController.animateToPage (nextPage in a loop)",
            note: "no built-in auto-scroll"
        ),
        swiper: .exact("autoplay: { delay: ms }"),
        embla: .exact("the Autoplay plugin: Autoplay({ delay: ms })"),
        splide: .exact("autoplay: true, interval: ms")
    )
}
