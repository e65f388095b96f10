import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The stranger's one-move flick (issue 22), as the messages they sent from docs/protocol/README.md alone,
/// through the hub on the manual clock. It sprang back to item 0 while a release needed three
/// samples; the `down` is one of them now.
@Suite("A one-move flick over the wire: down x 300 t 0, move x 200 t 8, up pages to item 1")
struct ReleaseSampleHubTests {
    typealias FakeTransport = HubTests.FakeTransport

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func pointer(_ phase: String, x: Double, t: Double) -> String {
        "{\"type\":\"pointer\",\"phase\":\"\(phase)\",\"x\":\(JSONValue.number(x).encoded),\"y\":90,\"t\":\(JSONValue.number(t).encoded)}"
    }

    static func frames(_ transport: FakeTransport) -> [JSONValue] {
        transport.sent[1]!.map { try! JSONParser.parse($0) }.filter { $0["type"] == .string("frame") }
    }

    @Test(
        "lifted at the move's time or 8 ms later, the carousel pages to item 1 and settles there",
        arguments: [8.0, 16]
    )
    func oneMoveFlickPages(liftTime: Double) throws {
        var transport = FakeTransport.opened(["session": "stranger", "clock": "manual"])
        transport.send(1, Self.pointer("down", x: 300, t: 0))
        transport.send(1, Self.pointer("move", x: 200, t: 8))
        transport.send(1, Self.pointer("up", x: 200, t: liftTime))
        let release = try #require(Self.frames(transport).last)
        #expect(release["phase"] == .string("animating"))
        guard case .number(let velocity)? = release["velocity"] else { throw Failure("no velocity") }
        #expect(abs(velocity - 12_500) < 1e-6, "100 pt in 8 ms, against the finger")
        #expect(release["target"]?["index"] == .number(1))
        for _ in 0..<10 { transport.send(1, "{\"type\":\"advance\",\"ms\":100}") }
        let rest = try #require(Self.frames(transport).last)
        #expect(rest["phase"] == .string("idle") && rest["index"] == .number(1))
        let settled = Self.frames(transport).flatMap { frame -> [JSONValue] in
            guard case .array(let events)? = frame["events"] else { return [] }
            return events.filter { $0["type"] == .string("settled") }
        }
        #expect(settled.map { $0["index"] } == [.number(1)], "one motion, one end, on item 1")
        #expect(!transport.types(1).contains("error"))
    }
}
