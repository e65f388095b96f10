import CarouselCore
import Testing

@testable import PreviewProtocol

@Suite("Recording a session and replaying it headless")
struct RecordingTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func pointer(_ phase: String, x: Double, t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(t)}"#
    }

    /// The messages `connection` received, parsed.
    static func messages(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        (transport.sent[connection] ?? []).map { try! JSONParser.parse($0) }
    }

    /// The frames `connection` received between the recording's start and stop, as sent.
    static func recordedFrames(_ transport: FakeTransport, _ connection: Int) -> [String] {
        let texts = transport.sent[connection] ?? []
        guard let start = texts.firstIndex(where: { $0.contains(#""type":"record","state":"started""#) }),
            let stop = texts.lastIndex(where: { $0.contains(#""type":"record","state":"stopped""#) })
        else { return [] }
        return texts[start..<stop].filter { $0.hasPrefix(#"{"type":"frame""#) }
    }

    /// The recording `connection` was sent, as the text a viewer would save.
    static func recordingText(_ transport: FakeTransport, _ connection: Int) -> String? {
        messages(transport, connection).last { $0["type"] == .string("recording") }?["recording"]?.encoded
    }

    /// One viewer drags from `x` by `distance` over 96 ms of live ticks, then lets go.
    static func drag(_ transport: inout FakeTransport, _ connection: Int, from x: Double, by distance: Double) {
        let start =
            Double(transport.now.components.seconds) * 1000
            + Double(transport.now.components.attoseconds) / 1e15
        transport.send(connection, pointer("down", x: x, t: start))
        for step in 1...6 {
            transport.tick(by: .milliseconds(16))
            transport.send(
                connection,
                pointer("move", x: x + distance * Double(step) / 6, t: start + Double(step * 16))
            )
        }
        transport.send(connection, pointer("up", x: x + distance, t: start + 100))
    }

    @Test(
        "a live session with two viewers dragging in turn: replayed twice, the same bytes, equal to what the viewers got"
    )
    func liveTwoViewers() throws {
        var transport = FakeTransport()
        transport.open(1, ["session": "rec", "preset": "coverflow"])
        transport.open(2, ["session": "rec"])
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        Self.drag(&transport, 1, from: 300, by: -150)
        for _ in 0..<40 { transport.tick(by: .milliseconds(16)) }
        Self.drag(&transport, 2, from: 100, by: 170)
        // Long enough for an idle stretch (quiet ticks merge) and an auto-scroll advance.
        for _ in 0..<300 { transport.tick(by: .milliseconds(16)) }
        transport.send(2, #"{"type":"record","action":"stop"}"#)
        let text = try #require(Self.recordingText(transport, 2))
        #expect(Self.recordingText(transport, 1) == nil, "the recording goes to the viewer who stopped it")
        let first = try Replay.frames(of: Recording(text: text))
        let second = try Replay.frames(of: Recording(text: text))
        #expect(first == second)
        let received = Self.recordedFrames(transport, 1)
        #expect(received.count > 50)
        #expect(first == received)
        #expect(Self.recordedFrames(transport, 2) == received)
        let events = first.joined()
        #expect(events.contains(#""pageChanged""#) && events.contains(#""settled""#))
    }

    @Test("a recording started mid-animation replays from mid-animation")
    func startsMidAnimation() throws {
        var transport = FakeTransport()
        transport.open(1, ["session": "mid", "clock": "manual"])
        transport.send(1, #"{"type":"command","name":"next"}"#)
        transport.send(1, #"{"type":"advance","ms":48}"#)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        for _ in 0..<40 { transport.send(1, #"{"type":"advance","ms":16}"#) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let frames = try Replay.frames(of: Recording(text: try #require(Self.recordingText(transport, 1))))
        #expect(frames == Self.recordedFrames(transport, 1))
        let opening = try JSONParser.parse(try #require(frames.first))
        #expect(opening["phase"] == .string("animating"))
        #expect(opening["position"] != .number(0), "it continues the animation rather than starting over")
        #expect(try JSONParser.parse(frames.last!)["phase"] == .string("idle"))
    }

    @Test("record errors: a stop without a start, a second start; the answers go to the sender alone")
    func recordErrors() {
        var transport = FakeTransport()
        transport.open(1, ["session": "e", "clock": "manual"])
        transport.open(2, ["session": "e"])
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        var last = Self.messages(transport, 1).last!
        #expect(last["code"] == .string("invalid_value") && last["ref"] == .string("record"))
        transport.send(1, #"{"type":"record","action":"start"}"#)
        #expect(Self.messages(transport, 2).last?["state"] == .string("started"))
        transport.send(2, #"{"type":"record","action":"start"}"#)
        last = Self.messages(transport, 2).last!
        #expect(last["code"] == .string("invalid_value"))
        transport.send(2, #"{"type":"record","action":"pause"}"#)
        #expect(Self.messages(transport, 2).last?["ref"] == .string("record"))
    }

    @Test("a viewer who joins during a recording is told in its welcome who started it and when")
    func welcomeNamesARecording() {
        var transport = FakeTransport()
        transport.open(1, ["session": "w", "clock": "manual"])
        transport.send(1, #"{"type":"advance","ms":250}"#)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        transport.open(2, ["session": "w"])
        #expect(Self.messages(transport, 2).first?["recording"]?.encoded == #"{"client":1,"time":250}"#)
        transport.send(2, #"{"type":"record","action":"stop"}"#)
        transport.open(3, ["session": "w"])
        #expect(Self.messages(transport, 3).first?["recording"] == .null)
    }

    @Test("past 10 minutes of session time the recording stops, with an error and what was recorded")
    func durationLimit() throws {
        var transport = FakeTransport()
        transport.open(1, ["session": "long", "clock": "manual"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        for _ in 0..<61 { transport.send(1, #"{"type":"advance","ms":10000}"#) }
        let messages = Self.messages(transport, 1)
        let error = try #require(messages.firstIndex { $0["type"] == .string("error") })
        #expect(messages[error]["message"].map { $0.encoded.contains("limit") } == true)
        #expect(messages[error + 1]["type"] == .string("recording"))
        #expect(messages[error + 2]["state"] == .string("stopped"))
        let frames = try Replay.frames(of: Recording(text: try #require(Self.recordingText(transport, 1))))
        #expect(frames.count == 61, "every advance up to the one past the limit")
    }

    @Test(
        "an unreadable recording is refused with one clear reason",
        arguments: [
            ("{\"format\":\"carousel-preview/recording\",\"version\":1,\"ses", "not valid JSON"),
            ("{\"format\":\"carousel-preview/recording\",\"version\":2}", "unknown version 2"),
            ("{\"format\":\"something-else\"}", "not a recording"),
        ]
    )
    func unreadable(text: String, reason: String) {
        #expect(throws: RecordingError.self) { try Recording(text: text) }
        do {
            _ = try Recording(text: text)
        } catch {
            #expect(error.description.contains(reason), "\(error)")
        }
    }

    @Test("a recording whose step is invalid names the step")
    func invalidStep() throws {
        var transport = FakeTransport()
        transport.open(1, ["session": "s", "clock": "manual"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        transport.send(1, #"{"type":"advance","ms":16}"#)
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(Self.recordingText(transport, 1))
        let broken = text.replacingOccurrences(of: #""ms":16"#, with: #""ms":-16"#)
        do {
            _ = try Recording(text: broken)
            Issue.record("an advance of -16 ms was accepted")
        } catch {
            #expect(error.description.hasPrefix("step 1: an invalid message"), "\(error)")
        }
        let ghost = text.replacingOccurrences(of: #""client":1"#, with: #""client":7"#)
        do {
            _ = try Replay.frames(of: Recording(text: ghost))
            Issue.record("a step from a client that never joined was replayed")
        } catch {
            #expect(error.description == "step 1: client 7 is not watching", "\(error)")
        }
    }

    @Test("a session whose journal outgrew 16 MiB can no longer be recorded, and says so")
    func journalLimit() {
        var transport = FakeTransport()
        transport.open(1, ["session": "big", "clock": "manual"])
        let title = String(repeating: "t", count: 120)
        let items = (0..<100).map { #"{"id":"i\#($0)","title":"\#(title)"}"# }.joined(separator: ",")
        let message = #"{"type":"configure","items":[\#(items)]}"#
        for _ in 0..<(Recording.maximumBytes / message.utf8.count + 2) { transport.send(1, message) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        let answer = Self.messages(transport, 1).last!
        #expect(answer["code"] == .string("invalid_value"))
        #expect(answer["message"].map { $0.encoded.contains("too much data") } == true)
    }
}

@Suite("configure itemCount: a number of the layout's own items, no catalog on the wire")
struct ItemCountTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func last(_ transport: FakeTransport, _ connection: Int) -> JSONValue {
        try! JSONParser.parse(transport.sent[connection]!.last { !$0.hasPrefix(#"{"type":"frame""#) }!)
    }

    @Test("the card feed cycles its 60 cards to any count, ids unique; a count of 0 empties it")
    func cycles() throws {
        var transport = FakeTransport()
        transport.open(1, ["session": "n", "preset": "cards", "clock": "manual"])
        for count in [3, 75, 0] {
            transport.send(1, #"{"type":"configure","itemCount":\#(count)}"#)
            guard case .array(let items)? = Self.last(transport, 1)["items"] else {
                Issue.record("no config after itemCount \(count)")
                continue
            }
            #expect(items.count == count)
            let ids = items.compactMap { item -> String? in
                guard case .string(let id)? = item["id"] else { return nil }
                return id
            }
            #expect(Set(ids).count == count)
            if count == 75 {
                #expect(
                    items[60]["id"]
                        == items[0]["id"].map { value -> JSONValue in
                            guard case .string(let id) = value else { return value }
                            return .string(id + "~2")
                        }
                )
            }
        }
    }

    @Test(
        "a bad itemCount is refused and changes nothing",
        arguments: [
            (#"{"type":"configure","itemCount":1001}"#, "invalid_value"),
            (#"{"type":"configure","itemCount":-1}"#, "invalid_value"),
            (#"{"type":"configure","itemCount":2.5}"#, "invalid_value"),
            (#"{"type":"configure","itemCount":"3"}"#, "bad_message"),
            (#"{"type":"configure","itemCount":3,"items":[]}"#, "bad_message"),
        ]
    )
    func refused(message: String, code: String) {
        var transport = FakeTransport()
        transport.open(1, ["session": "bad", "clock": "manual"])
        transport.send(1, message)
        let answer = Self.last(transport, 1)
        #expect(answer["code"] == .string(code))
        #expect(answer["ref"] == .string("configure"))
    }
}
