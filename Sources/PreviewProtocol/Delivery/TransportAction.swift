import PreviewWire

/// What the hub asks the transport to do; the transport performs it on the event loop.
public enum TransportAction: Equatable, Sendable {
    /// Queue a message for one connection.
    case send(connection: Int, OutgoingMessage)
    /// Close one connection with a WebSocket close code, after what is queued for it.
    case close(connection: Int, code: UInt16, reason: String)
    /// Draw a recording as an animated image, off the event loop; the outcome comes back to the
    /// hub's `rendered`.
    case render(RenderRequest)
    /// Stop drawing the render with this ticket (its viewer left): its worker is killed, and its
    /// outcome, if one still comes, is dropped.
    case cancelRender(ticket: Int)
    /// Read a recording for a live replay, off the event loop; the outcome comes back to the hub's
    /// `recordingRead`.
    case readRecording(RecordingRead)
    /// Judge an uploaded image, off the event loop; the outcome comes back to the hub's `imageChecked`.
    case checkImage(ImageCheck)
}

/// A message on its way to one connection, encoded once however many viewers share it. A class:
/// one broadcast is queued for every viewer, and each queue holds a reference, not a copy.
public final class OutgoingMessage: Equatable, Sendable {
    /// The frame, when this is one: a newer frame may replace it in a slow reader's queue.
    public let frame: FrameMessage?
    /// Whether this is a viewer count, which a newer count makes stale.
    let isViewerCount: Bool
    /// Whether this frame (or count) waits in a slow reader's queue rather than merge into a newer
    /// one, up to `Outbox.manualBacklog` waiting: a manual clock's test wants every frame. Decided
    /// by the hub, which knows the session's clock.
    public let keepsEveryFrame: Bool
    /// The shared text; nil for a frame merged for one slow reader, encoded only when written.
    private let encodedText: String?
    /// The text's length in bytes (a merged frame's, estimated from the newest frame it holds):
    /// what the message counts against its reader's queue budget (`Outbox.maximumBytes`).
    package let byteCount: Int

    /// The text to send.
    public var text: String { encodedText ?? ServerMessage.frame(frame!).encoded }

    /// Whether a newer message of the same kind may take this one's place while it waits: frames
    /// and viewer counts describe current state, everything else must arrive as sent.
    var mayCoalesce: Bool { frame != nil || isViewerCount }

    /// Whether this is a session's configuration and items, which a newer one makes stale.
    let isConfiguration: Bool

    package init(_ message: ServerMessage, keepsEveryFrame: Bool = false) {
        if case .frame(let frame) = message { self.frame = frame } else { frame = nil }
        if case .viewers = message { isViewerCount = true } else { isViewerCount = false }
        if case .config = message { isConfiguration = true } else { isConfiguration = false }
        self.keepsEveryFrame = keepsEveryFrame
        let text = message.encoded
        encodedText = text
        byteCount = text.utf8.count
    }

    /// A frame merged from others in one slow reader's queue. A reader that stays behind may see
    /// many merges before it takes the message, so the text waits until then.
    private init(merged frame: FrameMessage, keepsEveryFrame: Bool, byteCount: Int) {
        self.frame = frame
        isViewerCount = false
        isConfiguration = false
        self.keepsEveryFrame = keepsEveryFrame
        encodedText = nil
        self.byteCount = byteCount
    }

    /// What to queue in this waiting message's place when `newer` arrives for a reader who has not
    /// seen it yet; nil when the two are not of the same kind. Usually the newer message carries
    /// everything and goes in as it is; a frame whose events or input would be lost is merged.
    func superseded(by newer: OutgoingMessage) -> OutgoingMessage? {
        if isViewerCount && newer.isViewerCount { return newer }
        guard let frame, let newerFrame = newer.frame else { return nil }
        return newerFrame.carriesEverything(of: frame)
            ? newer
            : Self.merging(newerFrame.absorbing(frame), over: newer)
    }

    /// A merged frame in `newer`'s place; its size is the newer frame's and a few bytes for each
    /// event it carries besides.
    private static func merging(_ merged: FrameMessage, over newer: OutgoingMessage) -> OutgoingMessage {
        let addedEvents = merged.frame.events.count - (newer.frame?.frame.events.count ?? 0)
        return OutgoingMessage(
            merged: merged,
            keepsEveryFrame: newer.keepsEveryFrame,
            byteCount: newer.byteCount + 64 * max(0, addedEvents)
        )
    }

    public static func == (lhs: OutgoingMessage, rhs: OutgoingMessage) -> Bool {
        lhs.frame == rhs.frame && lhs.text == rhs.text
    }
}

extension TransportAction {
    /// An error for one connection: what a refused message is answered with.
    static func error(_ error: ProtocolError, to connection: Int) -> TransportAction {
        .send(connection: connection, OutgoingMessage(.error(error)))
    }
}
