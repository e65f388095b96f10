import Testing

@testable import PreviewProtocol

/// A replay nobody watches is let go: when the last viewer leaves while it plays or is paused, it
/// stops as a viewer's stop would, and whoever opens the session next finds the session's own state,
/// not a replay holding it. While anyone still watches, it plays on.
@Suite("A replay is released when its last viewer leaves")
struct ReplayReleaseTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let pause = #"{"type":"replay","action":"pause"}"#

    /// What connection `connection` was sent from `start` on, whose text begins with `prefix`.
    static func sent(_ transport: FakeTransport, _ connection: Int, from start: Int = 0, _ prefix: String) -> [String] {
        (transport.sent[connection] ?? [])[start...].filter { $0.hasPrefix(prefix) }
    }

    /// Viewer 3 opens session `theatre` after both viewers left: it is welcomed with no replay, and
    /// its command is applied (a replay's session refuses none; it holds pages' inputs by `started`).
    static func expectReleased(_ transport: inout FakeTransport) {
        transport.open(3, ["session": "theatre"])
        #expect(transport.types(3).first == "welcome")
        #expect(Self.sent(transport, 3, #"{"type":"replay""#) == [], "no replay is playing for the newcomer")
        let before = transport.sent[3]!.count
        transport.send(3, #"{"type":"command","name":"next"}"#)
        #expect(transport.sent[3]![before...].contains { $0.hasPrefix(#"{"type":"frame""#) })
        // Its own frames only: nothing of the replay arrives, however long it would have played.
        for _ in 0..<600 { transport.tick(by: .milliseconds(16)) }
        #expect(Self.sent(transport, 3, #"{"type":"ghost""#) == [])
        #expect(Self.sent(transport, 3, #"{"type":"replay""#) == [])
    }

    @Test("paused, then both viewers leave: the next viewer finds the session free")
    func pausedReplayReleased() throws {
        var transport = try ReplayStopTests.playing()
        transport.send(1, Self.pause)
        #expect(Self.sent(transport, 2, #"{"type":"replay","state":"paused""#).count == 1)
        transport.leave(1)
        transport.leave(2)
        Self.expectReleased(&transport)
    }

    @Test("playing, then both viewers leave: the next viewer finds the session free")
    func playingReplayReleased() throws {
        var transport = try ReplayStopTests.playing()
        transport.leave(2)
        transport.leave(1)
        Self.expectReleased(&transport)
    }

    @Test("while one viewer stays, the paused replay stays; when it leaves too, the replay goes")
    func oneViewerKeepsIt() throws {
        var transport = try ReplayStopTests.playing()
        transport.send(2, Self.pause)
        transport.leave(1)
        // Viewer 2 still watches: nothing finished, and a newcomer is told the replay is paused.
        #expect(Self.sent(transport, 2, #"{"type":"replay","state":"finished""#) == [])
        transport.open(3, ["session": "theatre"])
        let told = Self.sent(transport, 3, #"{"type":"replay""#)
        #expect(told.count == 2 && told[0].contains(#""state":"started""#) && told[1].contains(#""state":"paused""#))
        transport.leave(3)
        transport.send(2, #"{"type":"replay","action":"resume"}"#)
        #expect(Self.sent(transport, 2, #"{"type":"replay","state":"playing""#).count == 1, "still there to resume")
        transport.leave(2)
        transport.sent[3] = nil
        Self.expectReleased(&transport)
    }
}
