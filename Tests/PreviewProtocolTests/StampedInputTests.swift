import CarouselCore
import Foundation
import PreviewRecording
import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// A page that runs the engine stamps its finger's messages with the session time it applied them
/// at (`at`): a live session gives each there when nothing but time happened since, so its engine
/// is the one a session that got each message at exactly that time would have; otherwise now.
@Suite("Stamped inputs: given at the time the page gave them, when nothing came between")
struct StampedInputTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func pointer(_ phase: String, x: Double, t: Double, at: Double? = nil, seq: Int? = nil) -> String {
        let stamp = at.map { #","at":\#($0)"# } ?? ""
        let numbered = seq.map { #","seq":\#($0)"# } ?? ""
        return #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(t)\#(stamp)\#(numbered)}"#
    }

    /// The engine messages' answers `connection` got: each answered `seq` with the session time its
    /// input went in at (a live session holds its changes a little, so one answer may stand for several).
    static func answers(_ transport: FakeTransport, _ connection: Int) throws -> [(seq: Int, at: Double)] {
        try (transport.sent[connection] ?? []).filter { $0.hasPrefix(#"{"type":"engine""#) }.compactMap {
            let input = try JSONParser.parse($0)["input"]
            guard case .number(let seq)? = input?["seq"], case .number(let at)? = input?["at"] else { return nil }
            return (Int(seq), at)
        }
    }

    static func session(_ transport: FakeTransport, _ name: String) -> Session {
        transport.hub.sessions[name]!.session
    }

    /// A drag whose every message reaches the session `delay` after the time it was given at,
    /// against the same drag given on time: the same engine, to the bit, after every message.
    @Test(
        "a drag and flick stamped and late by a network's delay ends where one given on time does",
        arguments: [1, 2, 3]
    )
    func lateButStamped(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919)
        var stamped = FakeTransport.opened(["session": "s", "preset": "coverflow"])
        var onTime = FakeTransport.opened(["session": "s", "preset": "coverflow"])
        stamped.open(2, ["session": "s", "engine": "stream"])
        onTime.open(2, ["session": "s", "engine": "stream"])
        var x = 300.0
        var t = 0.0
        var stampedAt: [Int: Double] = [:]
        for index in 0..<14 {
            let phase = index == 0 ? "down" : index == 13 ? "up" : "move"
            let gap = Duration.milliseconds(Int.random(in: 6...20, using: &random))
            let delay = Duration.milliseconds(Int.random(in: 5...60, using: &random))
            // On time: the message at its time. Stamped: time passes by the delay, then it comes.
            onTime.tick(by: gap)
            stamped.tick(by: gap)
            let at = Self.session(stamped, "s").time.milliseconds
            onTime.send(2, Self.pointer(phase, x: x, t: t))
            stamped.tick(by: delay)
            stamped.send(2, Self.pointer(phase, x: x, t: t, at: at, seq: index + 1))
            stampedAt[index + 1] = at
            onTime.tick(by: delay)
            #expect(
                EngineStreamTests.drawn(Self.session(stamped, "s").engine)
                    == EngineStreamTests.drawn(Self.session(onTime, "s").engine),
                "seed \(seed) message \(index)"
            )
            x -= Double.random(in: 5...30, using: &random)
            t += 16
        }
        for _ in 0..<100 {
            onTime.tick(by: .milliseconds(16))
            stamped.tick(by: .milliseconds(16))
        }
        // Every answer says its input went in at the time it was stamped with, the last one included.
        let answers = try Self.answers(stamped, 2)
        #expect(answers.last?.seq == 14, "seed \(seed)")
        #expect(answers.allSatisfy { stampedAt[$0.seq] == $0.at }, "seed \(seed): \(answers) against \(stampedAt)")
        #expect(
            EngineStreamTests.drawn(Self.session(stamped, "s").engine)
                == EngineStreamTests.drawn(Self.session(onTime, "s").engine)
        )
    }

    @Test("a stamped input older than another viewer's input goes in just after it, not before, not now")
    func interleaved() throws {
        var transport = FakeTransport.opened(["session": "i"])
        transport.open(2, ["session": "i", "engine": "stream"])
        transport.tick(by: .milliseconds(100))
        let at = Self.session(transport, "i").time.milliseconds
        transport.tick(by: .milliseconds(20))
        transport.send(1, #"{"type":"command","name":"next"}"#)
        let command = Self.session(transport, "i").time.milliseconds
        transport.tick(by: .milliseconds(20))
        transport.send(2, Self.pointer("down", x: 200, t: 0, at: at, seq: 1))
        transport.tick(by: EngineStream.hold)
        let answer = try #require(try Self.answers(transport, 2).last)
        #expect(answer.seq == 1 && answer.at == command, "given where the command left the stream, not at \(at)")
    }

    @Test("a recording of stamped inputs replays to the frames its viewers got")
    func recorded() throws {
        var transport = FakeTransport.opened(["session": "r"])
        transport.open(2, ["session": "r", "engine": "stream"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        let start = transport.sent[1]!.count
        var x = 300.0
        for index in 0..<10 {
            let phase = index == 0 ? "down" : index == 9 ? "up" : "move"
            transport.tick(by: .milliseconds(16))
            let at = Self.session(transport, "r").time.milliseconds
            transport.tick(by: .milliseconds(25))
            transport.send(2, Self.pointer(phase, x: x, t: Double(index) * 16, at: at))
            x -= 25
        }
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let message = try #require(transport.sent[1]!.last { $0.hasPrefix(#"{"type":"recording""#) })
        let recording = try Recording(text: try #require(JSONParser.parse(message)["recording"]).encoded)
        let frames = transport.sent[1]![start...].filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(
            FrameComparison.firstDifference(expected: Array(frames), actual: try Replay.frames(of: recording)) == nil
        )
        #expect(recording.json.encoded.contains(#""at":"#), "the recording keeps the stamps")
    }

    @Test(
        "an `at` at the protocol's limits goes in now; after an hour at rest, one just before now re-runs half a second, not the hour"
    )
    func edges() throws {
        var transport = FakeTransport.opened(["session": "e"])
        transport.open(2, ["session": "e", "engine": "stream"])
        // An hour with nothing but time and no tick (a session at rest needs none): the message's
        // catch-up stops half a second short of now and keeps the engine there as the rewind point,
        // so a stamped input goes back from there, never re-running the hour.
        transport.now += .seconds(3600)
        var seq = 0
        // Each `at` against the session's time as it is sent: just before it, the protocol's limits,
        // the very time, just after.
        let stamps: [(Double) -> Double] = [
            { $0 - 1 }, { _ in 1e15 }, { _ in 0 }, { _ in -0.0 }, { _ in .leastNonzeroMagnitude }, { _ in 1e-307 },
            { $0 }, { $0 + 1 },
        ]
        for (index, stamp) in stamps.enumerated() {
            let now = transport.now.milliseconds  // the session's time once a message brings it there
            let at = stamp(now)
            // Before where the stream stands (kept at most half a second back), an input goes in there.
            let standing = try #require(transport.hub.sessions["e"]?.session).rewindPoint.time.milliseconds
            let kept = max(standing, now - Session.rewindPointKept.milliseconds)
            for (phase, t) in [("down", 0.0), ("up", 1.0)] {
                seq += 1
                transport.send(2, Self.pointer(phase, x: 200, t: t, at: at, seq: seq))
                let session = try #require(transport.hub.sessions["e"]?.session)
                #expect(session.time - session.rewindPoint.time <= Session.rewindPointKept, "\(at) \(phase)")
            }
            transport.tick(by: EngineStream.hold)  // what the stream held goes
            let given = index == 0 || at >= now ? (at < now ? at : now) : max(at, kept)
            let answer = try #require(try Self.answers(transport, 2).last)
            #expect(answer.seq == seq && answer.at == given, "\(at): given at \(given), answered \(answer)")
        }
    }

    @Test("an `at` that is not a session time is refused, naming it")
    func refused() throws {
        var transport = FakeTransport.opened(["session": "x"])
        for bad in ["-1", "1e16", #""soon""#] {
            transport.send(1, #"{"type":"pointer","phase":"down","x":1,"y":1,"t":0,"at":\#(bad)}"#)
            let error = try JSONParser.parse(try #require(transport.sent[1]?.last))
            #expect(error["field"] == .string("pointer.at"), "\(bad)")
        }
    }
}
