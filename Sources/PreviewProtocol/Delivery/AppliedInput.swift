import PreviewWire

/// Which input message a frame applied.
public struct AppliedInput: Equatable, Sendable {
    /// The session-local id of the client that sent it.
    public var client: Int
    /// The client's `seq`, if it sent one.
    public var seq: Int?
    /// What the finger was, when the input was a pointer message that said.
    public var pointerType: PointerType?
    /// Whether the input was a wheel message: a gesture that began with it was a wheel's.
    public var isWheel: Bool
    /// The session time the input went in at, told to the page that stamped it (an engine stream's
    /// answer): its batch may end later, with time gathered after it.
    public var givenAt: Duration?

    /// Names an input message.
    public init(client: Int, seq: Int?, pointerType: PointerType? = nil, isWheel: Bool = false) {
        self.client = client
        self.seq = seq
        self.pointerType = pointerType
        self.isWheel = isWheel
    }
}

extension AppliedInput {
    /// The object a `frame`'s or an `engine` message's `input` is: who, their `seq`, and with what.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("client"); writer.integer(client)
        writer.key("seq"); writer.integer(seq)
        // Only when said, so frames of clients that do not say stay as they were.
        if let pointerType {
            writer.key("pointerType"); writer.string(pointerType.rawValue)
        }
        if isWheel { writer.key("wheel"); writer.bool(true) }
        if let givenAt { writer.key("at"); writer.number(givenAt.milliseconds) }
        writer.endObject()
    }
}
