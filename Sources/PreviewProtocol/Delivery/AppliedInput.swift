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

    /// Names an input message.
    public init(client: Int, seq: Int?, pointerType: PointerType? = nil, isWheel: Bool = false) {
        self.client = client
        self.seq = seq
        self.pointerType = pointerType
        self.isWheel = isWheel
    }
}
