import CarouselCore
import PreviewRecording
import PreviewWire

/// One hand's take in a corpus: its pointer messages, each gesture from its `down` to its `up` (or
/// `cancel`), and its wheel messages (a mouse wheel's notches, a trackpad's swipe), each gesture a
/// run of them with no pause of the engine's wheel quiet (150 ms) between, with the times the client
/// stamped them and the pauses between gestures kept (so the second of a double flick catches the
/// first mid-flight again), and the item the carousel rested on when the take began. Feel drives
/// these inputs through the engine again under another configuration, so it scores what a
/// configuration does with the same hand, not the frames recorded once.
public struct FeelGesture: Equatable, Sendable {
    /// One input: a pointer message (its phase and viewport point) or a wheel message (its dx and
    /// dy in points), with its client time in ms.
    public struct Input: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            case pointer(PointerEvent.Kind)
            case wheel
        }

        public var kind: Kind
        /// A pointer's viewport point; a wheel's dx and dy.
        public var x: Double
        public var y: Double
        public var time: Double

        public init(_ phase: PointerEvent.Kind, x: Double, y: Double, time: Double) {
            self.kind = .pointer(phase)
            self.x = x
            self.y = y
            self.time = time
        }

        public init(wheel dx: Double, dy: Double, time: Double) {
            self.kind = .wheel
            self.x = dx
            self.y = dy
            self.time = time
        }

        /// A pointer input's phase; `nil` for a wheel's.
        public var phase: PointerEvent.Kind? {
            if case .pointer(let phase) = kind { return phase }
            return nil
        }

        var isWheel: Bool { kind == .wheel }
        var endsPointer: Bool { phase == .up || phase == .cancel }
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

    /// How many gestures it holds.
    public var gestureCount: Int { gestureRanges.count }

    /// Each gesture's inputs, as index ranges of `inputs`: a pointer's from its `down` to its `up`
    /// or `cancel`; a wheel's from an event after a pause of the wheel quiet (or after another
    /// kind of input) to its last before the next such pause.
    public var gestureRanges: [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var start: Int?
        for (index, input) in inputs.enumerated() {
            switch input.kind {
            case .pointer(let phase):
                if phase == .down { start = index }
                if input.endsPointer, let begun = start {
                    ranges.append(begun...index)
                    start = nil
                }
            case .wheel:
                let previous = index > 0 ? inputs[index - 1] : nil
                if let previous, previous.isWheel,
                    input.time - previous.time < WheelEvent.gestureQuietMilliseconds, let last = ranges.last,
                    last.upperBound == index - 1
                {
                    ranges[ranges.count - 1] = last.lowerBound...index
                } else {
                    ranges.append(index...index)
                }
            }
        }
        return ranges
    }

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
            if case .input(let client, .wheel(let dx, let dy, let time, _, _)) = step.event, pending[client] == nil {
                // A wheel event is a whole input of its own; one during a pointer gesture is left out.
                if takes[client] == nil {
                    takes[client] = FeelGesture(name: file, inputs: [], startItem: session.engine.currentIndex)
                    order.append(client)
                }
                takes[client]!.inputs.append(Input(wheel: dx, dy: dy, time: time))
            }
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
                    if input.endsPointer {
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

    /// Throws unless each pointer gesture starts with a `down` and ends with an `up` or `cancel` (no
    /// wheel between), the times never go back, and the take keeps within the limits.
    func check() throws(RecordingError) {
        guard let first = inputs.first, let last = inputs.last, first.isWheel || first.phase == .down,
            last.isWheel || last.endsPointer
        else {
            throw RecordingError("\(name): a gesture runs from a down to an up or a cancel, or is wheel events")
        }
        var isDown = false
        for input in inputs {
            guard let phase = input.phase else {
                guard !isDown else {
                    throw RecordingError("\(name): a wheel event at \(input.time) is within a down and its up")
                }
                continue
            }
            guard phase == .down ? !isDown : isDown else {
                throw RecordingError("\(name): a \(phase.rawValue) at \(input.time) is not within a down and its up")
            }
            isDown = phase == .down || (isDown && !input.endsPointer)
        }
        guard inputs.count <= Self.maximumInputs else {
            throw RecordingError("\(name): \(inputs.count) inputs; a take holds at most \(Self.maximumInputs)")
        }
        for (previous, next) in zip(inputs, inputs.dropFirst()) where next.time < previous.time {
            throw RecordingError("\(name): its times go back (\(next.time) after \(previous.time))")
        }
        guard last.time - first.time <= Self.maximumDuration else {
            throw RecordingError("\(name): it lasts over \(Int(Self.maximumDuration)) ms")
        }
    }
}
