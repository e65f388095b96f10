/// How the items move: the coast, a flick's threshold and reach, the settle, the rubber band and
/// auto-scroll. The numbers are `FrameworkPhysics`'.
extension FrameworkMappings {
    static let motionRows: [String: FrameworkRow] = [
        "decelerationRate": FrameworkRow(
            swiftUI: .none(note: "SwiftUI has no deceleration rate: the system's is used (normal, 0.998)"),
            uiKit: .exact(
                "decelerationRate = .init(rawValue: r); iOS 17: orthogonalScrollingProperties.decelerationRate"
            ),
            compose: .exact(
                "PagerDefaults.flingBehavior(state, decayAnimationSpec = exponentialDecay(frictionMultiplier = f))"
            ),
            flutter: .close(
                "a ScrollPhysics whose ballistic simulation is BoundedFrictionSimulation(r^1000, ...)",
                note: "free scroll only: a pager's fling ends in its spring"
            ),
            swiper: .close("freeMode: { momentumRatio }", note: "free mode only"),
            embla: .none(note: "Embla's coast has no rate: a release runs at its own fixed speed"),
            splide: .close("flickPower", note: "how far a flick runs, not a rate; rounded to the nearest slide")
        ),
        "flickVelocity": FrameworkRow(
            swiftUI: .none(note: "the system decides when a swipe moves on"),
            uiKit: .none(note: "the system decides; scrollViewWillEndDragging's targetContentOffset can"),
            compose: .none(note: "Compose's fling threshold is its own (MinFlingVelocityDp, 400 dp/s)"),
            flutter: .close("a ScrollPhysics with minFlingVelocity", note: "logical pixels a second"),
            swiper: .none(note: "Swiper decides by distance and time (threshold, longSwipesRatio)"),
            embla: .none(note: "Embla decides by the drag's force"),
            splide: .none(
                note: "Splide 4 has no threshold (flickVelocityThreshold went in v3): a flick goes to the release"
                    + " position plus velocity × flickPower, rounded to the nearest slide"
            )
        ),
        "maxItemsPerFlick": FrameworkRow(
            swiftUI: .close(
                ".scrollTargetBehavior(.viewAligned(limitBehavior: .alwaysByOne))",
                note: "iOS 18, and only for one item; more is the system's reach"
            ),
            uiKit: .none(note: "groupPaging moves as far as the system's coast takes it"),
            compose: .exact("PagerSnapDistance.atMost(n)"),
            flutter: .close("PageView moves one page a fling", note: "exact only for one item"),
            swiper: .close("one slide a swipe (slidesPerGroup a page)", note: "exact only for one item"),
            embla: .close("skipSnaps: n > 1", note: "on or off, not a count"),
            splide: .close(
                "flickMaxPages",
                note: "counted from the release position, not the next item: measured one item further than the"
                    + " preview on banner flicks of 3,000 px/s"
            )
        ),
        "springFrequency": FrameworkRow(
            swiftUI: .none(note: "scroll targets settle with the system's animation"),
            uiKit: .none(note: "paging settles with the system's animation"),
            compose: .exact("snapAnimationSpec = spring(dampingRatio = 1f, stiffness = w²)"),
            flutter: .exact("a ScrollPhysics whose spring is SpringDescription(mass: 1, stiffness: w², damping: 2w)"),
            swiper: .close("speed (ms)", note: "a fixed-length transition, not a spring"),
            embla: .close(
                "duration",
                note: "scrollTo's speed only: a release after a drag runs at Embla's fixed speed, measured settling"
                    + " in 770-1570 ms where the preview takes 130-370 ms"
            ),
            splide: .close("speed (ms) and easing", note: "a fixed-length transition, not a spring")
        ),
        "rubberBand": FrameworkRow(
            swiftUI: .none(note: "the system's rubber band is used"),
            uiKit: .close(
                "orthogonalScrollingProperties.bounce (iOS 17)",
                note: "the system's rubber band, whatever the coefficient"
            ),
            compose: .none(note: "the platform's overscroll effect is used"),
            flutter: .close("BouncingScrollPhysics when coefficient > 0", note: "iOS's rubber band, on or off"),
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
        flutter: .close("Timer.periodic with PageController.nextPage", note: "no built-in auto-scroll"),
        swiper: .exact("autoplay: { delay: ms }"),
        embla: .exact("the Autoplay plugin: Autoplay({ delay: ms })"),
        splide: .exact("autoplay: true, interval: ms")
    )
}
