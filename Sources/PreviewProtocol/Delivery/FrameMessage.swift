import CarouselCore

/// A frame as sent to viewers: the engine's frame, the session's frame counter and time, and the
/// input message it applied.
public struct FrameMessage: Equatable, Sendable {
    /// Grows by one per frame of the session.
    public var seq: Int
    /// The session's time in ms.
    public var time: Double
    /// What the engine drew.
    public var frame: Frame
    /// The client and `seq` of the last input message this frame applied.
    public var input: AppliedInput?

    /// Creates a frame message.
    public init(seq: Int, time: Double, frame: Frame, input: AppliedInput?) {
        self.seq = seq
        self.time = time
        self.frame = frame
        self.input = input
    }

    /// Whether replacing `older` with this frame loses nothing: `older` has no events, and no
    /// input this frame would not name in its place.
    func carriesEverything(of older: FrameMessage) -> Bool {
        older.frame.events.isEmpty && (older.input == nil || input != nil)
    }

    /// The most events a frame merged for a slow reader carries: the latest. A reader stuck for
    /// minutes would otherwise hold a frame as long as everything that happened meanwhile, and each
    /// merge would copy it all again.
    static let maximumMergedEvents = 4096

    /// Folds in the events of an older frame this one replaces, so a slow reader loses frames
    /// but no recent events.
    func absorbing(_ older: FrameMessage) -> FrameMessage {
        var merged = self
        let events = older.frame.events + frame.events
        merged.frame.events =
            events.count <= Self.maximumMergedEvents ? events : Array(events.suffix(Self.maximumMergedEvents))
        if merged.input == nil { merged.input = older.input }
        return merged
    }
}
