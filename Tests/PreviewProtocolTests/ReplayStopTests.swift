import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Stopping a live replay: any viewer ends it at once, as its natural end would")
struct ReplayStopTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let stop = #"{"type":"replay","action":"stop"}"#
    static let finished = #"{"type":"replay","state":"finished"}"#

    /// A session `theatre` with viewers 1 and 2, where viewer 1 started the two-viewer recording at
    /// 0.25x and 20 ticks of it have played.
    static func playing() throws -> FakeTransport {
        let text = try LiveReplayTests.liveRecording()
        var transport = FakeTransport.opened(["session": "theatre"])
        transport.open(2, ["session": "theatre"])
        LiveReplayTests.upload(text, speed: 0.25, to: 1, on: &transport)
        for _ in 0..<20 { transport.tick(by: .milliseconds(16)) }
        return transport
    }

    /// `playing()` stopped by viewer 1, and the recording it played.
    static func stopped() throws -> (text: String, transport: FakeTransport) {
        var transport = try playing()
        transport.send(1, stop)
        return (try LiveReplayTests.liveRecording(), transport)
    }

    @Test("stopped mid-replay, every viewer gets finished with who stopped it, then the session's config and frame")
    func stopMidReplay() throws {
        var transport = try Self.playing()
        let before = [1: transport.sent[1]!.count, 2: transport.sent[2]!.count]
        #expect(transport.sent[1]![..<before[1]!].contains { $0.hasPrefix(#"{"type":"frame""#) })
        transport.send(2, Self.stop)
        for connection in [1, 2] {
            let after = Array(transport.sent[connection]![before[connection]!...])
            #expect(after.count == 3, "\(after)")
            #expect(after.first == #"{"type":"replay","state":"finished","stopped":true,"client":2}"#)
            #expect(after.dropFirst().first?.hasPrefix(#"{"type":"config""#) == true)
            #expect(after.last?.hasPrefix(#"{"type":"frame""#) == true)
        }
        // The session is its viewers' again: an input is applied, not refused.
        transport.send(1, #"{"type":"command","name":"next"}"#)
        #expect(transport.types(1).last == "frame")
    }

    @Test("the stopped replay's remaining messages never arrive")
    func nothingAfterTheStop() throws {
        let first = try Self.stopped()
        let text = first.text
        var transport = first.transport
        let stoppedAt = transport.sent[1]!.count
        // Longer than the whole replay would have taken at 0.25x.
        let whole = LiveReplayTests.play(text, speed: 0.25).ticks
        for _ in 0..<(whole + 20) { transport.tick(by: .milliseconds(16)) }
        let later = transport.sent[1]![stoppedAt...]
        #expect(!later.contains { $0.hasPrefix(#"{"type":"ghost""#) })
        #expect(!later.contains { $0.hasPrefix(#"{"type":"replay""#) })
        #expect(!later.contains { $0.hasPrefix(#"{"type":"config""#) })
        // The session is idle: a live session sends no frame while nothing changes.
        #expect(!later.contains { $0.hasPrefix(#"{"type":"frame""#) })
        // The replay ended well before its time: most of its ghosts were never sent.
        let ghosts = transport.sent[1]!.filter { $0.hasPrefix(#"{"type":"ghost""#) }.count
        #expect(ghosts < 16, "\(ghosts) of 16 ghosts")
    }

    @Test("with no replay playing, stop is answered with invalid_value about replay.action and changes nothing")
    func stopWithNothingPlaying() throws {
        var transport = FakeTransport.opened(["session": "quiet"])
        transport.open(2, ["session": "quiet"])
        let others = transport.sent[2]!.count
        transport.send(1, Self.stop)
        let answer = RecordingTests.messages(transport, 1).last!
        #expect(answer["type"] == .string("error") && answer["code"] == .string("invalid_value"))
        #expect(answer["ref"] == .string("replay") && answer["field"] == .string("replay.action"))
        #expect(answer["message"].map { $0.encoded.contains("no replay is playing") } == true)
        #expect(transport.sent[2]!.count == others, "the other viewer is told nothing")
        // A replay that ended by itself cannot be stopped either.
        var played = try Self.playing()
        while !played.sent[1]!.contains(Self.finished) { played.tick(by: .milliseconds(16)) }
        played.send(2, Self.stop)
        #expect(RecordingTests.messages(played, 2).last?["field"] == .string("replay.action"))
        #expect(played.sent[1]!.filter { $0.hasPrefix(#"{"type":"replay","state":"finished""#) }.count == 1)
    }

    @Test("after a stop a new replay plays to its end, and the last gesture can be replayed and stopped too")
    func newReplayAfterStop() throws {
        let first = try Self.stopped()
        let text = first.text
        var transport = first.transport
        let start = transport.sent[2]!.count
        LiveReplayTests.upload(text, speed: 1, to: 2, on: &transport)
        var ticks = 0
        while !transport.sent[2]![start...].contains(Self.finished), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        let messages = Array(transport.sent[2]![start...])
        #expect(messages.first?.hasPrefix(#"{"type":"replay","state":"started","speed":1"#) == true)
        let finished = try #require(messages.firstIndex(of: Self.finished))
        let played = messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(played == (try Replay.frames(of: Recording(text: text))), "the whole recording, none of the first")

        // Slow motion of the session's own last gesture stops the same way.
        var (slow, _) = LastGestureReplayTests.flickedSession()
        slow.send(1, LastGestureReplayTests.slowMotion)
        slow.tick(by: .milliseconds(16))
        slow.send(1, Self.stop)
        #expect(slow.sent[1]!.contains(#"{"type":"replay","state":"finished","stopped":true,"client":1}"#))
        let stopped = slow.sent[1]!.count
        slow.send(1, LastGestureReplayTests.slowMotion)
        #expect(slow.sent[1]![stopped...].first?.hasPrefix(#"{"type":"replay","state":"started","speed":0.25"#) == true)
    }

    @Test(
        "stop takes only its action: another action or a source beside it is refused",
        arguments: [
            (#"{"type":"replay","action":"rewind"}"#, "invalid_value"),
            (#"{"type":"replay","action":"pause","ms":1}"#, "bad_message"),
            (#"{"type":"replay","action":"stop","speed":0.5}"#, "bad_message"),
            (#"{"type":"replay","action":"stop","gesture":"last"}"#, "bad_message"),
            (#"{"type":"replay","action":1}"#, "bad_message"),
        ]
    )
    func malformed(text: String, code: String) throws {
        var transport = try Self.playing()
        transport.send(2, text)
        #expect(RecordingTests.messages(transport, 2).last?["code"] == .string(code), "\(text)")
        #expect(!transport.sent[1]!.contains { $0.hasPrefix(#"{"type":"replay","state":"finished""#) })
    }

    @Test("the message round-trips through a recording's wire form, and the schema lists the replay actions")
    func wireForm() throws {
        #expect(try ClientMessage.decode(Self.stop) == .replayControl(.stop))
        #expect(ClientMessage.replayControl(.stop).json.encoded == Self.stop)
        #expect(ClientMessage.replayControl(.stop).kind == .replay && !MessageKind.replay.waitsForPlayback)
        let actions = ["stop", "pause", "resume", "step", "seek"]
        #expect(MessageKind.replay.actions == actions && MessageKind.record.actions == ["start", "stop"])
        #expect(
            PageSchema.module.contains(
                #"{"type":"replay","carriesSeq":false,"waitsForPlayback":false,"actions":["stop","pause","resume","step","seek"]}"#
            )
        )
        for control in [ClientMessage.ReplayControl.pause, .resume, .step, .seek(milliseconds: 1.5)] {
            let message = ClientMessage.replayControl(control)
            #expect(try ClientMessage.decode(message.json.encoded) == message)
        }
    }
}
