/// Turns the caller's durations into whole fixed steps, keeping the remainder, so the engine's
/// result never depends on how the caller slices time. Arithmetic is exact (attoseconds), so
/// 3 x 10 ms and 1 x 30 ms are the same 7 steps and 2 ms of remainder.
struct StepClock: Equatable, Sendable {
    /// The fixed step: 4 ms, finer than a 120 Hz display's frame.
    static let step = Duration.milliseconds(4)
    /// The step in seconds, for the physics.
    static let stepSeconds = 0.004

    /// Time taken toward the next whole step.
    private(set) var pending = Duration.zero

    /// A clock that has already taken `pending` toward its next step (a checkpoint's).
    init(pending: Duration = .zero) {
        self.pending = pending
    }

    /// Adds `duration` (negative durations add nothing) and returns how many whole steps are due.
    /// Step counts are `Int64` everywhere: `Int` is 32 bits in the page's WebAssembly engine, and
    /// a long `advance` must leave the same remainder there as on the server.
    mutating func take(_ duration: Duration) -> Int64 {
        guard duration > .zero else { return 0 }
        pending += duration
        let steps = Self.steps(in: pending, roundingUp: false)
        pending -= Self.step * steps
        return steps
    }

    /// How many steps fit in `duration`, exactly.
    static func steps(in duration: Duration, roundingUp: Bool) -> Int64 {
        let total = attoseconds(of: duration)
        let stepLength = attoseconds(of: step)
        var steps = total / stepLength
        if roundingUp, total % stepLength > 0 { steps += 1 }
        return Int64(clamping: steps)
    }

    private static func attoseconds(of duration: Duration) -> Int128 {
        let (seconds, attoseconds) = duration.components
        return Int128(seconds) * 1_000_000_000_000_000_000 + Int128(attoseconds)
    }
}
