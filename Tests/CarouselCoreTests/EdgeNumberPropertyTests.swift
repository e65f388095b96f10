import TestSupport
import Testing

@testable import CarouselCore

/// Property tests over the public inputs: thousands of random sequences per preset, with every
/// number drawn from the edges of what the protocol accepts (0, -0, subnormals, 1e-307, the 10^6
/// coordinate limit, timestamps that repeat, jump by 10^12 or go backwards, steps of 1e-9 ms and of
/// 10 s). After every input and every advance: no trap, every number finite, idle exactly on a snap
/// point, slots whole, and one end event per motion. A failure names its seed and the inputs that
/// led to it, so it replays with `run(preset:seed:)`.
@Suite("Edge numbers: random input sequences never trap, never go non-finite, always rest on a snap point")
struct EdgeNumberPropertyTests {
    static let sequencesPerPreset = TestLength.pick(500, long: 2000)
    static let inputsPerSequence = 40

    static let coordinates: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-307, -1e-307, 1e-300,
        0.5, 1, 10, 100, 187.5, 375, 560, 1e4, 999_999.999, 1e6, -1e6,
    ]
    static let timeSteps: [Double] = [0, 0, 1e-9, 1e-3, 1, 4, 8, 8.333, 16, 41, 100, 1e12, -1, -5, -1e12]
    static let advances: [Double] = [1e-9, 1e-6, 0.001, 1, 3.999, 4, 4.001, 8, 16.667, 100, 450, 1000, 3000, 10_000]
    static let lengths: [Double] = [0, 1, 1e-307, 20, 100, 343, 560, 2000, 10_000]

    /// The engines' common face, for one loop over both.
    struct Subject {
        var engine: Engine
        let preset: String

        /// Whether no wheel stream goes on.
        var isWheelIdle: Bool {
            if let carousel = engine.carousel { return carousel.wheel.isIdle }
            return engine.feed!.wheel.isIdle
        }

        /// Whether the engine rests exactly where a motion may end.
        var isOnSnapPoint: Bool {
            if let carousel = engine.carousel { return carousel.snapLayout.isSnapPoint(carousel.scroller.position) }
            let feed = engine.feed!
            return feed.snapLayout.isSnapPoint(feed.scroll)
        }
    }

    @Test("random sequences keep every invariant", arguments: Configuration.presetNames)
    func randomSequences(preset: String) {
        var failures = 0
        for seed in 0..<UInt64(Self.sequencesPerPreset) {
            if let failure = Self.run(preset: preset, seed: seed) {
                Issue.record("\(preset) seed \(seed): \(failure)")
                failures += 1
                if failures >= 3 { break }
            }
        }
    }

    /// Runs one sequence; returns what broke and the inputs that led there, or `nil`.
    static func run(preset: String, seed: UInt64) -> String? {
        var generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ UInt64(preset.count))
        let configuration = Configuration.preset(named: preset)!
        let itemCount = [0, 1, 2, 3, 5, 9][Int.random(in: 0..<6, using: &generator)]
        var subject = Subject(
            engine: try! makePagingEngine(configuration: configuration, items: items(itemCount, &generator)),
            preset: preset
        )
        var log: [String] = []
        var time = 0.0
        var previous = subject.engine.takeFrame()
        var isMotionOpen = false
        for _ in 0..<inputsPerSequence {
            let input = randomInput(&generator, time: &time, engine: subject.engine)
            log.append(input.description)
            let wasWheelIdle = subject.isWheelIdle
            switch input {
            case .input(let value): _ = try? subject.engine.handle(value)
            case .advance(let milliseconds):
                let seconds = (milliseconds / 1000).rounded(.down)
                let attoseconds = ((milliseconds - seconds * 1000) * 1e15).rounded()
                subject.engine.advance(
                    by: Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(attoseconds))
                )
            }
            let frame = subject.engine.takeFrame()
            // Time with auto-scroll on starts motions, and a long advance may start and finish several.
            var mayStartMotions = false
            // So does a wheel's stream falling quiet (a lone notch is dragged and released then).
            if case .advance = input {
                mayStartMotions = subject.engine.configuration.isAutoScrollEnabled || !wasWheelIdle
            }
            if let problem = check(
                frame,
                previous: previous,
                isMotionOpen: &isMotionOpen,
                mayStartMotions: mayStartMotions,
                subject: subject
            ) {
                return "\(problem) after \(log.suffix(8).joined(separator: "; "))"
            }
            previous = frame
        }
        return nil
    }

    enum Step: CustomStringConvertible {
        case input(Input)
        case advance(milliseconds: Double)

        var description: String {
            switch self {
            case .input(.pointer(let event)):
                "\(event.kind) #\(event.pointerID) x \(event.x) y \(event.y) t \(event.timestamp)"
            case .input(.wheel(let event)): "wheel dx \(event.deltaX) dy \(event.deltaY) t \(event.timestamp)"
            case .input(let input): "\(input)"
            case .advance(let milliseconds): "advance \(milliseconds) ms"
            }
        }
    }

    static func items(_ count: Int, _ generator: inout SeededGenerator) -> [CarouselItem] {
        (0..<count).map { index in
            CarouselItem(
                id: "i\(index)",
                length: lengths.randomElement(using: &generator),
                kind: index % 2 == 0 ? "photo" : "text"
            )
        }
    }

    static func randomInput(_ generator: inout SeededGenerator, time: inout Double, engine: Engine) -> Step {
        func coordinate() -> Double {
            Int.random(in: 0..<3, using: &generator) == 0
                ? Double.random(in: -1e6...1e6, using: &generator) : coordinates.randomElement(using: &generator)!
        }
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<12:
            // A wheel: along, across or both axes, edge deltas included.
            time = min(
                max(time + timeSteps.randomElement(using: &generator)!, -WheelEvent.maximumTimestamp),
                WheelEvent.maximumTimestamp
            )
            let sign: Double = Bool.random(using: &generator) ? 1 : -1
            let along = sign * coordinate()
            let across = Int.random(in: 0..<3, using: &generator) == 0 ? coordinate() : 0
            let (dx, dy) = Bool.random(using: &generator) ? (along, across) : (across, along)
            return .input(.wheel(WheelEvent(deltaX: dx, deltaY: dy, timestamp: time)))
        case 12..<45:
            time = min(
                max(time + timeSteps.randomElement(using: &generator)!, -PointerEvent.maximumTimestamp),
                PointerEvent.maximumTimestamp
            )
            let kinds: [PointerEvent.Kind] = [.down, .move, .move, .move, .up, .cancel]
            let kind =
                engine.activePointerID == nil && Bool.random(using: &generator)
                ? .down : kinds.randomElement(using: &generator)!
            let pointer = Int.random(in: 0..<8, using: &generator) == 0 ? 1 : 0
            return .input(
                .pointer(PointerEvent(kind, pointerID: pointer, x: coordinate(), y: coordinate(), timestamp: time))
            )
        case 45..<70:
            return .advance(milliseconds: advances.randomElement(using: &generator)!)
        case 70..<82:
            let commands: [Command] = [
                .next, .previous,
                .go(to: Int.random(in: -1...9, using: &generator), animated: Bool.random(using: &generator)),
                .setAutoScroll(enabled: Bool.random(using: &generator)),
            ]
            return .input(.command(commands.randomElement(using: &generator)!))
        case 82..<92:
            var configuration = engine.configuration
            let value = coordinates.randomElement(using: &generator)!
            switch Int.random(in: 0..<9, using: &generator) {
            case 0: configuration.spacing = value
            case 1: configuration.inset = value
            case 2: configuration.itemLength = Bool.random(using: &generator) ? nil : value
            case 3:
                configuration.decelerationRate =
                    [value, 0.5, 0.99, 0.998, 1 - 1e-16][Int.random(in: 0..<5, using: &generator)]
            case 4: configuration.springAngularFrequency = value
            case 5: configuration.flickVelocityThreshold = value
            case 6:
                configuration.rubberBandCoefficient =
                    [value, 1e-307, 0.55, 10][Int.random(in: 0..<4, using: &generator)]
            case 7: configuration.maxItemsPerFlick = [0, 1, 2, 3, 20, 21].randomElement(using: &generator)!
            default: configuration.sideScale = value
            }
            if Int.random(in: 0..<4, using: &generator) == 0 { configuration.isLooping.toggle() }
            if Int.random(in: 0..<3, using: &generator) == 0 {
                configuration.isAutoScrollEnabled.toggle()
                configuration.autoScrollInterval = .milliseconds(Int.random(in: 1...3000, using: &generator))
            }
            return .input(.configure(configuration))
        case 92..<96:
            return .input(.replaceItems(items(Int.random(in: 0...9, using: &generator), &generator)))
        default:
            return .input(.visibility(isHidden: Bool.random(using: &generator)))
        }
    }

    /// What is wrong with `frame`, if anything. `isMotionOpen` says whether a motion was under way
    /// before it; `mayStartMotions`, whether motions may also have started (and ended) within it.
    static func check(
        _ frame: Frame,
        previous: Frame,
        isMotionOpen: inout Bool,
        mayStartMotions: Bool,
        subject: Subject
    ) -> String? {
        if let field = frame.nonFiniteField { return "\(field) is not finite" }
        let remaining = frame.autoScroll.remaining
        if remaining < .zero || remaining > .seconds(86_400) { return "auto-scroll remaining \(remaining)" }
        if frame.slots.map(\.id) != Array(frame.slots.indices) { return "slot ids \(frame.slots.map(\.id))" }
        if frame.itemCount > 0 {
            if !(0..<frame.itemCount).contains(frame.currentIndex) {
                return "index \(frame.currentIndex) of \(frame.itemCount)"
            }
            // A carousel's ring always holds the current item; a card feed's pool holds exactly the
            // cards on screen (a card spacing wider than the viewport can leave none).
            if subject.engine.carousel != nil, !frame.slots.contains(where: { $0.itemIndex == frame.currentIndex }) {
                return "no slot shows the current item"
            }
        }
        if let feed = subject.engine.feed {
            let viewport = feed.configuration.viewportMainLength
            for slot in frame.slots where slot.itemIndex != nil && !(slot.y < viewport && slot.y + slot.height > 0) {
                return "card \(slot.itemIndex!) holds a slot off screen at \(slot.y)"
            }
            if Set(frame.slots.compactMap(\.itemIndex)).count != frame.slots.compactMap(\.itemIndex).count {
                return "a card holds two slots"
            }
        }
        if frame.slots.contains(where: { ($0.itemIndex ?? 0) >= max(1, frame.itemCount) || ($0.itemIndex ?? 0) < 0 }) {
            return "a slot shows an item that does not exist"
        }
        if let carousel = subject.engine.carousel,
            frame.slots.count != SlotRing(configuration: carousel.configuration).count
        {
            return "\(frame.slots.count) slots, expected \(SlotRing(configuration: carousel.configuration).count)"
        }
        var index = previous.currentIndex
        for event in frame.events {
            switch event {
            case .settled:
                if !isMotionOpen, !mayStartMotions { return "settled without a motion" }
                isMotionOpen = false
            case .interrupted:
                if !isMotionOpen, !mayStartMotions { return "interrupted without a motion" }
                isMotionOpen = false
            case .autoScrolled(let from):
                if isMotionOpen || from != index { return "autoScrolled from \(from) at \(index) during a motion" }
            case .pageChanged(let to, let from):
                if from != index || to == from { return "pageChanged \(from) -> \(to), was at \(index)" }
                index = to
            }
        }
        if index != frame.currentIndex, frame.itemCount > 0 {
            return "index moved to \(frame.currentIndex) without pageChanged"
        }
        if frame.phase == .idle {
            if isMotionOpen { return "a motion ended without settled" }
            if !subject.isOnSnapPoint { return "idle off a snap point (position \(frame.position))" }
        }
        isMotionOpen = frame.phase != .idle
        return nil
    }
}
