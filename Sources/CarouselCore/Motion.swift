/// What moves the content right now.
enum Motion: Equatable, Sendable {
    /// Nothing: the content sits exactly on the current item's snap point.
    case resting
    /// A finger.
    case dragging(Drag)
    /// A spring toward the origin item's snap point.
    case animating(Animation)
}

/// A finger holding the content. Positions are measured from the carousel's origin item, which
/// is the item where the gesture began.
struct Drag: Equatable, Sendable {
    /// The pointer that owns the drag.
    let pointerID: Int
    /// The content's displacement when the finger went down.
    let startDisplacement: Double
    /// The finger travel that would produce `startDisplacement` without resistance, so a grab in
    /// the rubber band continues without a jump.
    let startTravel: Double
    /// The pointer's coordinate along the axis when it went down.
    let grabCoordinate: Double
    /// The pointer's latest coordinate along the axis.
    var coordinate: Double
    /// The pointer's recent samples.
    var tracker = VelocityTracker()

    /// How far the finger moved the content, ignoring resistance (positive toward higher indices).
    var travel: Double { startTravel + (grabCoordinate - coordinate) }
}

/// A spring carrying the content to the origin item's snap point.
struct Animation: Equatable, Sendable {
    /// The motion, as an offset from the target.
    let spring: Spring
    /// Steps since the spring started.
    var elapsedSteps = 0
    /// Whether auto-scroll started it (and so it is no user motion that pauses auto-scroll).
    let isAutomatic: Bool

    /// Seconds since the spring started.
    var elapsed: Double { Double(elapsedSteps) * StepClock.stepSeconds }
}
