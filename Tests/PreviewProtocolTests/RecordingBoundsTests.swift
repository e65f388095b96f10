import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A recording is read from anyone: what a replay may cost the server's one loop is bounded when it
/// is read (its span, the steps before its start included, and its step count) and as it plays (at
/// most `Playback.workPerCall` of work per tick, the rest on the next ones).
@Suite("Recording bounds: a forged recording is refused when read, or plays in slices")
struct RecordingBoundsTests {
    /// A version 1 recording of the banner preset with auto-scroll running every `intervalMs`,
    /// a viewer joined at 0, then `steps` (JSON objects), playing from `start`.
    static func forged(start: Int, steps: [String], intervalMs: Int = 1, clock: String = "live") -> String {
        """
        {"format":"carousel-preview/recording","version":1,"session":"forged","clock":"\(clock)","preset":"banner",\
        "setup":{"config":{"autoscroll":{"enabled":true,"intervalMs":\(intervalMs)}}},\
        "catalogs":{"banners":\(banners),"cards":[]},"start":\(start),\
        "steps":[{"atNs":0,"join":1}\(steps.map { "," + $0 }.joined())]}
        """
    }

    /// Ten banners: `itemCount` cycles them to a thousand.
    static let banners =
        "[" + (0..<10).map { #"{"id":"b\#($0)","title":"Banner \#($0)"}"# }.joined(separator: ",") + "]"

    @Test(
        "a step before the start a million seconds or 2^53 ns away is refused when read, naming the span",
        arguments: [1e15, 9_007_199_254_740_992.0, 1_200_000_000_001.0]
    )
    func forgedSpan(atNs: Double) {
        let text = Self.forged(start: 2, steps: [#"{"atNs":\#(JSONValue.number(atNs).encoded),"tick":true}"#])
        #expect {
            try Recording(text: text)
        } throws: { error in
            (error as? RecordingError)?.description.hasPrefix("step 1: \"atNs\" is") == true
                && (error as? RecordingError)?.description.contains("a recording spans at most") == true
        }
    }

    @Test("a recording at the span's edge, auto-scrolling every millisecond throughout, is read and replays")
    func spanEdge() throws {
        let edge = Recording.nanoseconds(RecordingLimits.span)
        let recording = try Recording(text: Self.forged(start: 1, steps: [#"{"atNs":\#(edge),"tick":true}"#]))
        let frames = try Replay.frames(of: recording)
        #expect(frames.count == 1)
    }

    @Test("more steps than a recording may hold are refused before any is read")
    func tooManySteps() {
        let tick = #"{"atNs":1,"tick":true}"#
        let text = Self.forged(start: 1, steps: Array(repeating: tick, count: RecordingLimits.steps))
        #expect {
            try Recording(text: text)
        } throws: { error in
            (error as? RecordingError)?.description
                == "it holds \(RecordingLimits.steps + 1) steps; a recording holds at most \(RecordingLimits.steps)"
        }
    }

    @Test("configures at one instant play in slices across ticks, a few per tick, the frames the headless replay's")
    func slicedPlayback() throws {
        // 1,000 configures that switch between 999 and 1,000 items, all due at the start.
        let toggles = (0..<1000).map { index in
            #"{"atNs":0,"client":1,"message":{"type":"configure","itemCount":\#(999 + index % 2)}}"#
        }
        let recording = try Recording(text: Self.forged(start: 1, steps: toggles, intervalMs: 3000))
        var playback = try Playback(recording, speed: 1, now: .zero)
        var calls = 0
        var configsPerCall: [Int] = []
        var frames: [String] = []
        while !playback.isFinished, calls < 10_000 {
            let messages = try playback.advance(to: .milliseconds(16 * calls))
            configsPerCall.append(messages.filter { if case .config = $0 { true } else { false } }.count)
            frames += messages.compactMap { if case .frame = $0 { $0.encoded } else { nil } }
            calls += 1
        }
        #expect(playback.isFinished)
        // Each configure lays out about a thousand items: a call takes a few of them, not all.
        #expect(calls > 100, "\(calls) calls")
        #expect(configsPerCall.max()! <= Playback.workPerCall / 999 + 2)
        // The slices change no frame: they are the headless replay's, byte for byte.
        #expect(frames == (try Replay.frames(of: recording)))
    }

    @Test("the steps before the start beyond one call's work run on the next calls, before anything plays")
    func slicedPreparation() throws {
        let toggles = (0..<1000).map { index in
            #"{"atNs":0,"client":1,"message":{"type":"configure","itemCount":\#(999 + index % 2)}}"#
        }
        let after = #"{"atNs":1000000,"client":1,"message":{"type":"command","name":"next"}}"#
        let recording = try Recording(text: Self.forged(start: 1001, steps: toggles + [after], intervalMs: 3000))
        var playback = try Playback(recording, speed: 1, now: .zero)
        #expect(playback.played(at: .seconds(5)) == .zero, "still preparing")
        var calls = 0
        var messages: [ServerMessage] = []
        while !playback.isFinished, calls < 10_000 {
            messages += try playback.advance(to: .milliseconds(16 * calls))
            calls += 1
        }
        #expect(calls > 100)
        #expect(messages.map(\.encoded) == (try Replay.frames(of: recording)))
    }

    @Test("a finger held longer than a recording may span drops the journal: every recording made is readable")
    func journalSpan() throws {
        var transport = HubTests.FakeTransport.opened(["session": "held"])
        transport.send(1, #"{"type":"pointer","phase":"down","x":100,"y":50,"t":0}"#)
        transport.tick(by: RecordingLimits.span + .seconds(1))
        transport.send(1, #"{"type":"pointer","phase":"move","x":90,"y":50,"t":1}"#)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        let answer = RecordingTests.messages(transport, 1).last!
        #expect(answer["type"] == .string("error") && answer["ref"] == .string("record"), "\(answer.encoded)")
        // Once the finger lifts and the carousel rests, recording works again.
        transport.send(1, #"{"type":"pointer","phase":"up","x":90,"y":50,"t":2}"#)
        transport.tick(by: .seconds(5))
        transport.send(1, #"{"type":"record","action":"start"}"#)
        #expect(RecordingTests.messages(transport, 1).last?["state"] == .string("started"))
    }

    @Test("an upload whose next part never comes is given up after 10 s, its bytes freed, its sender told")
    func uploadTimeout() throws {
        var transport = HubTests.FakeTransport.opened(["session": "stalled"])
        let part = JSONValue.object([
            ("type", .string("replay")), ("part", .string(String(repeating: "x", count: 12_000))),
            ("last", .bool(false)),
        ])
        transport.send(1, part.encoded)
        #expect(transport.hub.uploadBytes == 12_000)
        transport.tick(by: .milliseconds(9_900))
        #expect(transport.hub.uploadBytes == 12_000)
        transport.send(1, part.encoded)
        transport.tick(by: .milliseconds(9_900))
        #expect(transport.hub.uploadBytes == 24_000, "a part resets the wait")
        transport.tick(by: .milliseconds(200))
        #expect(transport.hub.uploadBytes == 0)
        let error = try #require(RecordingTests.messages(transport, 1).last)
        #expect(error["ref"] == .string("replay"))
        #expect(error["message"]?.encoded.contains("no part came for 10 s") == true)
    }

    @Test(
        "a recording whose journal a join drops (past the span) ends with the reason, never as a recording that cannot be read"
    )
    func joinDropsTheJournalWhileRecording() throws {
        var transport = HubTests.FakeTransport.opened(["session": "long", "clock": "manual"])
        transport.send(1, #"{"type":"pointer","phase":"down","x":100,"y":50,"t":0}"#)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        transport.tick(by: RecordingLimits.span + .seconds(1))
        transport.open(2, ["session": "long"])
        let told = RecordingTests.messages(transport, 1).filter { $0["type"] == .string("record") }
        #expect(told.last?["state"] == .string("stopped"), "the viewers hear the recording stopped at the join")
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        #expect(RecordingTests.recordingText(transport, 1) == nil)
        for text in transport.sent[1]! where text.hasPrefix(#"{"type":"recording""#) {
            let recording = try JSONParser.parse(text)["recording"]!
            #expect(throws: Never.self) { try Recording(json: recording) }
        }
    }
}
