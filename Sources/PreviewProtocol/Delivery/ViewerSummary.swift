import PreviewWire

/// One viewer as the `viewers` message lists it: its client number and the input it last dragged
/// with (nil until it sends a pointer message that names one), and the short name it gave itself.
public struct ViewerSummary: Equatable, Sendable {
    public let client: Int
    public let input: PointerType?
    public let name: ViewerName?

    public init(client: Int, input: PointerType?, name: ViewerName? = nil) {
        self.client = client
        self.input = input
        self.name = name
    }
}
