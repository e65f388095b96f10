import Testing

@testable import PreviewProtocol

/// Replays share one allowance of work between two ticks across the server: three sessions seeking
/// at once take three times the ticks one does, rather than holding the loop three times as long.
@Suite("Replays share the server's replay work per tick")
struct ReplayWorkShareTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// A manual-clock recording of `advances` advances of 16 ms: each costs 8 units of replay work.
    static func recording(advances: Int) -> String {
        let steps = (0..<advances).map { index in
            #"{"atNs":\#(1_000_000 * (index + 1)),"client":1,"message":{"type":"advance","ms":16}}"#
        }
        return
            #"{"format":"carousel-preview/recording","version":1,"session":"r","clock":"manual","preset":"banner","catalogs":{"banners":[],"cards":[]},"start":1,"steps":[{"atNs":0,"join":1},\#(steps.joined(separator: ","))]}"#
    }

    /// Ticks until every one of `connections` has heard its seek arrive (a position it asked for).
    static func ticksToArrive(sessions count: Int) -> Int {
        let text = Self.recording(advances: 3_000)
        var transport = FakeTransport()
        let connections = Array(1...count)
        for connection in connections {
            transport.open(connection, ["session": "s\(connection)", "clock": "manual"])
            LiveReplayTests.upload(text, speed: 1, to: connection, on: &transport)
        }
        for _ in 0..<3 { transport.tick(by: .milliseconds(16)) }
        let before = connections.map { transport.sent[$0]!.count }
        for connection in connections { transport.send(connection, ReplayControlTests.seek(40_000)) }
        func arrived(_ index: Int) -> Bool {
            transport.sent[connections[index]]![before[index]...].contains {
                $0.hasPrefix(#"{"type":"replay","state":"p"#) && $0.contains(#""client""#)
            }
        }
        var ticks = 0
        while !connections.indices.allSatisfy(arrived), ticks < 1_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        return ticks
    }

    @Test(
        "a seek over 24,000 units of work takes its share of ticks alone, three times as many when three sessions seek at once"
    )
    func shared() {
        let alone = Self.ticksToArrive(sessions: 1)
        let three = Self.ticksToArrive(sessions: 3)
        let expected = 24_000 / Playback.workPerCall
        #expect((expected - 1...expected + 1).contains(alone), "\(alone) ticks alone")
        #expect(three >= 3 * alone - 1, "\(three) ticks for three: the work per tick is shared, not each session's own")
        #expect(three <= 3 * alone + 2, "\(three) ticks for three: none starves")
    }
}
