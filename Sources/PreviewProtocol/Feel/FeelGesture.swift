import CarouselCore

/// One gesture of a corpus: a finger's pointer messages from its `down` to its `up` (or `cancel`),
/// with the times the client stamped them, and the item the carousel rested on when it began. Feel
/// drives these inputs through the engine again under another configuration, so it scores what a
/// configuration does with the same hand, not the frames recorded once.
public struct FeelGesture: Equatable, Sendable {
    /// One pointer message: its phase, viewport point and client time in ms.
    public struct Input: Equatable, Sendable {
        public var phase: PointerEvent.Kind
        public var x: Double
        public var y: Double
        public var time: Double

        public init(_ phase: PointerEvent.Kind, x: Double, y: Double, time: Double) {
            self.phase = phase
            self.x = x
            self.y = y
            self.time = time
        }
    }

    /// "flick-fast.json #2": where it came from.
    public var name: String
    public var inputs: [Input]
    /// The item the carousel rested on at the `down`.
    public var startItem: Int

    public init(name: String, inputs: [Input], startItem: Int = 0) {
        self.name = name
        self.inputs = inputs
        self.startItem = startItem
    }

    /// The most inputs one gesture may hold: ten seconds of a finger at 1000 samples a second.
    public static let maximumInputs = 10_000
    /// The longest gesture, down to up, in ms.
    public static let maximumDuration = 10_000.0

    /// Each finger's gestures in `recording`, in the order they began, named `"\(file) #n"`; each
    /// gesture's start item is where the recorded session rested when it began. Inputs that are not
    /// a whole gesture (a move without its down, a gesture cut off by the recording's end) are left
    /// out, and a gesture past the limits above is refused.
    public static func gestures(in recording: Recording, file: String) throws(RecordingError) -> [FeelGesture] {
        var session = try Replay.freshSession(for: recording)
        _ = session.dropJournal(.replaying)
        var open: [Int: FeelGesture] = [:]
        var found: [FeelGesture] = []
        for (index, step) in recording.steps.enumerated() {
            if case .input(let client, .pointer(let phase, let x, let y, let time, _, _, _)) = step.event {
                let input = Input(phase, x: x, y: y, time: time)
                if phase == .down {
                    let name = "\(file) #\(found.count + open.count + 1)"
                    open[client] = FeelGesture(name: name, inputs: [input], startItem: session.engine.currentIndex)
                } else if var gesture = open[client] {
                    gesture.inputs.append(input)
                    if phase == .up || phase == .cancel {
                        open[client] = nil
                        try gesture.check()
                        found.append(gesture)
                    } else {
                        open[client] = gesture
                    }
                }
            }
            _ = try Replay.run(step, index: index, on: &session)
        }
        return found
    }

    /// Throws unless it starts with a `down`, ends with an `up` or `cancel`, its times never go
    /// back, and it keeps within the limits.
    func check() throws(RecordingError) {
        guard inputs.first?.phase == .down, let last = inputs.last, last.phase == .up || last.phase == .cancel else {
            throw RecordingError("\(name): a gesture runs from a down to an up or a cancel")
        }
        guard inputs.count <= Self.maximumInputs else {
            throw RecordingError("\(name): \(inputs.count) inputs; a gesture holds at most \(Self.maximumInputs)")
        }
        for (previous, next) in zip(inputs, inputs.dropFirst()) where next.time < previous.time {
            throw RecordingError("\(name): its times go back (\(next.time) after \(previous.time))")
        }
        guard last.time - inputs[0].time <= Self.maximumDuration else {
            throw RecordingError("\(name): it lasts over \(Int(Self.maximumDuration)) ms")
        }
    }
}
