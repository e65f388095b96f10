import Testing

@testable import PreviewProtocol

/// No single client owns the server's limits: sessions nobody touched linger seconds, not a
/// minute, and a full table makes room for a new viewer by dropping a session nobody watches; a
/// recording under way keeps its share of the budget for recordings whatever other sessions do.
@Suite("Sessions and budgets no single client can take")
struct SessionTableTests {
    @Test("20 connect-and-leave sessions on --max-sessions 20 do not stop a new viewer opening a session")
    func connectAndLeave() {
        var transport = HubTests.FakeTransport()
        transport.hub = PreviewHub(limits: PreviewHub.Limits(maximumSessions: 20))
        for index in 0..<20 {
            transport.open(index + 1, ["session": "flood\(index)"])
            transport.leave(index + 1)
        }
        #expect(transport.hub.sessionCount == 20)
        transport.open(100, ["session": "mine"])
        #expect(transport.types(100).first == "welcome", "\(transport.types(100))")
        #expect(transport.hub.sessionCount == 20)
    }

    @Test("a session nobody touched lingers 5 s after its last viewer; a touched one the server's linger")
    func untouchedLinger() {
        var transport = HubTests.FakeTransport.opened(["session": "glance"])
        transport.open(2, ["session": "used"])
        transport.send(2, #"{"type":"pointer","phase":"down","x":100,"y":50,"t":0}"#)
        transport.send(2, #"{"type":"pointer","phase":"up","x":100,"y":50,"t":1}"#)
        transport.leave(1)
        transport.leave(2)
        transport.tick(by: .milliseconds(4_900))
        #expect(transport.hub.sessionCount == 2)
        transport.tick(by: .milliseconds(200))
        #expect(transport.hub.sessionCount == 1, "the untouched session ended at 5 s")
        transport.tick(by: .seconds(55))
        #expect(transport.hub.sessionCount == 0)
    }

    @Test("a full table drops the untouched empty session first, then the one empty longest; never one watched")
    func evictionOrder() {
        var transport = HubTests.FakeTransport()
        transport.hub = PreviewHub(limits: PreviewHub.Limits(maximumSessions: 3))
        transport.open(1, ["session": "touched"])
        transport.send(1, #"{"type":"command","name":"next"}"#)
        transport.leave(1)
        transport.tick(by: .seconds(1))
        transport.open(2, ["session": "untouched"])
        transport.leave(2)
        transport.open(3, ["session": "watched"])
        transport.open(4, ["session": "new1"])
        #expect(transport.types(4).first == "welcome")
        let afterFirst = Set(transport.hub.sessions.keys)
        #expect(afterFirst == ["touched", "watched", "new1"])
        transport.open(5, ["session": "new2"])
        #expect(transport.types(5).first == "welcome")
        #expect(Set(transport.hub.sessions.keys) == ["watched", "new1", "new2"])
        // Every session watched: a new one is refused as before.
        transport.open(6, ["session": "new3"])
        #expect(transport.types(6).first == "error")
        #expect(transport.closed[6] == 1013)
    }

    @Test(
        "a flood of journals in other sessions never ends a recording within its share; a recording past the reservations is refused at start"
    )
    func recordingReservation() throws {
        let budget = 1024 * 1024
        var transport = HubTests.FakeTransport()
        transport.hub = PreviewHub(limits: PreviewHub.Limits(journalBudget: budget))
        transport.open(1, ["session": "recorder", "clock": "manual"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        #expect(RecordingTests.messages(transport, 1).last?["state"] == .string("started"))
        transport.open(2, ["session": "flood", "clock": "manual"])
        transport.send(2, RecordingTests.pointer("down", x: 200, t: 0))
        for number in 0..<200 { transport.send(2, MemoryFootprintTests.configure(number)) }
        #expect(transport.hub.journalFootprint <= budget)
        transport.send(1, #"{"type":"command","name":"next"}"#)
        transport.send(1, #"{"type":"advance","ms":1000}"#)
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        #expect(RecordingTests.recordingText(transport, 1) != nil, "the recording was ended by another session")
        // Four recordings hold the four quarters of the budget: a fifth is refused at its start.
        for index in 0..<5 {
            transport.open(10 + index, ["session": "r\(index)", "clock": "manual"])
            transport.send(10 + index, #"{"type":"record","action":"start"}"#)
        }
        let refusal = try #require(RecordingTests.messages(transport, 14).last)
        #expect(refusal["code"] == .string("server_full") && refusal["ref"] == .string("record"))
        #expect(refusal["message"]?.encoded.contains("reserved by 4 recordings under way") == true)
    }

    @Test("64 viewers renaming at once share one allowance: 20 names a second for the session, the rest refused")
    func broadcastRateAcrossViewers() {
        var transport = HubTests.FakeTransport()
        for connection in 1...64 { transport.open(connection, ["session": "names"]) }
        var accepted = 0
        var limited = 0
        for round in 0..<5 {
            for connection in 1...64 {
                let before = transport.sent[connection]?.count ?? 0
                transport.send(connection, #"{"type":"name","name":"N\#(connection)-\#(round)"}"#)
                let answers = transport.sent[connection]![before...]
                if answers.contains(where: { $0.contains(#""code":"rate_limited""#) }) {
                    limited += 1
                } else {
                    accepted += 1
                }
            }
        }
        #expect(accepted == Int(RateLimiter.broadcastRate))
        #expect(limited == 5 * 64 - accepted)
        transport.tick(by: .seconds(1))
        let before = transport.sent[1]!.count
        transport.send(1, #"{"type":"name","name":"Later"}"#)
        #expect(!transport.sent[1]![before...].contains { $0.contains("rate_limited") })
    }

    @Test("an address beyond loopback holds at most 64 connections; others and loopback are not held back")
    func perAddressQuota() {
        var hub = PreviewHub()
        let limit = PreviewHub.Limits.maximumConnectionsPerAddress
        for connection in 1...limit {
            let opened = hub.open(connection, query: ["session": "s\(connection)"], address: "10.0.0.2", now: .zero)
            #expect(!opened.actions.contains { if case .close = $0 { true } else { false } })
        }
        let refused = hub.open(1000, query: ["session": "more"], address: "10.0.0.2", now: .zero)
        #expect(refused.actions.contains(.close(connection: 1000, code: 1013, reason: "server full")))
        let other = hub.open(1001, query: ["session": "more"], address: "10.0.0.3", now: .zero)
        #expect(!other.actions.contains { if case .close = $0 { true } else { false } })
        for connection in 2000..<2100 {
            let local = hub.open(connection, query: ["session": "local"], now: .zero)
            #expect(!local.actions.contains { if case .close = $0 { true } else { false } })
        }
        _ = hub.close(1, now: .zero)
        let again = hub.open(1002, query: ["session": "more"], address: "10.0.0.2", now: .zero)
        #expect(!again.actions.contains { if case .close = $0 { true } else { false } })
    }
}
