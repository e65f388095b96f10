/// What the hub asks the transport to do; the transport performs it on the event loop.
public enum TransportAction: Equatable, Sendable {
    /// Queue a message for one connection.
    case send(connection: Int, OutgoingMessage)
    /// Close one connection with a WebSocket close code, after what is queued for it.
    case close(connection: Int, code: UInt16, reason: String)
}

/// A message on its way to one connection, encoded once however many viewers share it.
public struct OutgoingMessage: Equatable, Sendable {
    /// The frame, when this is one: a newer frame may replace it in a slow reader's queue.
    public let frame: FrameMessage?
    /// The text to send.
    public let text: String

    init(_ message: ServerMessage) {
        if case .frame(let frame) = message { self.frame = frame } else { frame = nil }
        text = message.encoded
    }
}
