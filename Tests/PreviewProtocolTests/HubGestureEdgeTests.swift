import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The findings reported against the server, each replayed through the hub as a client sends it.
@Suite(
    "Gestures at the edges, through the hub: a release a hair from a snap point, one-item gestures, the card feed's auto-scroll"
)
struct HubGestureEdgeTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func pointer(_ phase: String, x: Double, t: Double) -> String {
        "{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(JSONValue.number(x).encoded),\"y\":0,\"t\":\(JSONValue.number(t).encoded)}"
    }

    static let advance8 = "{\"type\":\"advance\",\"ms\":8}"

    @Test("five pointer messages and a few advances no longer kill the server: every frame finite, no error")
    func hairlineReleaseSequence() throws {
        var transport = FakeTransport.opened(["session": "crash", "clock": "manual"])
        let messages = [
            Self.pointer("down", x: 0, t: 0), Self.advance8, Self.pointer("move", x: 10, t: 8), Self.advance8,
            Self.pointer("move", x: 5, t: 16), Self.advance8, Self.pointer("move", x: 1e-307, t: 24),
            Self.pointer("up", x: 1e-307, t: 24), Self.advance8, Self.advance8,
            Self.pointer("down", x: 0, t: 100), Self.pointer("up", x: 0, t: 101),
        ]
        for message in messages { transport.send(1, message) }
        for _ in 0..<100 { transport.send(1, Self.advance8) }
        let frames = transport.sent[1]!.filter { $0.hasPrefix("{\"type\":\"frame\"") }
        #expect(frames.count == 1 + messages.count + 100)
        for field in ["position", "x", "y", "width", "height", "scale"] {
            #expect(!frames.contains { $0.contains("\"\(field)\":null") }, "\(field) went non-finite")
        }
        #expect(!transport.types(1).contains("error"))
        #expect(frames.last!.contains("\"phase\":\"idle\"") && frames.last!.contains("\"position\":0,"))
        #expect(transport.hub.refusedFrameCount == 0)
    }

    @Test(
        "a gesture on one item, or on a strip whose items fit, is answered with frames only",
        arguments: [
            "{\"preset\":\"banner\"}", "{\"preset\":\"strip\",\"itemWidth\":100}",
        ]
    )
    func gestureOnUnscrollableCarousel(config: String) throws {
        var transport = FakeTransport.opened(["session": "one", "clock": "manual"])
        let items =
            config.contains("strip")
            ? "[{\"id\":\"a\"},{\"id\":\"b\"}]" : "[{\"id\":\"only\"}]"
        transport.send(1, "{\"type\":\"configure\",\"config\":\(config),\"items\":\(items)}")
        let before = transport.sent[1]!.count
        transport.send(1, Self.pointer("down", x: 200, t: 0))
        for step in 1...5 {
            transport.send(1, Self.advance8)
            transport.send(1, Self.pointer("move", x: 200 - 40 * Double(step), t: 8 * Double(step)))
        }
        transport.send(1, Self.pointer("up", x: 0, t: 40))
        let answers = Array(transport.sent[1]![before...])
        #expect(answers.count == 12)
        #expect(answers.allSatisfy { $0.hasPrefix("{\"type\":\"frame\"") })
        #expect(answers.allSatisfy { $0.contains("\"position\":0,") })
        #expect(answers.last!.contains("\"phase\":\"idle\""))
    }

    @Test("the card feed auto-scrolls when configured to, and pauses while every viewer is hidden")
    func cardFeedAutoScroll() throws {
        var transport = FakeTransport.opened(["session": "feed", "clock": "manual", "preset": "cards"])
        transport.send(1, "{\"type\":\"configure\",\"config\":{\"autoscroll\":{\"enabled\":true,\"intervalMs\":1000}}}")
        #expect(transport.sent[1]!.last!.contains("\"autoscroll\":{\"state\":\"running\""))
        transport.send(1, "{\"type\":\"visibility\",\"hidden\":true}")
        #expect(transport.sent[1]!.last!.contains("\"state\":\"paused\",\"pausedBy\":[\"hidden\"]"))
        for _ in 0..<20 { transport.send(1, "{\"type\":\"advance\",\"ms\":100}") }
        #expect(transport.sent[1]!.last!.contains("\"index\":0,"))
        transport.send(1, "{\"type\":\"visibility\",\"hidden\":false}")
        for _ in 0..<20 { transport.send(1, "{\"type\":\"advance\",\"ms\":100}") }
        let frames = transport.sent[1]!.filter { $0.contains("pageChanged") }
        #expect(frames.count == 1)
        #expect(transport.sent[1]!.last!.contains("\"index\":1,"))
    }
}
