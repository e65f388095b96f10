import CarouselCore
import PreviewRecording
import PreviewWire

/// A take driven through the engine under one configuration: a manual-clock session of it, resting
/// on the take's start item, takes its pointer messages at their recorded times (so a second flick
/// catches the first where it has got to), then steps at 60 frames a second until the motion the
/// last release started ends (or ten seconds pass). Each gesture's frames, from its down to the
/// next gesture's, are what its `FeelScore` measures.
public struct FeelRun: Sendable {
    /// The frame interval after the release: the display rate feel's smoothness measures assume.
    public static let frameMilliseconds = 1000.0 / 60
    /// How long after the release a motion may run before feel stops waiting for it to settle.
    public static let settleLimitMilliseconds = 10_000.0

    public let gesture: FeelGesture
    /// Every frame, from the one answering the first `down` to the settle (or the limit).
    public let frames: [FrameMessage]
    /// The indices in `frames` of the frames answering each gesture's `down` (or first wheel event),
    /// and its `up` (`cancel`, last wheel event).
    public let downFrames: [Int]
    public let releaseFrames: [Int]
    /// Each gesture's frames: from its down's to the next gesture's (never empty).
    public let gestureFrames: [Range<Int>]

    /// Runs `gesture` on `settings`' carousel (its items, or the layout's bundled ones cycled to its
    /// count).
    public init(_ gesture: FeelGesture, on settings: PreviewSettings) throws(RecordingError) {
        try gesture.check()
        self.gesture = gesture
        var session: Session
        do {
            session = try Session(
                name: "feel",
                clock: .manual,
                config: settings.config,
                itemCount: settings.items == nil ? settings.itemCount : nil,
                startItem: gesture.startItem,
                catalogs: settings.items.map {
                    ItemCatalogs.bundled.with($0, for: settings.config.configuration.layout)
                }
                    ?? .bundled,
                now: .zero
            )
        } catch {
            throw RecordingError("\(gesture.name): the settings cannot start a session: \(error)")
        }
        let client = session.join(now: .zero).client
        var frames: [FrameMessage] = []
        func send(_ message: ClientMessage) {
            for case .everyone(.frame(let frame)) in session.receive(message, from: client, now: .zero) {
                frames.append(frame)
            }
        }
        var previous = gesture.inputs[0].time
        var downs: [Int] = []
        var releases: [Int] = []
        let ranges = gesture.gestureRanges
        let (starts, ends) = (Set(ranges.map(\.lowerBound)), Set(ranges.map(\.upperBound)))
        for (index, input) in gesture.inputs.enumerated() {
            // Time between inputs passes a 60 Hz frame at a time, as a display shows it, so the
            // motion between two gestures is sampled as evenly as the motion after the last.
            var gap = input.time - previous
            while gap > 0 {
                let step = min(gap, Self.frameMilliseconds)
                send(.advance(milliseconds: step, seq: nil))
                gap -= step
            }
            previous = input.time
            let before = frames.count
            switch input.kind {
            case .pointer(let phase):
                send(.pointer(phase: phase, x: input.x, y: input.y, time: input.time, seq: nil))
            case .wheel:
                send(.wheel(dx: input.x, dy: input.y, time: input.time, seq: nil))
            }
            // A down always answers with a frame; a wheel event may not (the engine may wait for the
            // next one to tell a gesture's start), so its gesture starts at the next frame to come.
            if starts.contains(index) { downs.append(input.isWheel ? before : max(0, frames.count - 1)) }
            if ends.contains(index) { releases.append(max(frames.count - 1, downs.last ?? 0)) }
        }
        var waited = 0.0
        // Until the last gesture has a frame of its own and its motion has ended.
        while waited < Self.settleLimitMilliseconds, frames.count <= releases.last! {
            send(.advance(milliseconds: Self.frameMilliseconds, seq: nil))
            waited += Self.frameMilliseconds
        }
        guard frames.count > releases.last! else {
            throw RecordingError("\(gesture.name): the carousel never answered its inputs with a frame")
        }
        while waited < Self.settleLimitMilliseconds, !Self.hasEnded(frames[releases.last!...]) {
            send(.advance(milliseconds: Self.frameMilliseconds, seq: nil))
            waited += Self.frameMilliseconds
        }
        // Each gesture's frames, at least one: a gesture whose inputs moved nothing (a wheel across
        // the axis) has the frame the carousel stood at.
        let spans = downs.indices.map { index in
            let down = min(downs[index], frames.count - 1)
            let next = index + 1 < downs.count ? min(downs[index + 1], frames.count) : frames.count
            return down..<max(down + 1, next)
        }
        let released = zip(releases, spans).map { min(max($0, $1.lowerBound), $1.upperBound - 1) }
        self.frames = frames
        downFrames = spans.map(\.lowerBound)
        releaseFrames = released
        gestureFrames = spans
        let first = frames[0].frame
        let isVertical = settings.config.configuration.axis == .vertical
        let along = { (slot: SlotFrame) in isVertical ? slot.y : slot.x }
        let here = first.slots.first { $0.itemIndex == first.currentIndex }
        let next = first.slots.first {
            first.itemCount > 1 && $0.itemIndex == (first.currentIndex + 1) % first.itemCount
        }
        let pitch = here.flatMap { here in next.map { abs(along($0) - along(here)) } }
        let samples = frames.map(FeelSample.init)
        scores = spans.indices.map { index in
            FeelScore(
                gesture: "\(gesture.name) #\(index + 1)",
                samples: Array(samples[spans[index]]),
                release: released[index] - spans[index].lowerBound,
                pitch: pitch,
                itemCount: first.itemCount
            )
        }
    }

    /// How each gesture felt, in order.
    public let scores: [FeelScore]

    /// Whether the motion after the release has ended: a frame at rest, or one that settled or was
    /// interrupted.
    static func hasEnded(_ frames: ArraySlice<FrameMessage>) -> Bool {
        frames.contains { frame in
            frame.frame.phase == .idle
                || frame.frame.events.contains {
                    if case .settled = $0 { return true }
                    if case .interrupted = $0 { return true }
                    return false
                }
        }
    }
}
