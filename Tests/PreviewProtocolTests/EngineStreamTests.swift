import CarouselABI
import CarouselCore
import Foundation
import PreviewMedia
import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// Pages that run the engine follow a session's engine stream (`engine=stream`) in place of its
/// frames: after every step of random sessions (drags, flicks caught mid-flight, commands, settings,
/// presets of another layout, items, hidden and shown, viewers joining mid-motion and leaving, time
/// passing), each follower's engine, run from what it was sent and brought to the session's time,
/// is the session's engine to the bit; and it was sent far fewer messages than the frames.
@Suite("The engine stream: a page that runs the engine is the session's engine after every step")
struct EngineStreamTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// A follower's engine, from the `engine` messages its connection was sent.
    struct Follower {
        let connection: Int
        var host = EngineHost()
        /// The session's time at the last batch, exactly: a live session's times are whole
        /// nanoseconds, which the message's milliseconds give back rounded.
        var batchTime: Duration?
        var read = 0

        /// Runs what came since the last call.
        mutating func follow(_ sent: [String]) throws {
            for text in sent[read...] {
                let message = try JSONParser.parse(text)
                switch message["type"] {
                case .string("engine"):
                    if message["start"] == .bool(true) { host = EngineHost() }
                    guard batchTime != nil || message["start"] == .bool(true) else { continue }
                    guard case .string(let encoded)? = message["calls"], let calls = Base64.decode(encoded) else {
                        Issue.record("an engine message without calls: \(text)")
                        continue
                    }
                    _ = host.run(batch: calls)  // an input the session's engine refused is refused here too
                    guard case .number(let milliseconds)? = message["time"] else { continue }
                    batchTime = .nanoseconds(Int64((milliseconds * 1e6).rounded()))
                case .string("frame") where batchTime != nil:
                    Issue.record("connection \(connection) was sent a frame while it follows the stream")
                default: break
                }
            }
            read = sent.count
        }

        /// The follower's engine brought to `sessionTime`, as its page's own clock would.
        func engine(at sessionTime: Duration) -> Engine? {
            guard let batchTime, var copy = Optional(host) else { return nil }
            for call in EngineCall.advancing(by: sessionTime - batchTime) ?? [] { _ = call.run(on: &copy) }
            return copy.engine
        }
    }

    /// What a page draws, without the events (a follower takes them in its own frames).
    static func drawn(_ engine: Engine) -> Frame {
        var frame = engine.frame
        frame.events = []
        return frame
    }

    @Test(
        "after every step of random sessions, every follower's engine is the session's",
        arguments: ["live", "manual"],
        1...4
    )
    func randomSessions(clock: String, seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 104_729)
        let presets = Configuration.presetNames
        var transport = FakeTransport.opened(["session": "s", "preset": presets[seed % presets.count], "clock": clock])
        // Time passes: a live clock's ticks, or a manual clock's `advance` (fractions of a nanosecond too).
        func wait(_ duration: Duration, _ transport: inout FakeTransport) {
            if clock == "live" {
                transport.tick(by: duration)
            } else {
                transport.send(1, #"{"type":"advance","ms":\#(duration.milliseconds + 0.000000001)}"#)
            }
        }
        transport.open(2, ["session": "s", "engine": "stream"])
        var followers = [Follower(connection: 2)]
        var t = 0.0
        var compared = 0
        var quiet = (frames: 0, batches: 0, seconds: 0.0)
        func check(_ transport: FakeTransport, _ followers: inout [Follower], step: Int) throws {
            let session = try #require(transport.hub.sessions["s"]?.session)
            // Changes held for the next batch (at most `EngineStream.hold`) are not the followers' yet.
            guard session.streamHeldSince == nil else { return }
            for index in followers.indices {
                try followers[index].follow(transport.sent[followers[index].connection] ?? [])
                guard let engine = followers[index].engine(at: session.time) else { continue }
                #expect(
                    Self.drawn(engine) == Self.drawn(session.engine),
                    "\(clock) seed \(seed) step \(step): connection \(followers[index].connection) differs"
                )
                compared += 1
            }
        }
        for step in 0..<160 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                // A drag, fast or slow, by the framed viewer or a follower, with the ticks between.
                let who = [1, 2].randomElement(using: &random)!
                let speed = Double.random(in: -3...3, using: &random)
                var x = Double.random(in: 60...320, using: &random)
                // The follower is a page that runs the engine: it stamps its finger with the time it
                // drew, some milliseconds before the message comes (or, now and then, a time that
                // cannot be gone back to: the session's future, or before another input).
                func stamp(_ transport: FakeTransport) -> Double? {
                    guard who == 2, clock == "live" else { return nil }
                    let now = transport.hub.sessions["s"]!.session.time.milliseconds
                    return max(0, now - Double(Int.random(in: -5...45, using: &random)))
                }
                transport.send(who, StampedInputTests.pointer("down", x: x, t: t, at: stamp(transport)))
                for _ in 0..<Int.random(in: 1...12, using: &random) {
                    wait(.milliseconds(Int.random(in: 7...17, using: &random)), &transport)
                    t += 12
                    x += speed * 12
                    transport.send(who, StampedInputTests.pointer("move", x: x, t: t, at: stamp(transport)))
                }
                let lift = Bool.random(using: &random) ? "up" : "cancel"
                transport.send(who, StampedInputTests.pointer(lift, x: x, t: t, at: stamp(transport)))
            case 4:
                let command = [
                    #""name":"next""#, #""name":"prev""#, #""name":"goto","index":2"#,
                    #""name":"autoscroll","enabled":true"#,
                ].randomElement(using: &random)!
                transport.send(1, #"{"type":"command",\#(command)}"#)
            case 5:
                let change = [
                    #""config":{"spacing":\#(Int.random(in: 0...30, using: &random))}"#,
                    #""config":{"preset":"\#(presets.randomElement(using: &random)!)"}"#,
                    #""itemCount":\#(Int.random(in: 1...9, using: &random))"#,
                    #""items":[{"id":"a","title":"A"},{"id":"b","title":"B"},{"id":"c","title":"C"}]"#,
                    #""config":{"snapping":"free","decelerationRate":0.998}"#,
                ].randomElement(using: &random)!
                transport.send([1, 2].randomElement(using: &random)!, #"{"type":"configure",\#(change)}"#)
            case 6:
                transport.send(1, #"{"type":"visibility","hidden":\#(Bool.random(using: &random))}"#)
            case 7:
                // A follower joins (mid-motion or at rest), or the last one to join leaves.
                if followers.count < 3 {
                    let connection = 3 + followers.count
                    transport.open(connection, ["session": "s", "engine": "stream"])
                    followers.append(Follower(connection: connection))
                } else {
                    transport.leave(followers.removeLast().connection)
                }
            default:
                // Time passes with nobody touching: a settle, an auto-scroll, or nothing (counted once
                // what was held for the followers went).
                wait(EngineStream.hold, &transport)
                let before = (frames: Self.count("frame", transport, 1), batches: Self.count("engine", transport, 2))
                var waited = EngineStream.hold  // time left alone too: it may bring time on its own
                for _ in 0..<Int.random(in: 1...90, using: &random) {
                    let tick = Duration.milliseconds(Int.random(in: 8...33, using: &random))
                    wait(tick, &transport)
                    waited += tick
                }
                quiet.frames += Self.count("frame", transport, 1) - before.frames
                quiet.batches += Self.count("engine", transport, 2) - before.batches
                quiet.seconds += waited.milliseconds / 1000
            }
            t += 40
            try check(transport, &followers, step: step)
        }
        // Not while changes are held for the next batch, so about every other step.
        #expect(compared > 100, "seed \(seed): \(compared) comparisons")
        // Left alone, the carousel moves with no message to a follower but one a second of time (a
        // manual clock's `advance` is an input: each is streamed).
        #expect(
            clock == "manual" || Double(quiet.batches) <= quiet.seconds + 1,
            "\(clock) seed \(seed): \(quiet.batches) engine messages against \(quiet.frames) frames in \(quiet.seconds) s left alone"
        )
        print(
            "EngineStreamTests \(clock) seed \(seed): left alone \(quiet.seconds) s, \(quiet.frames) frames, \(quiet.batches) engine messages; \(compared) comparisons"
        )
    }

    static func count(_ type: String, _ transport: FakeTransport, _ connection: Int) -> Int {
        (transport.sent[connection] ?? []).filter { $0.hasPrefix(#"{"type":"\#(type)""#) }.count
    }

    @Test("a follower gets no frames, a welcome that says so, and its start before anything else of the stream")
    func handshake() throws {
        var transport = FakeTransport.opened(["session": "h"])
        transport.open(2, ["session": "h", "engine": "stream"])
        let sent = try #require(transport.sent[2]).map { try JSONParser.parse($0) }
        #expect(sent.first?["engine"] == .string("stream"))
        let engine = try #require(sent.first { $0["type"] == .string("engine") })
        #expect(engine["start"] == .bool(true))
        #expect(!sent.contains { $0["type"] == .string("frame") })
        // Asked for anything else, or not at all, a viewer gets frames as before.
        transport.open(3, ["session": "h", "engine": "frames"])
        let other = try #require(transport.sent[3]).map { try JSONParser.parse($0) }
        #expect(other.first?["engine"] == nil)
        #expect(other.contains { $0["type"] == .string("frame") })
        #expect(!other.contains { $0["type"] == .string("engine") })
    }

    @Test("a follower joining after time passed at rest starts where the calls stand and is told the session's now")
    func joinerIsToldNow() throws {
        var transport = FakeTransport.opened(["session": "n"])
        transport.open(2, ["session": "n", "engine": "stream"])
        // A drag moves the session (a batch), then it rests and time passes with no call written.
        transport.send(2, #"{"type":"pointer","phase":"down","x":200,"y":90,"t":0,"seq":1,"pointerType":"touch"}"#)
        transport.tick(by: EngineStream.hold)
        let answer = try #require(
            transport.sent[2]?.last { $0.hasPrefix(#"{"type":"engine""#) }.map { try JSONParser.parse($0) }
        )
        #expect(answer["input"]?["pointerType"] == .string("touch"), "an answer names the finger, as a frame does")
        transport.send(2, #"{"type":"pointer","phase":"up","x":200,"y":90,"t":10,"seq":2}"#)
        transport.tick(by: .seconds(3))
        transport.tick(by: .milliseconds(500))  // less than a heartbeat: gathered, not yet written
        transport.open(3, ["session": "n", "engine": "stream"])
        let start = try #require(
            transport.sent[3]?.map { try JSONParser.parse($0) }.first { $0["start"] == .bool(true) }
        )
        let session = try #require(transport.hub.sessions["n"]?.session)
        guard case .number(let time)? = start["time"], case .number(let now)? = start["now"] else {
            Issue.record("a start with time and now: \(start)")
            return
        }
        #expect(now == session.time.milliseconds)
        #expect(time < now, "the calls stand at the last call; the session is further on")
    }

    @Test("during a replay a follower draws the replay's frames; once the session rests again it follows again")
    func replay() throws {
        var transport = FakeTransport.opened(["session": "r"])
        transport.open(2, ["session": "r", "engine": "stream"])
        transport.send(1, RecordingTests.pointer("down", x: 300, t: 0))
        for step in 1...6 {
            transport.tick(by: .milliseconds(16))
            transport.send(1, RecordingTests.pointer("move", x: 300 - 30 * Double(step), t: 16 * Double(step)))
        }
        transport.send(1, RecordingTests.pointer("up", x: 120, t: 96))
        for _ in 0..<120 { transport.tick(by: .milliseconds(16)) }
        let before = transport.sent[2]!.count
        transport.send(1, #"{"type":"replay","gesture":"last","speed":1}"#)
        var ticks = 0
        while !transport.sent[2]![before...].contains(#"{"type":"replay","state":"finished"}"#), ticks < 2_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        for _ in 0..<120 { transport.tick(by: .milliseconds(16)) }
        let during = transport.sent[2]![before...].map { try! JSONParser.parse($0) }
        #expect(during.contains { $0["type"] == .string("frame") }, "the follower was sent the replay's frames")
        let restarted = try #require(during.lastIndex { $0["type"] == .string("engine") && $0["start"] == .bool(true) })
        #expect(!during[restarted...].contains { $0["type"] == .string("frame") }, "no frames once it follows again")
        var follower = Follower(connection: 2)
        try follower.follow(Array(transport.sent[2]![(before + restarted)...]))
        let session = try #require(transport.hub.sessions["r"]?.session)
        let engine = try #require(follower.engine(at: session.time))
        #expect(Self.drawn(engine) == Self.drawn(session.engine))
    }
}
