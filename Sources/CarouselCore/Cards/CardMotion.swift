/// What moves the feed right now.
enum CardMotion: Equatable, Sendable {
    case resting
    case dragging(CardDrag)
    case animating(CardAnimation)
}

/// A finger holding the feed.
struct CardDrag: Equatable, Sendable {
    let pointerID: Int
    /// Where a release may rest, fixed when the finger went down.
    let stops: CardStops
    /// The scroll offset when the finger went down.
    let startScroll: Double
    /// The finger travel that would produce `startScroll` without resistance.
    let startTravel: Double
    let grabCoordinate: Double
    var coordinate: Double
    var tracker = VelocityTracker()

    /// The unresisted scroll offset the finger asks for.
    var travel: Double { startTravel + (grabCoordinate - coordinate) }
}

/// A spring carrying the feed to `target`.
struct CardAnimation: Equatable, Sendable {
    let spring: Spring
    let target: Double
    var elapsedSteps = 0

    var elapsed: Double { Double(elapsedSteps) * StepClock.stepSeconds }
}
