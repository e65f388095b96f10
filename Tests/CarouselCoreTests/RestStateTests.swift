import TestSupport
import Testing

@testable import CarouselCore

@Suite("Rest states: an engine at rest written down and restored is the same engine, frame for frame")
struct RestStateTests {
    /// Random inputs of every kind a session sends: fingers, wheels, time, commands, visibility,
    /// configuration and item changes.
    struct Driver {
        var generator: SeededGenerator
        var time = 0.0
        var fingerDown = false

        mutating func input(for engine: Engine) -> (Input?, Duration) {
            func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
            let choice = Int.random(in: 0...99, using: &generator)
            time += random(0...40)
            switch choice {
            case 0..<12 where !fingerDown:
                fingerDown = true
                return (
                    .pointer(
                        PointerEvent(.down, pointerID: 1, x: random(0...375), y: random(0...600), timestamp: time)
                    ), .zero
                )
            case 0..<40 where fingerDown:
                return (
                    .pointer(
                        PointerEvent(.move, pointerID: 1, x: random(-400...800), y: random(-400...900), timestamp: time)
                    ), .zero
                )
            case 40..<50 where fingerDown:
                fingerDown = false
                let kind: PointerEvent.Kind = Int.random(in: 0...5, using: &generator) == 0 ? .cancel : .up
                return (
                    .pointer(
                        PointerEvent(kind, pointerID: 1, x: random(-400...800), y: random(-400...900), timestamp: time)
                    ), .zero
                )
            case 50..<58:
                let commands: [Command] = [
                    .next, .previous,
                    .go(
                        to: Int.random(in: 0...max(0, engine.items.count - 1), using: &generator),
                        animated: Bool.random(using: &generator)
                    ),
                    .setAutoScroll(enabled: Bool.random(using: &generator)),
                ]
                return (.command(commands.randomElement(using: &generator)!), .zero)
            case 58..<62:
                return (.visibility(isHidden: Bool.random(using: &generator)), .zero)
            case 62..<66:
                var configuration = engine.configuration
                configuration.spacing = Double(Int.random(in: 0...20, using: &generator))
                configuration.autoScrollInterval = .milliseconds(Int.random(in: 500...4000, using: &generator))
                if configuration.layout == .uniform, Bool.random(using: &generator) { configuration.isLooping.toggle() }
                return (.configure(configuration), .zero)
            case 66..<68:
                let count = Int.random(in: 0...8, using: &generator)
                let items = (0..<count).map {
                    CarouselItem(
                        id: "item-\(($0 * 7 + count) % 11)",
                        length: random(300...1400),
                        kind: ["a", "b"][$0 % 2]
                    )
                }
                return (.replaceItems(items), .zero)
            case 68..<80:
                // A wheel along either axis, in the sizes of trackpad events and mouse notches.
                let delta = [1.0, 4, 12, 30, 100][Int.random(in: 0..<5, using: &generator)]
                let sign: Double = Bool.random(using: &generator) ? 1 : -1
                let isAlongX = Bool.random(using: &generator)
                return (
                    .wheel(
                        WheelEvent(
                            deltaX: isAlongX ? delta * sign : 0,
                            deltaY: isAlongX ? 0 : delta * sign,
                            timestamp: time
                        )
                    ), .zero
                )
            default:
                // Time in odd slices, so the clock's remainder is rarely zero.
                return (nil, .nanoseconds(Int64(random(0...900) * 1_000_000) + Int64(random(0...999))))
            }
        }
    }

    static func engine(_ preset: String) throws -> Engine {
        let configuration = Configuration.preset(named: preset)!
        let items = (0..<6).map {
            CarouselItem(id: "item-\($0)", length: Double(300 + 211 * $0), kind: ["a", "b"][$0 % 2])
        }
        var engine = try makePagingEngine(configuration: configuration, items: items)
        try engine.handle(.visibility(isHidden: false))
        try engine.handle(.command(.setAutoScroll(enabled: true)))
        return engine
    }

    @Test(
        "restored at every rest of random sessions, equal and sending the same frames",
        arguments: Configuration.presetNames
    )
    func restoredEqualsOriginal(preset: String) throws {
        for seed in UInt64(1)...6 {
            var driver = Driver(generator: SeededGenerator(seed: seed &* 7919 &+ UInt64(preset.count)))
            var engine = try Self.engine(preset)
            var restored = 0
            for step in 0..<TestLength.pick(500, long: 1500) {
                let (input, duration) = driver.input(for: engine)
                if let input { _ = try? engine.handle(input) } else { engine.advance(by: duration) }
                _ = engine.takeFrame()
                guard step % 3 == 0, let state = engine.restState else { continue }
                var copy = try makePagingEngine(
                    configuration: engine.configuration,
                    items: engine.items,
                    restingAt: state
                )
                #expect(copy == engine, "preset \(preset) seed \(seed) step \(step): \(state)")
                restored += 1
                // And they go on alike: the same inputs give the same frames.
                var original = engine
                var twin = driver
                for _ in 0..<20 {
                    let (next, time) = twin.input(for: original)
                    if let next {
                        _ = try? original.handle(next)
                        _ = try? copy.handle(next)
                    } else {
                        original.advance(by: time)
                        copy.advance(by: time)
                    }
                    #expect(original.takeFrame() == copy.takeFrame(), "preset \(preset) seed \(seed) step \(step)")
                }
            }
            #expect(restored > 20, "preset \(preset) seed \(seed): only \(restored) rests")
        }
    }

    @Test("no rest state while a finger holds it, it moves or events wait")
    func onlyAtRest() throws {
        var engine = try Self.engine("banner")
        #expect(engine.restState != nil)
        try engine.handle(.pointer(PointerEvent(.down, pointerID: 1, x: 200, timestamp: 0)))
        #expect(engine.restState == nil)
        try engine.handle(.pointer(PointerEvent(.move, pointerID: 1, x: 100, timestamp: 16)))
        try engine.handle(.pointer(PointerEvent(.up, pointerID: 1, x: 100, timestamp: 32)))
        #expect(engine.restState == nil)
        engine.advance(by: .seconds(1))
        #expect(engine.restState == nil, "the settled event waits to be taken")
        _ = engine.takeFrame()
        #expect(engine.restState?.index == 1)
    }

    @Test("a forged rest state is refused with the reason, for each part of it")
    func forgedStatesAreRefused() throws {
        let banner = try Self.engine("banner")
        let good = try #require(banner.restState)
        func refusal(_ change: (inout RestState) -> Void, preset: String = "banner") -> String? {
            var state = good
            if preset == "cards" { state = try! Self.engine("cards").restState! }
            change(&state)
            let engine = try! Self.engine(preset)
            do {
                _ = try makePagingEngine(configuration: engine.configuration, items: engine.items, restingAt: state)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal { _ in } == nil)
        #expect(refusal { $0.index = 6 }?.contains("current item must be 0 to 5") == true)
        #expect(refusal { $0.index = -1 }?.contains("current item") == true)
        #expect(refusal { $0.unwrappedIndex = 1 }?.contains("laps") == true)
        #expect(refusal { $0.unwrappedIndex = 6 * (1 << 41) }?.contains("laps") == true)
        #expect(refusal { $0.unwrappedIndex = -12 } == nil, "two laps back is a loop's own")
        #expect(refusal { $0.position = 40 }?.contains("position") == true)
        #expect(refusal { $0.position = .nan }?.contains("finite") == true)
        #expect(refusal { $0.position = 1e-300 } == nil, "a rounding error is a rest")
        #expect(refusal { $0.slots = .ring(phase: 3) }?.contains("ring phase") == true)
        #expect(refusal { $0.slots = .pool([]) }?.contains("ring phase") == true)
        #expect(refusal { $0.pendingTime = .milliseconds(4) }?.contains("next step") == true)
        #expect(refusal { $0.pendingTime = .nanoseconds(-1) }?.contains("next step") == true)
        #expect(refusal { $0.autoScrollRemaining = .zero }?.contains("remaining") == true)
        #expect(refusal { $0.autoScrollRemaining = .milliseconds(3001) }?.contains("remaining") == true)
        #expect(refusal({ $0.slots = .ring(phase: 0) }, preset: "cards")?.contains("pool") == true)
        #expect(refusal({ $0.slots = .pool([]) }, preset: "cards")?.contains("visible cards") == true)
        #expect(refusal({ $0.position = 1e9 }, preset: "cards")?.contains("inside the current card") == true)
        #expect(
            refusal(
                {
                    $0.slots = .pool([
                        RestState.PooledSlot(kind: "a", card: 0), RestState.PooledSlot(kind: "a", card: 3),
                    ])
                },
                preset: "cards"
            )?
            .contains("visible cards") == true
        )
        #expect(refusal({ $0.unwrappedIndex = 2 }, preset: "cards")?.contains("unwrapped") == true)
    }
}
