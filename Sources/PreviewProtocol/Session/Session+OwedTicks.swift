/// A live session whose frames no viewer draws (every page runs the engine from the stream) does
/// not wake the server on the frame grid: its ticks are owed, and run when it is next touched, a
/// message or the hub's next wake for what the pages that follow must get. The journal, the last
/// gesture and the checkpoints come out as if each tick had run on time; only the frames, which
/// nobody was sent, are not sent. One wake polls every connection the server holds, so sixty a
/// second cost a thousand watchers' server more than the messages they are sent.
extension Session {
    /// The next tick the frame grid owes, and the grid's interval.
    struct OwedTicks: Sendable {
        var next: Duration
        let interval: Duration
    }

    /// Runs the ticks owed up to `now` (one at `now` first: the grid's tick comes before the touch).
    mutating func runOwedTicks(until now: Duration) {
        while let owed = owedTicks, owed.next <= now {
            // Cleared first: the tick catches up to its time, which must not run it again.
            owedTicks = nil
            _ = frameTick(now: owed.next)
            owedTicks = followingTick(after: owed.next, every: owed.interval)
        }
    }

    /// When the frame grid ticks after a tick at `time`: an interval on while the engine moves, when
    /// auto-scroll fires while it rests; `nil` when letting time pass changes nothing.
    func followingTick(after time: Duration, every interval: Duration) -> OwedTicks? {
        guard let wait = engine.timeUntilChange else { return nil }
        return OwedTicks(next: wait == .zero ? time + interval : max(time, lastStep + wait), interval: interval)
    }

    /// Owes the frame grid's ticks from `now` on: when the hub must still wake (the session
    /// expires, held changes or a put-off checkpoint come due, or a second of time gathers for the
    /// heartbeat while the grid would tick).
    mutating func oweTicks(now: Duration, every interval: Duration, expiry: Duration?, release: Duration?) -> Duration?
    {
        if let following = followingTick(after: now, every: interval),
            owedTicks.map({ following.next < $0.next }) ?? true
        {
            owedTicks = following
        }
        let heartbeat = owedTicks.map { max($0.next, lastStep + (nextHeartbeat - time)) }
        let others = Self.earlier(expiry, release)
        // A wake for the time alone, which a loop ticking on the grid would not have woken for at rest.
        wakesForTimeAlone = heartbeat.map { beat in others.map { beat < $0 } ?? true } ?? false
        return Self.earlier(others, heartbeat)
    }
}
