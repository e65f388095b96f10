/// Free scroll's deceleration as a motion: UIKit's model (`Deceleration`), where every millisecond
/// the velocity keeps the fraction `d` of itself, sampled at the engine's fixed steps in closed form,
/// so every step's position is exact and deterministic and nothing accumulates:
/// after `n` ms the velocity is `v0 d^n` and the content has moved `v0 / 1000 * d (1 - d^n) / (1 - d)`,
/// which tends to `Deceleration.projectedDistance` as `n` grows.
///
/// It ends at the first step whose speed is at most `restSpeed`, exactly on the curve's position at
/// that step: the motion that would have remained is under a tenth of a point per 60 Hz frame, so
/// stopping there is no visible jump. It never drags on: a rate so close to 1 that it would take
/// longer than `maximumSteps` to slow down decelerates harder instead, just enough to stop in time
/// (as a spring is stiffened to rest within its budget).
struct Coast: Equatable, Sendable {
    /// The speed (pt/s) at which a coast stops: a tenth of a point per 60 Hz frame.
    static let restSpeed = 6.0
    /// The most steps a coast lasts: 8 s, longer than UIKit's normal rate takes to stop the
    /// fastest believed release (about 5 s).
    static let maximumSteps = 2000

    /// Where the content was when the coast began.
    var start: Double
    /// The velocity (pt/s) when the coast began.
    let initialVelocity: Double
    /// The natural logarithm of the fraction of velocity kept per millisecond (negative).
    let logRate: Double
    /// The step at which the coast ends (0: it never moves).
    let endStep: Int
    /// d and d - 1 (as e^logRate and expm1(logRate)): the same for every step, so computed once.
    private let rateFactor: Double
    private let rateLessOne: Double

    /// Creates the coast from `position` at `velocity` (pt/s) with the per-millisecond `rate`
    /// (0 < rate < 1). A speed of at most `restSpeed`, or one that is not finite, never moves.
    init(from position: Double, velocity: Double, rate: Double) {
        start = position
        let speed = abs(velocity)
        guard speed > Self.restSpeed, speed.isFinite, rate > 0, rate < 1 else {
            initialVelocity = 0
            logRate = -1
            endStep = 0
            // Never read: a coast that never moves has no displacement to compute.
            rateFactor = 0
            rateLessOne = 0
            return
        }
        initialVelocity = velocity
        let needed = Elementary.log(Self.restSpeed / speed)  // < 0: how far the speed must fall, in e-folds
        var logRate = Elementary.log(rate)
        // The first step k whose speed v0 d^(4k) is at most restSpeed.
        var steps = (needed / (4 * logRate)).rounded(.up)
        if !(steps <= Double(Self.maximumSteps)) {
            logRate = needed / (4 * Double(Self.maximumSteps))
            steps = Double(Self.maximumSteps)
        }
        self.logRate = logRate
        endStep = max(1, Int(steps))
        rateFactor = Elementary.exp(logRate)
        rateLessOne = Elementary.expm1(logRate)
    }

    /// Milliseconds per engine step.
    private static let millisecondsPerStep = StepClock.stepSeconds * 1000

    /// The distance travelled `step` steps after the start.
    func displacement(atStep step: Int) -> Double {
        guard initialVelocity != 0, step > 0 else { return 0 }
        let milliseconds = Double(step) * Self.millisecondsPerStep
        // d (1 - d^n) / (1 - d), written with expm1 so a rate near 1 keeps its precision.
        let sum = rateFactor * Elementary.expm1(milliseconds * logRate) / rateLessOne
        return initialVelocity / 1000 * sum
    }

    /// The position `step` steps after the start.
    func position(atStep step: Int) -> Double {
        start + displacement(atStep: step)
    }

    /// The velocity (pt/s) `step` steps after the start.
    func velocity(atStep step: Int) -> Double {
        guard initialVelocity != 0 else { return 0 }
        return initialVelocity * Elementary.exp(Double(step) * Self.millisecondsPerStep * logRate)
    }

    /// Where the coast stops.
    var end: Double { position(atStep: endStep) }

    /// The first step at which the coast has reached `limit` (a position ahead along its motion),
    /// or `nil` when it stops before it. Found from the closed form, then checked against the
    /// very positions the steps produce, so the step it names is the first to pass `limit`.
    func firstStep(reaching limit: Double) -> Int? {
        guard endStep > 0 else { return nil }
        let isForward = initialVelocity > 0
        func reaches(_ step: Int) -> Bool {
            isForward ? position(atStep: step) >= limit : position(atStep: step) <= limit
        }
        guard reaches(endStep) else { return nil }
        // 1 - d^n = distance * 1000 (1 - d) / (v0 d), so n = log(1 - that) / log d.
        let fraction = (limit - start) * 1000 * -rateLessOne / (initialVelocity * rateFactor)
        let milliseconds = Elementary.log1p(-min(max(fraction, 0), 1)) / logRate
        let estimate = (milliseconds / Self.millisecondsPerStep).rounded(.up)
        var step = estimate.isFinite ? Int(min(max(estimate, 0), Double(endStep))) : endStep
        while step > 0, reaches(step - 1) { step -= 1 }
        while step < endStep, !reaches(step) { step += 1 }
        return step
    }
}
