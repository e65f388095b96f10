/// When the event loop's next tick is due, kept on an absolute grid so ticks do not drift, and how
/// late the latest one ran. Pure: it is told the time.
struct TickScheduler: Sendable {
    let interval: Duration
    /// The deadline of the next tick.
    private(set) var next: Duration
    /// The latest any tick ran behind its deadline.
    private(set) var maximumLag = Duration.zero

    /// A schedule whose first tick is one interval after `start`.
    init(interval: Duration, start: Duration) {
        self.interval = interval
        next = start + interval
    }

    /// A tick ran at `now`: records its lag and moves the deadline one interval on. A loop that fell
    /// a whole interval behind starts a fresh grid from `now` instead of ticking in a burst to catch up.
    mutating func ran(at now: Duration) {
        maximumLag = max(maximumLag, now - next)
        next += interval
        if next < now { next = now + interval }
    }

    /// Ticks start again after the loop slept (nothing moved): the grid restarts from `now`, and the
    /// sleep is no lag.
    mutating func resume(at now: Duration) {
        next = now + interval
    }

    /// How long the loop may wait from `now` before the next tick: zero once it is due.
    func delay(from now: Duration) -> Duration {
        max(.zero, next - now)
    }
}
