/// A token bucket per connection: a burst of `capacity` messages, refilled at `rate` per second.
/// A client over the limit is told at most once a second, not once per dropped message.
struct RateLimiter: Equatable, Sendable {
    static let capacity = 1000.0
    static let rate = 1000.0
    static let warningInterval = Duration.seconds(1)

    private var tokens = capacity
    private var lastRefill: Duration
    private var lastWarning: Duration?

    init(now: Duration) {
        lastRefill = now
    }

    /// What to do with a message arriving at `now`.
    enum Decision: Equatable { case accept, rejectAndWarn, rejectSilently }

    mutating func admit(at now: Duration) -> Decision {
        let elapsed = ConfigurationJSON.milliseconds(now - lastRefill) / 1000
        tokens = min(Self.capacity, tokens + max(0, elapsed) * Self.rate)
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
