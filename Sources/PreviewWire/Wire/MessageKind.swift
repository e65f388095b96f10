/// The kinds of client message, each described once: its `type` on the wire, whether it carries a
/// `seq` the frame it makes echoes, whether it waits while a replay plays in the session (it
/// would change the session, so it is refused until the replay ends), and the `action`s it takes.
/// The decoder, the hub and the page's schema module read this table.
public enum MessageKind: String, CaseIterable, Sendable {
    case pointer, wheel, command, configure, visibility, advance, ping, export, record, replay, name, image, variant,
        feel, render

    /// Whether the message may carry a `seq` that its frame's `input` echoes.
    public var carriesSeq: Bool {
        switch self {
        case .pointer, .wheel, .command, .configure, .visibility, .advance: true
        case .ping, .export, .record, .replay, .name, .image, .variant, .feel, .render: false
        }
    }

    /// Whether the message changes the session, so it is refused while a replay plays there.
    public var waitsForPlayback: Bool {
        switch self {
        case .pointer, .wheel, .command, .configure, .advance, .record: true
        case .visibility, .ping, .export, .replay, .name, .image, .variant, .feel, .render: false
        }
    }

    /// Whether the message makes its session one somebody used (an input to the carousel, a
    /// recording, a replay): such a session outlives its last viewer by the server's whole
    /// `--session-linger`; one that only ever had the others, by at most a few seconds.
    public var touchesSession: Bool {
        switch self {
        case .pointer, .wheel, .command, .configure, .advance, .record, .replay: true
        case .visibility, .ping, .export, .name, .image, .variant, .feel, .render: false
        }
    }

    /// Whether the session's journal keeps the message with its time: what moves the carousel or
    /// holds its auto-scroll, so a replay of the journal makes the same frames. The rest change
    /// nothing a replay draws (a recording and a replay are the hub's, a name the viewer list's).
    public var isJournaled: Bool {
        switch self {
        case .pointer, .wheel, .command, .configure, .visibility, .advance: true
        case .ping, .export, .record, .replay, .name, .image, .variant, .feel, .render: false
        }
    }

    /// The values its `action` member takes (`record` starts and stops; `replay` stops the replay
    /// playing), none for a kind without one.
    public var actions: [String] {
        switch self {
        case .record: ClientMessage.RecordAction.allCases.map(\.rawValue)
        case .replay: ClientMessage.ReplayAction.allCases.map(\.rawValue)
        case .variant: ClientMessage.VariantAction.allCases.map(\.rawValue)
        case .pointer, .wheel, .command, .configure, .visibility, .advance, .ping, .export, .name, .image, .feel,
            .render:
            []
        }
    }
}
