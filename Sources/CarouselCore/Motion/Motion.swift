/// What moves the content right now.
enum Motion: Equatable, Sendable {
    /// Nothing: the content sits exactly on a snap point, or, with free scroll, wherever its last
    /// motion left it within the bounds.
    case resting
    /// A finger.
    case dragging(Drag)
    /// A spring toward a snap point.
    case animating(Animation)
    /// Free scroll's deceleration after a release, which rests wherever it stops.
    case coasting(Coasting)
}

extension Motion {
    /// The motion as a frame reports it.
    var phase: Phase {
        switch self {
        case .resting: .idle
        case .dragging: .dragging
        // A coast is an animation to every reader of frames: it has a target (where it stops) and
        // ends with `settled`, so the page and the timeline need no phase of their own for it.
        case .animating, .coasting: .animating
        }
    }
}

/// A finger holding the content.
struct Drag: Equatable, Sendable {
    /// The animation a grab caught, so a quick second flick the same way goes one beyond it.
    struct Caught: Equatable, Sendable {
        /// Where the caught animation was heading.
        let target: Double
        /// Which way it was heading.
        let direction: Direction
    }

    /// The pointer that owns the drag.
    let pointerID: Int
    /// The content's position when the finger went down.
    let startPosition: Double
    /// The finger travel that would produce `startPosition` without resistance, so a grab in the
    /// rubber band continues without a jump.
    let startTravel: Double
    /// The pointer's coordinate along the axis when it went down.
    let grabCoordinate: Double
    /// The pointer's latest coordinate along the axis.
    var coordinate: Double
    /// The animation the finger caught, if it caught one.
    let caught: Caught?
    /// The pointer's recent samples.
    var tracker = VelocityTracker()
    /// For a wheel's drag (no finger), the range of positions it may drag within and release to:
    /// one snap point either way of where it began. `nil` for a finger.
    var wheelReach: ClosedRange<Double>? = nil

    /// Whether a wheel, not a finger, drives the drag.
    var isWheel: Bool { wheelReach != nil }

    /// Where the finger asks the content to be, ignoring resistance: a finger moving toward lower
    /// coordinates moves the content forward.
    var travel: Double { startTravel + (grabCoordinate - coordinate) }
}

/// A spring carrying the content to `target`.
struct Animation: Equatable, Sendable {
    /// The motion, as an offset from the target.
    let spring: Spring
    /// The snap point it ends on.
    let target: Double
    /// Whether auto-scroll started it (and so it is no user motion that pauses auto-scroll).
    let isAutomatic: Bool
    /// Steps since the spring started.
    var elapsedSteps = 0

    /// Seconds since the spring started.
    var elapsed: Double { Double(elapsedSteps) * StepClock.stepSeconds }
}

/// A coast carrying the content on after a free-scroll release, and, when it meets an end of a
/// finite strip before it stops, the spring that turns it back onto that end (UIScrollView's bounce).
struct Coasting: Equatable, Sendable {
    /// The deceleration curve.
    var coast: Coast
    /// The step at which the coast ends: where the curve stops, or where it first reaches the end
    /// it bounces on.
    let endStep: Int
    /// The spring that takes over at `endStep` when the coast meets an end; `nil` when it stops.
    var bounce: Animation?
    /// Steps since the coast started.
    var elapsedSteps = 0

    /// Where the motion comes to rest: the end it bounces on, or where the curve stops.
    var target: Double { bounce?.target ?? coast.position(atStep: endStep) }
}
