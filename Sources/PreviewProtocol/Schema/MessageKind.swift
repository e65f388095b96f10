/// The kinds of client message, each described once: its `type` on the wire, whether it carries a
/// `seq` the frame it makes echoes, and whether it waits while a replay plays in the session (it
/// would change the session, so it is refused until the replay ends). The decoder, the hub and the
/// page's schema module read this table.
public enum MessageKind: String, CaseIterable, Sendable {
    case pointer, command, configure, visibility, advance, ping, export, record, replay, name

    /// Whether the message may carry a `seq` that its frame's `input` echoes.
    public var carriesSeq: Bool {
        switch self {
        case .pointer, .command, .configure, .visibility, .advance: true
        case .ping, .export, .record, .replay, .name: false
        }
    }

    /// Whether the message changes the session, so it is refused while a replay plays there.
    public var waitsForPlayback: Bool {
        switch self {
        case .pointer, .command, .configure, .advance, .record: true
        case .visibility, .ping, .export, .replay, .name: false
        }
    }
}
