/// A token bucket per connection: a burst of `rate` messages, refilled at `rate` per second.
/// A client over the limit is told at most once a second, not once per dropped message.
struct RateLimiter: Equatable, Sendable {
    /// People drag and click; 1000 messages a second is far above any hand.
    static let liveRate = 1000.0
    /// A manual clock is driven by programs that send the next message as soon as a frame comes
    /// back; they get twenty times as much room.
    static let manualRate = 20_000.0
    static let warningInterval = Duration.seconds(1)
    /// `name`, `variant`, `record`, `export` and replay `seek` messages a session takes a second
    /// from all its viewers together.
    static let broadcastRate = 20.0

    /// What a viewer is told when a `type` message went over `broadcastRate`.
    static func broadcastRefusal(for type: String) -> String {
        "a session takes at most \(Int(broadcastRate)) name, variant, record, export and replay seek messages a second, from all its viewers together; this \(type) message was dropped"
    }

    let rate: Double
    private var tokens: Double
    private var lastRefill: Duration
    private var lastWarning: Duration?

    init(rate: Double, now: Duration) {
        self.rate = rate
        tokens = rate
        lastRefill = now
    }

    /// What to do with a message arriving at `now`.
    enum Decision: Equatable { case accept, rejectAndWarn, rejectSilently }

    mutating func admit(at now: Duration) -> Decision {
        let elapsed = (now - lastRefill).milliseconds / 1000
        tokens = min(rate, tokens + max(0, elapsed) * rate)
        lastRefill = now
        guard tokens >= 1 else {
            if let lastWarning, now - lastWarning < Self.warningInterval { return .rejectSilently }
            lastWarning = now
            return .rejectAndWarn
        }
        tokens -= 1
        return .accept
    }
}
