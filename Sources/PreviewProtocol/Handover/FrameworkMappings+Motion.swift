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
            swiper: .close(
                "freeMode: { momentumRatio }",
                note: "free mode only; measured on the tuned strip up to one item and 27 px off the preview's rest"
                    + " (flicks of 3,000 px/s and more)"
            ),
            embla: .none(
                note: "Embla's coast has no rate: measured on the tuned strip, flicks back coast two items further,"
                    + " to the end"
            ),
            splide: .close(
                "flickPower",
                note: "how far a flick runs, not a rate; measured on the tuned strip on the preview's item, within"
                    + " 1.5 px but for an edge pull (6 px) and a flick of 8,000 px/s (108 px further)"
            )
        ),
        "flickVelocity": FrameworkRow(
            swiftUI: .none(note: "the system decides when a swipe moves on"),
            uiKit: .none(note: "the system decides; scrollViewWillEndDragging's targetContentOffset can"),
            compose: .none(note: "Compose's fling threshold is its own (MinFlingVelocityDp, 400 dp/s)"),
            flutter: .close("a ScrollPhysics with minFlingVelocity", note: "logical pixels a second"),
            swiper: .none(
                note: "Swiper decides by distance and time (threshold, longSwipesRatio); measured resting where"
                    + " the preview does on every corpus take of banner and paged"
            ),
            embla: .none(note: "Embla decides by the drag's force"),
            splide: .none(
                note: "Splide 4 has no threshold (flickVelocityThreshold went in v3): a flick goes to the release"
                    + " position plus velocity × flickPower, rounded to the nearest slide; measured staying put on"
                    + " flicks of 300 px/s (1,000 px/s on paged) that the preview moves on"
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
            swiper: .close(
                "one slide a swipe (slidesPerGroup a page)",
                note: "exact only for one item: measured on the strip (3) moving 1 where the preview moves 2, 2 for 4"
            ),
            embla: .close(
                "skipSnaps: n > 1",
                note: "on or off, not a count; measured one item short of the preview on flicks of 8,000 px/s"
            ),
            splide: .close(
                "flickMaxPages",
                note: "viewport lengths from the release position, not items from the next: measured one item"
                    + " further than the preview on banner flicks of 3,000 and 8,000 px/s"
            )
        ),
        "springFrequency": FrameworkRow(
            swiftUI: .none(note: "scroll targets settle with the system's animation"),
            uiKit: .none(note: "paging settles with the system's animation"),
            compose: .exact("snapAnimationSpec = spring(dampingRatio = 1f, stiffness = w²)"),
            flutter: .exact("a ScrollPhysics whose spring is SpringDescription(mass: 1, stiffness: w², damping: 2w)"),
            swiper: .close(
                "speed (ms)",
                note: "a fixed-length transition, not a spring: measured 333-350 ms after every release, where the"
                    + " preview settles in 0-370 ms, the sooner the faster the release"
            ),
            embla: .close(
                "duration",
                note: "scrollTo's speed only: a release after a drag runs at Embla's fixed speed, measured settling"
                    + " in 770-1570 ms where the preview takes 130-370 ms"
            ),
            splide: .close(
                "speed (ms) and easing",
                note: "a fixed-length transition, not a spring: measured 317-350 ms after every release (530-750 ms"
                    + " in free scroll), where the preview settles in 0-370 ms"
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
