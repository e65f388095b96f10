/// The input a frame names (protocol: a frame's `input`): which viewer's message the engine took
/// last, its `seq`, and what gave it. A page tells who started a gesture by it (the event log, the
/// timeline's marks), so the stream follower names, with every frame it draws, the input the
/// session's engine or this page's own finger took last.
public struct StreamInput: Equatable, Sendable {
    /// What gave the input: a pointer, as the browser's `pointerType` says, or a wheel. The raw
    /// value is the module's code for it (-1: unsaid).
    public enum Device: Int32, Sendable, CaseIterable {
        case mouse = 0
        case touch = 1
        case pen = 2
        case wheel = 3
    }

    /// The viewer's client number.
    public var client: Int64
    /// The `seq` its message carried, if it carried one.
    public var seq: Int64?
    /// What gave it, when the message said (a wheel, a pointer's `pointerType`; a command says none).
    public var device: Device?

    public init(client: Int64, seq: Int64?, device: Device?) {
        self.client = client
        self.seq = seq
        self.device = device
    }
}
