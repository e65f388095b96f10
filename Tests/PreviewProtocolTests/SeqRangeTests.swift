import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// `seq` is a whole number with |seq| < 2^53 (issue 22: 2^53 was refused as "must be a whole
/// number", a rule stated nowhere). The error now states the range and echoes the number.
@Suite("seq: the whole numbers from -(2^53 - 1) to 2^53 - 1, and an error that says so")
struct SeqRangeTests {
    static let rule = "must be a whole number from -9007199254740991 to 9007199254740991"

    static func pointer(seq: String, type: String = "pointer") -> String {
        type == "pointer"
            ? "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"y\":0,\"t\":0,\"seq\":\(seq)}"
            : "{\"type\":\"advance\",\"ms\":4,\"seq\":\(seq)}"
    }

    @Test(
        "the edges and -0 are accepted, -0 as 0",
        arguments: [
            ("9007199254740991", 9_007_199_254_740_991), ("-9007199254740991", -9_007_199_254_740_991),
            ("-0", 0), ("0", 0), ("-0.0", 0), ("1e3", 1000),
        ]
    )
    func accepted(text: String, seq: Int) throws {
        #expect(try ClientMessage.decode(Self.pointer(seq: text)).seq == seq)
    }

    @Test(
        "past the edges, fractions and huge numbers: invalid_value naming the range and the number",
        arguments: [
            ("9007199254740992", "9007199254740992"), ("-9007199254740992", "-9007199254740992"),
            ("1.5", "1.5"), ("-0.5", "-0.5"), ("1e300", "1e+300"), ("-1e300", "-1e+300"),
            ("18446744073709551616", "1.8446744073709552e+19"),
        ]
    )
    func refused(text: String, echoed: String) {
        for type in ["pointer", "advance"] {
            do {
                _ = try ClientMessage.decode(Self.pointer(seq: text, type: type))
                Issue.record("accepted seq \(text)")
            } catch {
                #expect(error.code == .invalidValue)
                #expect(error.message == "\(type).seq \(Self.rule), got \(echoed)")
                #expect(error.field == "\(type).seq")
            }
        }
    }

    @Test("a seq that is no number is bad_message, with the same rule")
    func notANumber() {
        do {
            _ = try ClientMessage.decode(Self.pointer(seq: "\"7\""))
            Issue.record("accepted a string seq")
        } catch {
            #expect(error.code == .badMessage)
            #expect(error.message == "pointer.seq \(Self.rule), got a string")
        }
    }

    @Test("over the hub: 2^53 - 1 is echoed exactly in input; 2^53 is answered with the exact error")
    func throughTheHub() throws {
        var transport = HubTests.FakeTransport.opened(["session": "seq", "clock": "manual"])
        transport.send(1, "{\"type\":\"advance\",\"ms\":4,\"seq\":9007199254740991}")
        #expect(transport.sent[1]!.last!.contains("\"input\":{\"client\":1,\"seq\":9007199254740991}"))
        transport.send(1, "{\"type\":\"advance\",\"ms\":4,\"seq\":9007199254740992}")
        let error = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(error["type"] == .string("error"))
        #expect(error["code"] == .string("invalid_value"))
        #expect(error["field"] == .string("advance.seq"))
        #expect(error["message"] == .string("advance.seq \(Self.rule), got 9007199254740992"))
    }
}

/// What docs/protocol/README.md says of a live replay's frame numbers (issue 22: `seq` went backwards against
/// "grows by one per frame"). Not renumbered: the replayed frames are the headless replay's bytes.
@Suite("A live replay's frames carry the recording's seq; the session's own frames go on from its own")
struct ReplayedFrameSeqTests {
    static func seq(_ text: String) -> Int? {
        guard case .number(let seq)? = (try? JSONParser.parse(text))?["seq"] else { return nil }
        return Int(seq)
    }

    @Test(
        "replayed frames count on by one from the recording's numbers; after finished, the session's own count resumes"
    )
    func replayedSeq() throws {
        let text = try LiveReplayTests.liveRecording()
        var transport = HubTests.FakeTransport()
        transport.open(7, ["session": "numbers"])
        // The session's own frames first, so its count runs past the recording's first numbers.
        for _ in 0..<40 {
            transport.send(7, #"{"type":"command","name":"next","seq":1}"#)
            transport.tick(by: .milliseconds(16))
        }
        for _ in 0..<100 { transport.tick(by: .milliseconds(16)) }
        let own = transport.sent[7]!.filter { $0.hasPrefix(#"{"type":"frame""#) }.compactMap(Self.seq)
        let lastOwn = try #require(own.last)
        #expect(own == Array(1...lastOwn), "the session's own frames grow by one")
        let before = transport.sent[7]!.count
        LiveReplayTests.upload(text, speed: 1, to: 7, on: &transport)
        var ticks = 0
        while !transport.sent[7]!.contains(#"{"type":"replay","state":"finished"}"#), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        let messages = Array(transport.sent[7]![before...])
        let finished = try #require(messages.firstIndex(of: #"{"type":"replay","state":"finished"}"#))
        let replayed = messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }.compactMap(Self.seq)
        let recorded = try Replay.frames(of: Recording(text: text)).compactMap(Self.seq)
        #expect(replayed == recorded, "the recording's own numbers")
        let first = try #require(replayed.first)
        #expect(first < lastOwn, "seq goes back at started")
        #expect(replayed == Array(first..<(first + replayed.count)), "and grows by one per replayed frame")
        let resumed = messages[(finished + 1)...].first { $0.hasPrefix(#"{"type":"frame""#) }.flatMap(Self.seq)
        #expect(resumed == lastOwn + 1, "the session made no frame meanwhile")
    }
}
