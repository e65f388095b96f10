import PreviewWire
import Testing

@testable import PreviewProtocol

/// Pages joining one session all at once: each join costs the viewers already there O(1) messages,
/// not one list each (a thousand joins sent each of a thousand pages a thousand lists).
@Suite("A join storm: the viewers list goes at most once a hold")
struct JoinStormTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func lists(_ transport: FakeTransport, _ connection: Int) -> [String] {
        (transport.sent[connection] ?? []).filter { $0.hasPrefix(#"{"type":"viewers""#) }
    }

    @Test(
        "a thousand pages following the stream join in one instant: the first hears one list a hold, each newcomer its own at once",
        arguments: [1, 1000]
    )
    func storm(joining count: Int) throws {
        var transport = FakeTransport()
        for connection in 1...count { transport.open(connection, ["session": "storm", "engine": "stream"]) }
        let messagesToTheFirst = transport.sent[1]!.count
        #expect(messagesToTheFirst <= 4, "welcome, the stream's start, a list: \(transport.sent[1]!)")
        for connection in [1, count] { #expect(Self.lists(transport, connection).count == 1) }
        transport.tick(by: Session.viewersListInterval)
        let last = try JSONParser.parse(try #require(Self.lists(transport, 1).last))
        #expect(last["count"] == .number(Double(count)))
        #expect(Self.lists(transport, 1).count == (count == 1 ? 1 : 2), "one list for all the joins since")
        transport.tick(by: Session.viewersListInterval)
        #expect(Self.lists(transport, 1).count == (count == 1 ? 1 : 2), "nothing waits: no list")
    }

    @Test("on a manual clock (no ticks to send a waiting list) every join's list goes at once")
    func manual() {
        var transport = FakeTransport()
        for connection in 1...5 { transport.open(connection, ["session": "by-hand", "clock": "manual"]) }
        #expect(Self.lists(transport, 1).count == 5)
    }

    @Test("a leave a hold after the last list goes at once; two in one hold go as one")
    func leaves() {
        var transport = FakeTransport()
        for connection in 1...4 { transport.open(connection, ["session": "going"]) }
        transport.tick(by: Session.viewersListInterval)  // the joins' list
        transport.tick(by: Session.viewersListInterval)  // a hold since
        let before = Self.lists(transport, 1).count
        transport.leave(4)
        #expect(Self.lists(transport, 1).count == before + 1)
        transport.leave(3)
        transport.leave(2)
        #expect(Self.lists(transport, 1).count == before + 1)
        transport.tick(by: Session.viewersListInterval)
        #expect(Self.lists(transport, 1).last == #"{"type":"viewers","count":1,"viewers":[{"client":1,"input":null}]}"#)
    }
}
