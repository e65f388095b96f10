/// A critically damped spring, `u(t) = (u0 + (v0 + w u0) t) e^(-w t)`, where `u` is the offset
/// from the target. It starts with the caller's velocity, so a release never jumps in speed.
///
/// It never overshoots: when the start velocity would carry the content past the target, the
/// angular frequency is raised to `|v0 / u0|`, which turns the motion into a pure exponential
/// approach with the same start velocity. And it never drags on: when the configured frequency
/// would take longer than the caller's budget to come to rest (a long way to go, or a fast start
/// away from the target), the frequency is raised until it rests within the budget.
struct Spring: Equatable, Sendable {
    /// Offset from the target at which the spring may stop...
    static let restDistance = 0.5
    /// ...provided it is also slower than this (pt/s), so the final snap is under a tenth of a point
    /// per frame of motion that would have remained.
    static let restSpeed = 30.0
    /// The stiffest the spring gets. Raising to `|v0 / u0|` with an offset of 1e-307 would be
    /// infinite, and `inf * 0` is NaN; at this bound an approach that does overshoot a hair-thin
    /// offset stays within `v0 / (e w)`, under a tenth of a point at 1,000 pt/s.
    static let maximumAngularFrequency = 4_000.0
    /// Euler's number, the Double nearest e (a literal, so no libm call decides its last bit).
    static let e = 2.718281828459045

    /// Offset from the target when the motion started.
    let initialOffset: Double
    /// Velocity when the motion started, in points per second.
    let initialVelocity: Double
    /// The angular frequency actually used, after any raise.
    let angularFrequency: Double

    /// Creates the spring.
    /// - Parameters:
    ///   - maximumExcursion: how much further away from the target a start velocity moving away
    ///     may carry the content before the spring turns it.
    ///   - duration: the time (s) within which the spring must come to rest.
    init(
        offset: Double,
        velocity: Double,
        angularFrequency: Double,
        maximumExcursion: Double = .infinity,
        restingWithin duration: Double = .infinity
    ) {
        initialOffset = offset
        initialVelocity = velocity
        var base = angularFrequency
        var frequency = Self.raised(
            angularFrequency,
            offset: offset,
            velocity: velocity,
            maximumExcursion: maximumExcursion
        )
        // Each raise by an eighth shortens the rest time by about as much; 80 cover 20 to 4,000 rad/s.
        for _ in 0..<80 where duration.isFinite {
            let candidate = Spring(offset: offset, velocity: velocity, exactly: frequency)
            if candidate.isAtRest(at: duration) || frequency >= Self.maximumAngularFrequency { break }
            base *= 1.125
            frequency = Self.raised(base, offset: offset, velocity: velocity, maximumExcursion: maximumExcursion)
        }
        self.angularFrequency = frequency
    }

    private init(offset: Double, velocity: Double, exactly angularFrequency: Double) {
        initialOffset = offset
        initialVelocity = velocity
        self.angularFrequency = angularFrequency
    }

    /// `frequency`, raised where the start would overshoot or wander off, within the stiffest bound.
    private static func raised(
        _ frequency: Double,
        offset: Double,
        velocity: Double,
        maximumExcursion: Double
    ) -> Double {
        var raised = frequency
        if offset * velocity < 0 {
            // u crosses zero at t = -u0 / (v0 + w u0); that lies in the future exactly when the
            // velocity carries the offset past the target faster than the spring itself would.
            if (velocity + frequency * offset) * offset < 0 { raised = abs(velocity) / abs(offset) }
        } else if velocity != 0, maximumExcursion > 0 {
            // Moving away (a release already on or past its target): the content travels at most
            // |v0| / (e w) further before it turns, so bound that instead of bouncing far out.
            raised = max(raised, abs(velocity) / (Self.e * maximumExcursion))
        }
        // A NaN never comes from finite inputs, but `min` keeps whatever is finite.
        return raised.isFinite ? min(raised, maximumAngularFrequency) : maximumAngularFrequency
    }

    /// The offset from the target and the velocity (points per second) `time` seconds after the
    /// start, sharing one exponential: a step needs both, and the exponential is most of its cost.
    func state(at time: Double) -> (offset: Double, velocity: Double) {
        let w = angularFrequency
        let decay = Elementary.exp(-w * time)
        // Past the point where the decay underflows, the motion is over; skip `inf * 0`.
        guard decay > 0 else { return (0, 0) }
        let slope = initialVelocity + w * initialOffset
        return ((initialOffset + slope * time) * decay, (slope - w * (initialOffset + slope * time)) * decay)
    }

    /// The offset from the target `time` seconds after the start.
    func offset(at time: Double) -> Double { state(at: time).offset }

    /// The velocity `time` seconds after the start, in points per second.
    func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// Whether a motion at `state` is close and slow enough to end exactly on the target.
    static func isAtRest(_ state: (offset: Double, velocity: Double)) -> Bool {
        abs(state.offset) <= restDistance && abs(state.velocity) <= restSpeed
    }

    /// Whether the motion is close and slow enough at `time` to end exactly on the target.
    func isAtRest(at time: Double) -> Bool { Self.isAtRest(state(at: time)) }
}
