import PreviewRecording
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// Pausing, stepping and moving a replay as it plays: whatever a viewer asks, and in whatever
/// order, the frames the viewers get are the headless replay's, a step is exactly one of them, and a
/// move back plays the recording again to the same bytes.
@Suite("The replay player's controls: pause, resume, one frame's step and seek, for every viewer")
struct ReplayControlTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func control(_ action: String) -> String { #"{"type":"replay","action":"\#(action)"}"# }
    static func seek(_ ms: Double) -> String {
        JSONValue.object([("type", .string("replay")), ("action", .string("seek")), ("ms", .number(ms))]).encoded
    }

    /// Each frame viewer 1 got from `start` on, as its index in `headless`; a seek's arrival (a
    /// position message) starts a new run, marked -1.
    static func indices(_ transport: FakeTransport, from start: Int, in headless: [String]) -> [Int] {
        let place = Dictionary(headless.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var found: [Int] = []
        for text in transport.sent[1]![start...] {
            if text == ManualClockReplayTests.finished { break }
            if text.hasPrefix(#"{"type":"frame""#) { found.append(place[text] ?? -2) }
            if text.hasPrefix(#"{"type":"replay","state":"p"#), text.contains(#""client""#) { found.append(-1) }
        }
        return found
    }

    static func positions(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        RecordingTests.messages(transport, connection).filter {
            $0["type"] == .string("replay") && ($0["state"] == .string("paused") || $0["state"] == .string("playing"))
        }
    }

    @Test("paused, ticks and advances play nothing; resumed, it plays on to the same frames, byte for byte")
    func pauseHolds() throws {
        let text = try LiveReplayTests.liveRecording()
        let headless = try Replay.frames(of: Recording(text: text))
        var transport = FakeTransport.opened(["session": "theatre"])
        transport.open(2, ["session": "theatre"])
        let start = transport.sent[1]!.count
        LiveReplayTests.upload(text, speed: 0.5, to: 1, on: &transport)
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        transport.send(2, Self.control("pause"))
        let paused = try #require(Self.positions(transport, 1).last)
        #expect(paused["state"] == .string("paused") && paused["client"] == .number(2))
        #expect(Self.positions(transport, 2).last == paused, "every viewer hears it")
        let held = transport.sent[1]!.count
        for _ in 0..<500 { transport.tick(by: .milliseconds(16)) }
        #expect(transport.sent[1]!.count == held, "nothing plays while paused")
        transport.send(1, Self.control("resume"))
        let playing = try #require(Self.positions(transport, 1).last)
        #expect(playing["state"] == .string("playing") && playing["playedMs"] == paused["playedMs"])
        for _ in 0..<2_000 where !transport.sent[1]!.contains(ManualClockReplayTests.finished) {
            transport.tick(by: .milliseconds(16))
        }
        #expect(transport.sent[1]!.contains(ManualClockReplayTests.finished))
        let frames = ManualClockReplayTests.frames(
            transport.sent[1]![start...].prefix { $0 != ManualClockReplayTests.finished }
        )
        #expect(frames == headless)
    }

    @Test("each step plays exactly the next frame and pauses there; stepping on plays the whole replay")
    func stepByStep() throws {
        let text = try ManualClockReplayTests.recording(advances: 30)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, start) = ManualClockReplayTests.playing(text, speed: 1)
        #expect(ManualClockReplayTests.replayed(transport, from: start) == Array(headless.prefix(1)))
        var stepped = 1
        for _ in 0..<100 where !transport.sent[1]!.contains(ManualClockReplayTests.finished) {
            let before = transport.sent[1]!.count
            transport.send(1, Self.control("step"))
            // Up to the end: after `finished` the session's own frame comes.
            let new = Array(transport.sent[1]![before...].prefix { $0 != ManualClockReplayTests.finished })
            #expect(ManualClockReplayTests.frames(new).count <= 1, "\(new)")
            stepped += ManualClockReplayTests.frames(new).count
            #expect(ManualClockReplayTests.replayed(transport, from: start) == Array(headless.prefix(stepped)))
            let position = try #require(Self.positions(transport, 1).last)
            #expect(position["state"] == .string("paused"))
            // Each frame 16 ms of the recording later: the position says where it stands.
            #expect(position["playedMs"] == .number(Double(16 * (stepped - 1))))
        }
        #expect(stepped == headless.count)
        #expect(transport.sent[1]!.contains(ManualClockReplayTests.finished), "stepping past the last frame ends it")
    }

    @Test(
        "a seek back plays the recording again silently and shows the frame there; playing on matches the headless frames"
    )
    func seekBack() throws {
        let text = try ManualClockReplayTests.recording(advances: 30)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, start) = ManualClockReplayTests.playing(text, speed: 1)
        for _ in 0..<20 { transport.send(1, ManualClockReplayTests.advance16) }
        let before = transport.sent[1]!.count
        transport.send(2 - 1, Self.seek(160))
        let arrived = Array(transport.sent[1]![before...])
        // One frame (the one at 160 ms: the command's frame and ten advances), then the position.
        #expect(ManualClockReplayTests.frames(arrived) == [headless[10]], "\(arrived)")
        #expect(arrived.last == #"{"type":"replay","state":"playing","playedMs":160,"client":1}"#)
        for _ in 0..<20 { transport.send(1, ManualClockReplayTests.advance16) }
        #expect(transport.sent[1]!.contains(ManualClockReplayTests.finished))
        let runs = Self.indices(transport, from: start, in: headless)
        #expect(runs == Array(0...20) + [10, -1] + Array(11...30), "\(runs)")
    }

    @Test("a seek forward while paused shows the frame there and stays paused; seeking to the end finishes")
    func seekForwardPaused() throws {
        let text = try ManualClockReplayTests.recording(advances: 30)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, _) = ManualClockReplayTests.playing(text, speed: 1)
        transport.send(1, Self.control("pause"))
        let before = transport.sent[1]!.count
        transport.send(1, Self.seek(250))
        let arrived = Array(transport.sent[1]![before...])
        #expect(ManualClockReplayTests.frames(arrived) == [headless[15]], "250 ms: the frame at 240")
        #expect(arrived.last == #"{"type":"replay","state":"paused","playedMs":250,"client":1}"#)
        transport.send(1, ManualClockReplayTests.advance16)
        #expect(transport.sent[1]!.count == before + arrived.count, "still paused")
        transport.send(1, Self.seek(480))
        #expect(transport.sent[1]!.contains(ManualClockReplayTests.finished))
        #expect(transport.sent[1]!.filter { $0.hasPrefix(#"{"type":"frame""#) }.contains(headless.last!))
    }

    @Test(
        "bad controls are refused with a clear error and change nothing",
        arguments: [
            (#"{"type":"replay","action":"seek","ms":480.5}"#, "invalid_value", "replay.ms"),
            (#"{"type":"replay","action":"seek","ms":-1}"#, "invalid_value", "replay.ms"),
            (#"{"type":"replay","action":"seek","ms":1e308}"#, "invalid_value", "replay.ms"),
            (#"{"type":"replay","action":"seek"}"#, "bad_message", nil),
            (#"{"type":"replay","action":"seek","ms":"1"}"#, "bad_message", nil),
            (#"{"type":"replay","action":"step","ms":1}"#, "bad_message", nil),
            (#"{"type":"replay","action":"rewind"}"#, "invalid_value", "replay.action"),
        ] as [(String, String, String?)]
    )
    func refused(text: String, code: String, field: String?) throws {
        var (transport, _) = ManualClockReplayTests.playing(
            try ManualClockReplayTests.recording(advances: 30),
            speed: 1
        )
        let before = transport.sent[1]!.count
        transport.send(1, text)
        let new = Array(transport.sent[1]![before...])
        #expect(new.count == 1, "\(new)")
        let answer = try JSONParser.parse(try #require(new.first))
        #expect(answer["code"] == .string(code), "\(text): \(answer)")
        if let field { #expect(answer["field"] == .string(field), "\(text): \(answer)") }
    }

    @Test("with no replay playing, each control is answered invalid_value about replay.action")
    func nothingPlaying() {
        var transport = FakeTransport.opened(["session": "quiet", "clock": "manual"])
        for action in ["pause", "resume", "step"] {
            transport.send(1, Self.control(action))
            #expect(ItemCountTests.last(transport, 1)["field"] == .string("replay.action"), "\(action)")
        }
        transport.send(1, Self.seek(0))
        #expect(ItemCountTests.last(transport, 1)["field"] == .string("replay.action"))
    }

    @Test("a viewer joining a paused replay hears it started and where it is paused")
    func joinerHearsPaused() throws {
        let text = try ManualClockReplayTests.recording(advances: 30)
        var (transport, _) = ManualClockReplayTests.playing(text, speed: 1)
        for _ in 0..<5 { transport.send(1, ManualClockReplayTests.advance16) }
        transport.send(1, Self.control("pause"))
        transport.open(2, ["session": "bench", "clock": "manual"])
        let replays = transport.sent[2]!.filter { $0.hasPrefix(#"{"type":"replay""#) }
        #expect(
            replays == [
                #"{"type":"replay","state":"started","speed":1,"durationMs":480,"playedMs":80}"#,
                #"{"type":"replay","state":"paused","playedMs":80}"#,
            ]
        )
    }

    @Test(
        "10,000 seeks from one viewer in one instant: at most 20 are taken, each other one refused, none lost silently"
    )
    func seekFlood() throws {
        let text = try LiveReplayTests.liveRecording()
        var transport = FakeTransport.opened(["session": "theatre"])
        LiveReplayTests.upload(text, speed: 1, to: 1, on: &transport)
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        let before = transport.sent[1]!.count
        for index in 0..<10_000 { transport.send(1, Self.seek(Double(index % 7))) }
        transport.tick(by: .milliseconds(16))
        let answers = transport.sent[1]![before...].compactMap { try? JSONParser.parse($0) }
        let taken = answers.filter { $0["state"] == .string("playing") }.count
        let limited = answers.filter { $0["code"] == .string("rate_limited") }
        let bySession = limited.filter {
            $0["message"].map { $0.encoded.contains("replay seek message was dropped") } == true
        }
        #expect(taken == 20, "\(taken) seeks taken")
        // Each seek over the session's 20 is told so; past the connection's own 1000 a second the
        // rest are dropped, which it says once.
        #expect(bySession.count == 980 && limited.count == 981, "\(bySession.count) of \(limited.count) refusals")
    }

    @Test(
        "random controls in any order (printed seeds): every frame is the headless replay's, each the next but a seek's"
    )
    func randomControls() throws {
        let text = try ManualClockReplayTests.recording(advances: 30)
        let headless = try Replay.frames(of: Recording(text: text))
        let place = Dictionary(headless.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            var (transport, _) = ManualClockReplayTests.playing(text, speed: [0.25, 0.5, 1][Int(seed % 3)])
            var last = 0  // the command's frame played at once
            var trail: [String] = []
            for _ in 0..<60 where !transport.sent[1]!.contains(ManualClockReplayTests.finished) {
                let message: String
                switch random.next() % 6 {
                case 0: message = Self.control("pause")
                case 1: message = Self.control("resume")
                case 2: message = Self.control("step")
                case 3: message = Self.seek(Double(random.next() % 481))
                default: message = #"{"type":"advance","ms":\#(1 + random.next() % 40)}"#
                }
                trail.append(message)
                let before = transport.sent[1]!.count
                transport.send(1, message)
                let new = ManualClockReplayTests.frames(
                    transport.sent[1]![before...].prefix { $0 != ManualClockReplayTests.finished }
                )
                let indices = new.map { place[$0] ?? -1 }
                #expect(!indices.contains(-1), "seed \(seed): a frame the headless replay never made after \(trail)")
                var expected = last
                for (offset, index) in indices.enumerated() {
                    // A seek shows the one frame where it arrives; everything else plays on in order.
                    if !(message.contains("seek") && offset == 0) {
                        #expect(index == expected + 1, "seed \(seed): frame \(index) after \(expected), \(trail)")
                    }
                    expected = index
                }
                last = expected
            }
        }
    }
}
