import PreviewWire

/// How long a session lives without viewers, and when it next needs the hub's tick.
extension Session {
    /// How long a session nobody touched outlives its last viewer, whatever the server's linger:
    /// long enough for a page to reload into it, too short for connect-and-leave to fill the table.
    package static let untouchedLinger = Duration.seconds(5)

    /// How long the session outlives its last viewer, given the server's `linger`.
    func linger(_ linger: Duration) -> Duration {
        hasHadInput ? linger : min(linger, Self.untouchedLinger)
    }

    /// Since when nobody watches; `nil` while someone does.
    var emptySince: Duration? { members.emptySince }

    /// Whether the session may be dropped: nobody has watched it for its linger (see `linger(_:)`).
    func hasExpired(at now: Duration, linger: Duration) -> Bool {
        guard let expiry = members.expiry(linger: self.linger(linger)) else { return false }
        return now >= expiry
    }

    /// When the session next needs a `tick`, in hub time: `nil` when letting time pass changes
    /// nothing here; `now` while something moves (or a recording, whose journal keeps the time,
    /// is under way), so ticks run on the frame grid; else when auto-scroll fires or the session
    /// expires. A server with nothing due sleeps. `owingTicksEvery`: no viewer draws frames, so
    /// the grid's ticks, that often, may be owed (`Session+OwedTicks`).
    mutating func nextTick(now: Duration, linger: Duration, owingTicksEvery interval: Duration? = nil) -> Duration? {
        let expiry = members.expiry(linger: self.linger(linger))
        guard clock == .live else { return expiry }
        // Changes held for the pages that follow go when their hold ends.
        let held = streamHeldSince.map { lastStep + max(.zero, $0 + EngineStream.hold - time) }
        // A checkpoint put off after a stamped input is taken once no input can go back past it.
        let putOff = checkpointPutOff.flatMap { $0 > time ? lastStep + ($0 - time) : nil }
        let release = Self.earlier(Self.earlier(held, putOff), viewersListDue)
        if let interval, !isRecording, !isShowingReplay {
            return oweTicks(now: now, every: interval, expiry: expiry, release: release)
        }
        owedTicks = nil
        if isRecording { return now }
        guard let wait = engine.timeUntilChange else { return Self.earlier(expiry, release) }
        let change = wait == .zero ? now : lastStep + wait
        return Self.earlier(min(change, expiry ?? change), release)
    }

    /// The earlier of two optional times, `nil` meaning never.
    static func earlier(_ first: Duration?, _ second: Duration?) -> Duration? {
        guard let first, let second else { return first ?? second }
        return min(first, second)
    }
}
