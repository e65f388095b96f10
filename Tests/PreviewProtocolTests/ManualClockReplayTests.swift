import PreviewRecording
import Testing

@testable import PreviewProtocol

/// A replay in a manual-clock session runs on the session's clock: only `advance` moves it, so a
/// headless test drives a replay frame by frame, as it drives the session, and never waits.
@Suite("A replay in a manual-clock session is driven by advance, never by wall time")
struct ManualClockReplayTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let finished = #"{"type":"replay","state":"finished"}"#
    static let advance16 = #"{"type":"advance","ms":16}"#

    /// A manual-clock recording: a `next` command, then `count` advances of 16 ms (its settle).
    static func recording(advances count: Int) throws -> String {
        let transport = RecordingTests.manualRecording(
            during: [#"{"type":"command","name":"next"}"#] + Array(repeating: advance16, count: count)
        )
        return try #require(RecordingTests.recordingText(transport, 1))
    }

    /// A fresh manual-clock session `bench` whose viewer 1 uploaded `text` at `speed`; the index of
    /// viewer 1's first message after the upload.
    static func playing(_ text: String, speed: Double) -> (FakeTransport, Int) {
        var transport = FakeTransport.opened(["session": "bench", "clock": "manual"])
        let before = transport.sent[1]!.count
        LiveReplayTests.upload(text, speed: speed, to: 1, on: &transport)
        return (transport, before)
    }

    static func frames(_ texts: some Sequence<String>) -> [String] {
        texts.filter { $0.hasPrefix(#"{"type":"frame""#) }
    }

    /// The replay's frames: from `start` up to its `finished` (the session's own frame follows it).
    static func replayed(_ transport: FakeTransport, from start: Int) -> [String] {
        frames(transport.sent[1]![start...].prefix { $0 != finished })
    }

    @Test("hours of ticks play nothing; each advance plays the recorded frame its time brings, byte for byte")
    func advanceDrivesTheReplay() throws {
        let text = try Self.recording(advances: 30)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, start) = Self.playing(text, speed: 1)
        #expect(transport.sent[1]![start].hasPrefix(#"{"type":"replay","state":"started","speed":1,"durationMs":480"#))
        // The command's frame is due at the replay's first moment: it plays at once.
        #expect(Self.frames(transport.sent[1]![start...]) == Array(headless.prefix(1)))
        let quiet = transport.sent[1]!.count
        for _ in 0..<100 { transport.tick(by: .seconds(60)) }
        #expect(transport.sent[1]!.count == quiet, "wall time plays nothing")
        for index in 1...30 {
            transport.send(1, Self.advance16)
            #expect(Self.replayed(transport, from: start) == Array(headless.prefix(index + 1)))
        }
        let tail = Array(transport.sent[1]!.suffix(3))
        #expect(tail.first == Self.finished)
        #expect(tail.dropFirst().first?.hasPrefix(#"{"type":"config""#) == true)
        // The session is its own again: an advance is the session's, one frame echoing its seq.
        transport.send(1, #"{"type":"advance","ms":16,"seq":900}"#)
        #expect(transport.sent[1]!.last?.contains(#""seq":900"#) == true)
    }

    @Test("an advance shorter than a recorded one plays nothing; the rest of it plays the frame")
    func partialAdvances() throws {
        let text = try Self.recording(advances: 4)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, start) = Self.playing(text, speed: 1)
        transport.send(1, #"{"type":"advance","ms":10}"#)
        #expect(Self.frames(transport.sent[1]![start...]).count == 1)
        transport.send(1, #"{"type":"advance","ms":6}"#)
        #expect(Self.frames(transport.sent[1]![start...]) == Array(headless.prefix(2)))
        // One long advance plays everything left, then the replay ends.
        transport.send(1, #"{"type":"advance","ms":10000}"#)
        #expect(Self.replayed(transport, from: start) == headless)
        #expect(transport.sent[1]!.contains(Self.finished))
    }

    @Test("speed scales the recorded time an advance plays: at 0.5, 32 ms of session time play 16")
    func speedScalesAdvances() throws {
        let text = try Self.recording(advances: 4)
        let headless = try Replay.frames(of: Recording(text: text))
        var (transport, start) = Self.playing(text, speed: 0.5)
        transport.send(1, Self.advance16)
        #expect(Self.frames(transport.sent[1]![start...]).count == 1)
        transport.send(1, Self.advance16)
        #expect(Self.frames(transport.sent[1]![start...]) == Array(headless.prefix(2)))
    }

    @Test("a viewer joining mid-replay is told how much the advances played, whatever the hub's time")
    func joinerProgress() throws {
        let text = try Self.recording(advances: 30)
        var (transport, _) = Self.playing(text, speed: 1)
        for _ in 0..<5 { transport.send(1, Self.advance16) }
        transport.tick(by: .seconds(3600))
        transport.open(2, ["session": "bench", "clock": "manual"])
        #expect(
            transport.sent[2]!.last == #"{"type":"replay","state":"started","speed":1,"durationMs":480,"playedMs":80}"#
        )
        // The joiner's advance drives the replay too.
        transport.send(2, Self.advance16)
        #expect(Self.frames(transport.sent[2]!).count == 2, "its join frame and the replay's next")
    }

    @Test("a replay in a live session still plays in hub time, and an advance there is refused")
    func liveSessionsUnchanged() throws {
        let text = try Self.recording(advances: 4)
        var transport = FakeTransport.opened(["session": "stage"])
        LiveReplayTests.upload(text, speed: 1, to: 1, on: &transport)
        transport.send(1, Self.advance16)
        #expect(transport.sent[1]!.last?.contains(#""code":"gesture_busy""#) == true)
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        #expect(transport.sent[1]!.contains(Self.finished))
    }
}
