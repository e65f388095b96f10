/// One viewer as the `viewers` message lists it: its client number and the input it last dragged
/// with (nil until it sends a pointer message that names one).
public struct ViewerSummary: Equatable, Sendable {
    public let client: Int
    public let input: PointerType?

    public init(client: Int, input: PointerType?) {
        self.client = client
        self.input = input
    }
}
