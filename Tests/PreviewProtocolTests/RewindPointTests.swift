import PreviewRecording
import TestSupport
import Testing

@testable import PreviewProtocol

/// Where a stamped input may go back to: the rewind point. While only time passes it follows the
/// session on a grid of session time, however often the session is touched, and a checkpoint at rest
/// is written where it stands, so an input stamped a network's delay ago still goes in at its time:
/// after a long motion ticked sixty times a second, and when the rest's checkpoint is written while
/// the input is on its way.
@Suite("The rewind point: a page's input stamped a network's delay ago goes in at its time")
struct RewindPointTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let tick = Duration.milliseconds(16)

    /// A session with a frames viewer (1) and a page following the stream (2).
    static func opened(_ name: String) -> FakeTransport {
        var transport = FakeTransport.opened(["session": name, "preset": "coverflow"])
        transport.open(2, ["session": name, "engine": "stream"])
        return transport
    }

    static func time(_ transport: FakeTransport, _ name: String) -> Double {
        transport.hub.sessions[name]!.session.time.milliseconds
    }

    /// Page 2 flicks: each message stamped with the session time when it was made, and sent `delay`
    /// ms later (less than the 16 ms between messages); the stamps, by `seq`.
    static func flick(
        _ transport: inout FakeTransport,
        _ name: String,
        seq: inout Int,
        delay: Int,
        firstStamp: Double? = nil
    ) -> [Int: Double] {
        var stamps: [Int: Double] = [:]
        for index in 0..<8 {
            let phase = index == 0 ? "down" : index == 7 ? "up" : "move"
            let at = index == 0 ? firstStamp ?? Self.time(transport, name) : Self.time(transport, name)
            for _ in 0..<delay { transport.tick(by: .milliseconds(1)) }
            seq += 1
            stamps[seq] = at
            transport.send(
                2,
                StampedInputTests.pointer(phase, x: 300 - Double(index) * 30, t: Double(index) * 16, at: at, seq: seq)
            )
            for _ in delay..<16 { transport.tick(by: .milliseconds(1)) }
        }
        return stamps
    }

    static func expectGivenAtTheirStamps(_ transport: FakeTransport, _ stamps: [Int: Double], _ context: String) throws
    {
        let answers = try StampedInputTests.answers(transport, 2).filter { stamps[$0.seq] != nil }
        #expect(answers.last?.seq == stamps.keys.max(), "\(context): every input answered")
        // In whole nanoseconds, as the session keeps time (its milliseconds print as the nearest double).
        let nanoseconds = { (milliseconds: Double) in (milliseconds * 1e6).rounded() }
        for answer in answers {
            #expect(
                nanoseconds(answer.at) == nanoseconds(stamps[answer.seq]!),
                "\(context): seq \(answer.seq) given at \(answer.at), stamped \(stamps[answer.seq]!)"
            )
        }
    }

    @Test(
        "after two seconds of only time, touched every 16 ms, an input stamped 150 ms ago goes in then",
        arguments: [0, 1, 2]
    )
    func afterLongTicking(seed: Int) throws {
        var transport = Self.opened("long")
        // Each tick catches the session up by a little: a point moved only by a long step would stay
        // where the stream last stood.
        for _ in 0..<(125 + seed * 7) { transport.tick(by: Self.tick) }
        let at = Self.time(transport, "long") - 150
        var seq = 0
        let stamps = Self.flick(&transport, "long", seq: &seq, delay: 5, firstStamp: at)
        for _ in 0..<60 { transport.tick(by: Self.tick) }
        try Self.expectGivenAtTheirStamps(transport, stamps, "seed \(seed)")
    }

    @Test(
        "an input stamped before the rest's checkpoint and arriving after it goes in at its time, and its gesture replays to its frames",
        arguments: 1...6
    )
    func acrossTheCheckpoint(ticksBefore: Int) throws {
        var transport = Self.opened("rest")
        var seq = 0
        _ = Self.flick(&transport, "rest", seq: &seq, delay: 15)
        // Until the checkpoint at rest (put off a second after the page's last stamped input and the
        // rest's start); the page stamped its next down `ticksBefore` ticks before it.
        var times: [Double] = []
        var checkpoints = 0
        let base = { (transport: FakeTransport) in transport.hub.sessions["rest"]!.session.journal.base }
        while checkpoints < 2 {
            let before = base(transport)
            times.append(Self.time(transport, "rest"))
            transport.tick(by: Self.tick)
            if base(transport) != before { checkpoints += 1 }
        }
        let at = times[times.count - ticksBefore]
        let framesBefore = transport.sent[1]!.count
        let stamps = Self.flick(&transport, "rest", seq: &seq, delay: 10, firstStamp: at)
        for _ in 0..<150 { transport.tick(by: Self.tick) }
        try Self.expectGivenAtTheirStamps(transport, stamps, "stamped \(ticksBefore) ticks before the checkpoint")
        // The slow-motion replay of the last gesture, at full speed: the frames viewer 1 got.
        let gesture = transport.sent[1]![framesBefore...].filter { $0.hasPrefix(#"{"type":"frame""#) }
        let settle = try #require(gesture.firstIndex { $0.contains(#"{"type":"settled""#) })
        let start = transport.sent[1]!.count
        transport.send(1, #"{"type":"replay","gesture":"last","speed":1}"#)
        let (messages, _) = LastGestureReplayTests.playToEnd(&transport, from: start)
        let finished = try #require(messages.firstIndex(of: #"{"type":"replay","state":"finished"}"#))
        let played = messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(Array(played) == Array(gesture[...settle]), "the replay's frames are the gesture's")
    }

    /// How far behind the session a page that runs the engine may draw, and so stamp its finger:
    /// its clock keeps at most 400 ms behind the least-delayed message (sessionclock.js's
    /// MOST_DELAY_MS, a network whose delays spread that much), which itself came some delay late.
    static let pageDrawsBehind = Duration.milliseconds(400 + 90)

    @Test(
        "an input stamped as far back as a page draws (400 ms behind the least-delayed message, itself 90 ms late) goes in at its time when only time came between, however the session was touched",
        arguments: 0..<24
    )
    func asFarBackAsAPageDraws(seed: Int) throws {
        print("RewindPointTests.asFarBackAsAPageDraws seed: \(seed)")
        var random = SeededGenerator(seed: UInt64(seed) &* 6151 &+ 17)
        // No auto-scroll: its rest is a change, where a stamped input goes back no further.
        var transport = FakeTransport.opened(["session": "far", "preset": "coverflow", "autoscroll": "off"])
        transport.open(2, ["session": "far", "engine": "stream"])
        // The joins' checkpoint at the first rest is a change too: written before the page's finger.
        transport.tick(by: .seconds(2))
        // Time alone first, the session touched at random: often (a motion's ticks), seldom, or not
        // for seconds (a session at rest needs no tick).
        for _ in 0..<Int.random(in: 1...40, using: &random) {
            let step = [1, 16, 100, 249, 251, 499, 501, 1000, 3000].randomElement(using: &random)!
            transport.tick(by: .milliseconds(step))
        }
        var seq = 0
        var stamps: [Int: Double] = [:]
        var lastStamp = 0.0
        for index in 0..<10 {
            let phase = index == 0 ? "down" : index == 9 ? "up" : "move"
            // A page's drag is as uneven as its machine: up to 600 ms between two moves.
            transport.tick(by: .milliseconds(Int.random(in: 1...600, using: &random)))
            let behind = Double.random(in: 0...Self.pageDrawsBehind.milliseconds, using: &random)
            // In whole nanoseconds, as the session takes it.
            let at = max(lastStamp, ((Self.time(transport, "far") - behind) * 1e6).rounded() / 1e6)
            lastStamp = at
            seq += 1
            stamps[seq] = at
            transport.send(2, StampedInputTests.pointer(phase, x: 300 - Double(index) * 12, t: at, at: at, seq: seq))
        }
        transport.tick(by: EngineStream.hold)
        try Self.expectGivenAtTheirStamps(transport, stamps, "seed \(seed)")
    }
}
