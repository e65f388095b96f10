import RealModule

/// A critically damped spring, `u(t) = (u0 + (v0 + w u0) t) e^(-w t)`, where `u` is the offset
/// from the target. It starts with the caller's velocity, so a release never jumps in speed.
///
/// It never overshoots: when the start velocity would carry the content past the target, the
/// angular frequency is raised to `|v0 / u0|`, which turns the motion into a pure exponential
/// approach with the same start velocity.
struct Spring: Equatable, Sendable {
    /// Offset from the target at which the spring may stop...
    static let restDistance = 0.5
    /// ...provided it is also slower than this (pt/s), so the final snap is under a tenth of a point
    /// per frame of motion that would have remained.
    static let restSpeed = 30.0

    /// Offset from the target when the motion started.
    let initialOffset: Double
    /// Velocity when the motion started, in points per second.
    let initialVelocity: Double
    /// The angular frequency actually used, after any raise that prevents an overshoot.
    let angularFrequency: Double

    /// Creates the spring, raising `angularFrequency` when the velocity would overshoot the target,
    /// or carry the content more than `maximumExcursion` further away from it.
    init(offset: Double, velocity: Double, angularFrequency: Double, maximumExcursion: Double = .infinity) {
        initialOffset = offset
        initialVelocity = velocity
        var frequency = angularFrequency
        if offset * velocity < 0 {
            // u crosses zero at t = -u0 / (v0 + w u0); that lies in the future exactly when the
            // velocity carries the offset past the target faster than the spring itself would.
            if (velocity + frequency * offset) * offset < 0 { frequency = abs(velocity / offset) }
        } else if velocity != 0 {
            // Moving away (a release already on or past its clamped target): the content travels at
            // most |v0| / (e w) further before it turns, so bound that instead of bouncing far out.
            frequency = max(frequency, abs(velocity) / (Double.exp(1) * maximumExcursion))
        }
        self.angularFrequency = frequency
    }

    /// The offset from the target `time` seconds after the start.
    func offset(at time: Double) -> Double {
        let w = angularFrequency
        return (initialOffset + (initialVelocity + w * initialOffset) * time) * Double.exp(-w * time)
    }

    /// The velocity `time` seconds after the start, in points per second.
    func velocity(at time: Double) -> Double {
        let w = angularFrequency
        let slope = initialVelocity + w * initialOffset
        return (slope - w * (initialOffset + slope * time)) * Double.exp(-w * time)
    }

    /// Whether the motion is close and slow enough at `time` to end exactly on the target.
    func isAtRest(at time: Double) -> Bool {
        abs(offset(at: time)) <= Self.restDistance && abs(velocity(at: time)) <= Self.restSpeed
    }
}
