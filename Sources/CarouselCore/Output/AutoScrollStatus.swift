/// The auto-scroll timer as a user would describe it.
public struct AutoScrollStatus: Equatable, Sendable {
    /// Whether the timer can fire.
    public enum State: String, Equatable, Sendable {
        /// Switched off, or fewer than two items.
        case stopped
        /// Counting idle time.
        case running
        /// Switched on, but held by at least one pause reason.
        case paused
    }

    /// Whether the timer can fire.
    public var state: State
    /// What holds a paused timer; empty unless `state` is `paused`.
    public var pauseReasons: PauseReasons
    /// Idle time left before the next advance.
    public var remaining: Duration

    /// A status with every field given.
    public init(state: State, pauseReasons: PauseReasons, remaining: Duration) {
        self.state = state
        self.pauseReasons = pauseReasons
        self.remaining = remaining
    }
}

/// What holds auto-scroll back. A set without allocation, so the per-step path stays allocation free.
public struct PauseReasons: OptionSet, Equatable, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: Int

    /// Creates the set from raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A finger is down on the carousel.
    public static let pointerDown = PauseReasons(rawValue: 1 << 0)
    /// A motion the user started (a release, a command) has not settled yet.
    public static let userMotion = PauseReasons(rawValue: 1 << 1)
    /// Every viewer has hidden the carousel.
    public static let hidden = PauseReasons(rawValue: 1 << 2)

    /// Each reason with its name, in a stable order, for renderers and logs.
    public static let named: [(name: String, reason: PauseReasons)] = [
        ("pointerDown", .pointerDown), ("userMotion", .userMotion), ("hidden", .hidden),
    ]
}
