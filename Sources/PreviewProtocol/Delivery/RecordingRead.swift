import PreviewRecording

/// A recording a viewer sent for a live replay, to be read off the event loop: a recording at the
/// limits (16 MiB, 200,000 steps) takes seconds to read, which every other viewer would wait. The
/// hub hands it to the transport as a `readRecording` action; the transport reads it on a thread
/// of its own (`read()`) and gives the outcome to the hub's `recordingRead`, which plays it.
public struct RecordingRead: Equatable, Sendable {
    /// The connection that sent it, and its session.
    public let connection: Int
    public let session: String
    /// The recording as the viewer sent it.
    public let text: String
    /// The speed the viewer asked for.
    public let speed: Double

    /// Reads the text as a recording: the work the event loop must not do.
    public func read() -> Result<Recording, RecordingError> {
        Result { () throws(RecordingError) in try Recording(text: text) }
    }
}

/// A `RecordingRead` and what its reading made of it.
public struct RecordingReadOutcome: Sendable {
    public let read: RecordingRead
    public let result: Result<Recording, RecordingError>

    public init(read: RecordingRead, result: Result<Recording, RecordingError>) {
        self.read = read
        self.result = result
    }
}
