import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The stranger's finding, as a client sends it: a `configure` while the carousel moves no longer
/// jumps it to rest in one frame.
@Suite("A configure while the carousel moves, through the hub")
struct ConfigureInMotionHubTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// Each frame sent to `client`: its content offset and whether it carries `settled`.
    static func frames(_ transport: FakeTransport, client: Int) -> [(offset: Double, settled: Bool, phase: String)] {
        transport.sent[client]!.compactMap { text in
            let value = try! JSONParser.parse(text)
            guard case .string("frame")? = value["type"], case .number(let offset)? = value["offset"],
                case .string(let phase)? = value["phase"], case .array(let events)? = value["events"]
            else { return nil }
            let settled = events.contains { event in
                if case .string("settled")? = event["type"] { true } else { false }
            }
            return (offset, settled, phase)
        }
    }

    @Test(
        "down, advance 8, move -100, up, advance 20, configure: no jump, no settled in the configure's frame",
        arguments: [
            "{\"flickVelocity\":900}", "{\"sideScale\":0.8}", "{\"spacing\":20}", "{\"autoscroll\":{\"enabled\":true}}",
        ]
    )
    func strangersSequence(patch: String) throws {
        var transport = FakeTransport.opened(["session": "stranger", "clock": "manual"])
        transport.send(1, HubGestureEdgeTests.pointer("down", x: 300, t: 0))
        transport.send(1, "{\"type\":\"advance\",\"ms\":8}")
        transport.send(1, HubGestureEdgeTests.pointer("move", x: 200, t: 8))
        transport.send(1, HubGestureEdgeTests.pointer("up", x: 200, t: 8))
        transport.send(1, "{\"type\":\"advance\",\"ms\":20}")
        let beforeConfigure = Self.frames(transport, client: 1)
        #expect(beforeConfigure.last?.phase == "animating")
        transport.send(1, "{\"type\":\"configure\",\"config\":\(patch)}")
        #expect(!transport.types(1).contains("error"))
        let configured = Self.frames(transport, client: 1)
        let configureFrame = configured[beforeConfigure.count]
        #expect(!configureFrame.settled, "\(patch)")
        #expect(configureFrame.phase == "animating", "\(patch)")
        for _ in 0..<150 { transport.send(1, "{\"type\":\"advance\",\"ms\":4}") }
        let all = Self.frames(transport, client: 1)
        // The largest move between consecutive frames of the motion, without the configure.
        var largest = 0.0
        for index in 1..<all.count where index != beforeConfigure.count {
            largest = max(largest, abs(all[index].offset - all[index - 1].offset))
        }
        let jump = abs(configureFrame.offset - all[beforeConfigure.count - 1].offset)
        // A new spacing rescales every offset by the new pitch over the old: the same place in items.
        let pitch = 343.0 + 8, newPitch = patch.contains("spacing") ? 343.0 + 20 : pitch
        let inItems = abs(configureFrame.offset / newPitch - all[beforeConfigure.count - 1].offset / pitch)
        #expect(inItems < 1e-9, "\(patch): moved \(inItems) items")
        #expect(
            jump <= largest || patch.contains("spacing"),
            "\(patch): jumped \(jump) pt, the motion's largest \(largest)"
        )
        #expect(all.filter(\.settled).count == 1, "\(patch)")
        #expect(all.last?.phase == "idle")
    }
}
