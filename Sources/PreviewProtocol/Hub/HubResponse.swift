/// What the hub answers a transport event with: what to send or close, and when it next needs a
/// `tick`, so the event loop never has to ask.
public struct HubResponse: Equatable, Sendable {
    /// The actions to perform, in order.
    public var actions: [TransportAction]
    /// When `tick` is next needed, in hub time; `nil` when no time-driven change is due. After a
    /// `tick` it covers every session; after another event, the one session that event touched
    /// (the others are as they were, so a deadline the caller holds for them still stands).
    public var nextDeadline: Duration?

    public init(actions: [TransportAction], nextDeadline: Duration?) {
        self.actions = actions
        self.nextDeadline = nextDeadline
    }
}
