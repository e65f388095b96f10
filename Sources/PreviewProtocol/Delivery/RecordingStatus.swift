/// A recording under way: who started it, at which session time (ms). A joiner learns it from
/// its welcome, the others from the `record` messages.
public struct RecordingStatus: Equatable, Sendable {
    public let client: Int
    public let time: Double
}
