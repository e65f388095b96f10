import CarouselCore

/// One finger's take in a corpus: its pointer messages, each gesture from its `down` to its `up`
/// (or `cancel`), with the times the client stamped them and the pauses between gestures kept (so
/// the second of a double flick catches the first mid-flight again), and the item the carousel
/// rested on when the take began. Feel drives these inputs through the engine again under another
/// configuration, so it scores what a configuration does with the same hand, not the frames
/// recorded once.
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

    /// "flick-fast.json": where it came from; its gestures are scored as "NAME #1", "NAME #2"...
    public var name: String
    public var inputs: [Input]
    /// The item the carousel rested on at the first `down`.
    public var startItem: Int

    public init(name: String, inputs: [Input], startItem: Int = 0) {
        self.name = name
        self.inputs = inputs
        self.startItem = startItem
    }

    /// How many gestures (downs) it holds.
    public var gestureCount: Int { inputs.filter { $0.phase == .down }.count }

    /// The most inputs one take may hold: ten seconds of a finger at 1000 samples a second.
    public static let maximumInputs = 10_000
    /// The longest take, first down to last up, in ms.
    public static let maximumDuration = 30_000.0

    /// Each finger's take in `recording` (named `file`, or `"\(file) client n"` when several
    /// fingers took part), from its first `down` to its last `up` or `cancel`, with the item the
    /// recorded session rested on when it began. Inputs that are no whole gesture (a move without
    /// its down, a gesture cut off by the recording's end) are left out; a take past the limits
    /// above is refused.
    public static func gestures(in recording: Recording, file: String) throws(RecordingError) -> [FeelGesture] {
        var session = try Replay.freshSession(for: recording)
        _ = session.dropJournal(.replaying)
        var takes: [Int: FeelGesture] = [:]
        var order: [Int] = []
        var pending: [Int: [Input]] = [:]  // a gesture under way, kept once its up comes
        for (index, step) in recording.steps.enumerated() {
            if case .input(let client, .pointer(let phase, let x, let y, let time, _, _, _)) = step.event {
                let input = Input(phase, x: x, y: y, time: time)
                if phase == .down {
                    pending[client] = [input]
                    if takes[client] == nil {
                        takes[client] = FeelGesture(name: file, inputs: [], startItem: session.engine.currentIndex)
                        order.append(client)
                    }
                } else if pending[client] != nil {
                    pending[client]!.append(input)
                    if phase == .up || phase == .cancel {
                        takes[client]!.inputs += pending[client]!
                        pending[client] = nil
                    }
                }
            }
            _ = try Replay.run(step, index: index, on: &session)
        }
        let found = order.compactMap { client in takes[client].map { (client, $0) } }.filter { !$0.1.inputs.isEmpty }
        return try found.map { (client, take) throws(RecordingError) in
            var take = take
            if found.count > 1 { take.name = "\(file) client \(client)" }
            try take.check()
            return take
        }
    }

    /// Throws unless each gesture starts with a `down` and ends with an `up` or `cancel`, its times
    /// never go back, and it keeps within the limits.
    func check() throws(RecordingError) {
        guard inputs.first?.phase == .down, let last = inputs.last, last.phase == .up || last.phase == .cancel else {
            throw RecordingError("\(name): a gesture runs from a down to an up or a cancel")
        }
        var isDown = false
        for input in inputs {
            let ends = input.phase == .up || input.phase == .cancel
            guard input.phase == .down ? !isDown : isDown else {
                throw RecordingError(
                    "\(name): a \(input.phase.rawValue) at \(input.time) is not within a down and its up"
                )
            }
            isDown = input.phase == .down || (isDown && !ends)
        }
        guard inputs.count <= Self.maximumInputs else {
            throw RecordingError("\(name): \(inputs.count) inputs; a take holds at most \(Self.maximumInputs)")
        }
        for (previous, next) in zip(inputs, inputs.dropFirst()) where next.time < previous.time {
            throw RecordingError("\(name): its times go back (\(next.time) after \(previous.time))")
        }
        guard last.time - inputs[0].time <= Self.maximumDuration else {
            throw RecordingError("\(name): it lasts over \(Int(Self.maximumDuration)) ms")
        }
    }
}
