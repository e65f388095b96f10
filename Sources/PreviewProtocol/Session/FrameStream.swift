import CarouselCore

/// The numbered frames a session sends: what its viewers last saw, so a live tick sends a frame
/// only when something visible changed, and the input the next frame answers.
struct FrameStream {
    private var seq = 0
    /// What viewers last saw.
    private var lastSent: Frame?
    /// The last input applied since the previous frame, named in the next one.
    private var pendingInput: AppliedInput?

    init() {}

    /// After `seq` frames, the last of which showed what `shown` shows (a checkpoint's stream).
    init(seq: Int, shown: Frame?) {
        self.seq = seq
        lastSent = seq == 0 ? nil : shown
    }

    /// Frames sent so far.
    var sentCount: Int { seq }

    /// Whether the viewers have seen everything `frame` would show, with no input left to answer:
    /// a stream restored with `frame` as the last one sent sends what this one does.
    func hasShown(_ frame: Frame) -> Bool {
        pendingInput == nil && (seq == 0 || !isVisibleChange(frame))
    }

    /// The next frame answers `input`.
    mutating func answer(_ input: AppliedInput) {
        pendingInput = input
    }

    /// Whether viewers would see a difference from the frame they last got (events are one).
    func isVisibleChange(_ frame: Frame) -> Bool {
        guard let lastSent else { return true }
        return !frame.events.isEmpty || frame.slots != lastSent.slots || frame.phase != lastSent.phase
            || frame.currentIndex != lastSent.currentIndex || frame.itemCount != lastSent.itemCount
            || frame.autoScroll.state != lastSent.autoScroll.state
            || frame.autoScroll.pauseReasons != lastSent.autoScroll.pauseReasons
    }

    /// `frame` as the next message, at session time `time`.
    mutating func message(for frame: Frame, at time: Duration) -> FrameMessage {
        seq += 1
        lastSent = frame
        defer { pendingInput = nil }
        return FrameMessage(seq: seq, time: time.milliseconds, frame: frame, input: pendingInput)
    }
}
