import CarouselCore
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// The engine's property tests, from the wire: random sequences of the messages a client may send,
/// with numbers at the protocol's edges, from two viewers of one session. No frame may carry a
/// non-finite number, so the session's refusal of one is never reached.
@Suite("Edge numbers over the wire: no message sequence reaches the non-finite frame refusal")
struct WireEdgeNumberTests {
    static let numbers = [
        "0", "-0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e-307", "1e-300", "0.5", "1", "8", "16.667",
        "100", "375", "560", "10000", "999999.999", "1000000", "-1000000", "1e12", "-1e12", "1e15",
    ]

    static func message(_ generator: inout SeededGenerator, time: inout Double) -> String {
        func number() -> String { numbers.randomElement(using: &generator)! }
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<50:
            let phase = ["down", "move", "move", "move", "up", "cancel"].randomElement(using: &generator)!
            time += [0, 1e-9, 4, 8, 16, 1e12, -3].randomElement(using: &generator)!
            time = min(max(time, -1e15), 1e15)
            return
                "{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(number()),\"y\":\(number()),\"t\":\(JSONValue.number(time).encoded)}"
        case 50..<60:
            time += [0, 1e-9, 4, 8, 16, 1e12, -3].randomElement(using: &generator)!
            time = min(max(time, -1e15), 1e15)
            let sign = Bool.random(using: &generator) ? "" : "-"
            return
                "{\"type\":\"wheel\",\"dx\":\(sign)\(number()),\"dy\":\(number()),\"t\":\(JSONValue.number(time).encoded)}"
        case 60..<75:
            let ms = ["1e-9", "5e-324", "0.001", "4", "8", "16.667", "450", "10000"].randomElement(using: &generator)!
            return "{\"type\":\"advance\",\"ms\":\(ms)}"
        case 75..<85:
            let name = ["next", "prev", "goto", "autoscroll"].randomElement(using: &generator)!
            return
                "{\"type\":\"command\",\"name\":\"\(name)\",\"index\":\(Int.random(in: -1...6, using: &generator)),\"enabled\":\(Bool.random(using: &generator))}"
        case 85..<95:
            // A numeric field of the schema at one of its edges, or at an edge of the wire.
            let field = ConfigurationSchema.fields.filter { $0.range != nil }.randomElement(using: &generator)!
            let value =
                Bool.random(using: &generator)
                ? JSONValue.number(field.edgeValues.randomElement(using: &generator)!).encoded : number()
            let preset = Configuration.presetNames.randomElement(using: &generator)!
            var patch = value
            for key in field.path.reversed() { patch = "{\"\(key)\":\(patch)}" }
            return "{\"type\":\"configure\",\"config\":{\"preset\":\"\(preset)\",\(patch.dropFirst().dropLast())}}"
        default:
            return "{\"type\":\"visibility\",\"hidden\":\(Bool.random(using: &generator))}"
        }
    }

    @Test("a frame with a non-finite number is named for refusal, field by field")
    func refusalNamesTheField() {
        let slot = SlotFrame(id: 2, itemIndex: 0, x: 16, y: 0, width: 343, height: 180, scale: 1)
        let status = AutoScrollStatus(state: .stopped, pauseReasons: [], remaining: .zero)
        var frame = Frame(
            currentIndex: 0,
            itemCount: 1,
            phase: .idle,
            position: 0,
            slots: [slot],
            autoScroll: status,
            events: []
        )
        #expect(frame.nonFiniteField == nil)
        frame.position = .nan
        #expect(frame.nonFiniteField == "position")
        frame.position = 0
        frame.slots[0].scale = .infinity
        #expect(frame.nonFiniteField == "slots[2].scale")
    }

    @Test(
        "advances of 1e-9 ms are kept to the attosecond: a thousand add up to a nanosecond, and the rest carries to the next step"
    )
    func tinyAdvancesAddUp() throws {
        var transport = HubTests.FakeTransport.opened(["session": "tiny", "clock": "manual"])
        transport.send(1, "{\"type\":\"command\",\"name\":\"next\"}")
        for _ in 0..<1000 { transport.send(1, "{\"type\":\"advance\",\"ms\":1e-9}") }
        transport.send(1, "{\"type\":\"ping\",\"id\":1}")
        let pong = try JSONParser.parse(transport.sent[1]!.last!)
        guard case .number(let time)? = pong["time"] else { throw CancellationError() }
        #expect(abs(time - 1e-6) < 1e-12)
        // The engine has not stepped yet (a step is 4 ms); the remainder carries into the next advance.
        let frames = transport.sent[1]!.filter { $0.hasPrefix("{\"type\":\"frame\"") }
        #expect(
            frames.suffix(1000).allSatisfy { $0.contains("\"phase\":\"animating\"") && $0.contains("\"position\":0,") }
        )
        transport.send(1, "{\"type\":\"advance\",\"ms\":3.999999}")
        #expect(!transport.sent[1]!.last!.contains("\"position\":0,"))
    }

    @Test(
        "random sequences of 80 messages (60; 200 in make test-long), manual and live clocks: every frame finite, none refused"
    )
    func sequences() throws {
        for seed in 0..<UInt64(TestLength.pick(60, long: 200)) {
            var generator = SeededGenerator(seed: seed)
            var transport = HubTests.FakeTransport()
            let clock = seed % 3 == 0 ? "live" : "manual"
            transport.open(1, ["session": "s", "clock": clock, "preset": Configuration.presetNames[Int(seed) % 5]])
            transport.open(2, ["session": "s"])
            var time = 0.0
            var log: [String] = []
            for _ in 0..<80 {
                let text = Self.message(&generator, time: &time)
                log.append(text)
                transport.send(Int.random(in: 1...2, using: &generator), text)
                if clock == "live" { transport.tick(by: .milliseconds(16)) }
            }
            let frames = (transport.sent[1] ?? []).filter { $0.hasPrefix("{\"type\":\"frame\"") }
            let broken = frames.first { frame in
                ["position", "x", "y", "width", "height", "scale"].contains { frame.contains("\"\($0)\":null") }
            }
            #expect(broken == nil, "seed \(seed): \(broken ?? "") after \(log.suffix(6))")
            #expect(transport.hub.refusedFrameCount == 0, "seed \(seed)")
            #expect(transport.closed.isEmpty, "seed \(seed)")
        }
    }
}
