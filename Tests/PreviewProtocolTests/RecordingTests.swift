import CarouselCore
import PreviewRecording
import PreviewWire
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

    /// The frames `connection` received between the last recording's start and stop, as sent.
    static func recordedFrames(_ transport: FakeTransport, _ connection: Int) -> [String] {
        let texts = transport.sent[connection] ?? []
        guard let start = texts.lastIndex(where: { $0.contains(#""type":"record","state":"started""#) }),
            let stop = texts.lastIndex(where: { $0.contains(#""type":"record","state":"stopped""#) })
        else { return [] }
        return texts[start..<stop].filter { $0.hasPrefix(#"{"type":"frame""#) }
    }

    /// The recording `connection` was sent, as the text a viewer would save.
    static func recordingText(_ transport: FakeTransport, _ connection: Int) -> String? {
        messages(transport, connection).last { $0["type"] == .string("recording") }?["recording"]?.encoded
    }

    /// Records a short flick on connection 1 of a manual-clock session and its settling, and
    /// returns the recording's text: what a test of a session's `setup` replays.
    static func recordFlickAndSettle(_ transport: inout FakeTransport) throws -> String {
        transport.send(1, #"{"type":"record","action":"start"}"#)
        for message in [
            pointer("down", x: 300, t: 0), #"{"type":"advance","ms":16}"#,
            pointer("move", x: 200, t: 16), #"{"type":"advance","ms":16}"#,
            pointer("up", x: 150, t: 32),
        ] {
            transport.send(1, message)
        }
        for _ in 0..<40 { transport.send(1, #"{"type":"advance","ms":16}"#) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        return try #require(recordingText(transport, 1))
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

    /// A live coverflow session recorded while its two viewers drag in turn, then `ticks` of 16 ms,
    /// stopped by viewer `stopper`.
    static func twoViewersDragging(thenTicks ticks: Int, stoppedBy stopper: Int) -> FakeTransport {
        var transport = FakeTransport.opened(["session": "rec", "preset": "coverflow"])
        transport.open(2, ["session": "rec"])
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        drag(&transport, 1, from: 300, by: -150)
        for _ in 0..<30 { transport.tick(by: .milliseconds(16)) }
        drag(&transport, 2, from: 100, by: 170)
        for _ in 0..<ticks { transport.tick(by: .milliseconds(16)) }
        transport.send(stopper, #"{"type":"record","action":"stop"}"#)
        return transport
    }

    @Test(
        "a live session with two viewers dragging in turn: replayed twice, the same bytes, equal to what the viewers got"
    )
    func liveTwoViewers() throws {
        // Long enough after the drags for an idle stretch (quiet ticks merge) and an auto-scroll advance.
        let transport = Self.twoViewersDragging(thenTicks: 300, stoppedBy: 2)
        let text = try #require(Self.recordingText(transport, 2))
        #expect(Self.recordingText(transport, 1) == nil, "the recording goes to the viewer who stopped it")
        let first = try Self.replaysAsReceived(text, by: 1, of: transport)
        #expect(Self.recordedFrames(transport, 2) == first)
        let events = first.joined()
        #expect(events.contains(#""pageChanged""#) && events.contains(#""settled""#))
    }

    /// `text` replayed headless twice: the same frames both times, and those viewer `viewer` of
    /// `transport` received while it was recorded (more than 50 of them). The frames.
    static func replaysAsReceived(_ text: String, by viewer: Int, of transport: FakeTransport) throws -> [String] {
        let first = try Replay.frames(of: Recording(text: text))
        #expect(try Replay.frames(of: Recording(text: text)) == first)
        let received = recordedFrames(transport, viewer)
        #expect(received.count > 50)
        #expect(first == received)
        return first
    }

    /// Viewer 1 of a manual-clock session sends `before`, records `during`, and stops.
    static func manualRecording(before: [String] = [], during: [String]) -> FakeTransport {
        var transport = FakeTransport.opened(["session": "manual", "clock": "manual"])
        for message in before { transport.send(1, message) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        for message in during { transport.send(1, message) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        return transport
    }

    @Test("a recording started mid-animation replays from mid-animation")
    func startsMidAnimation() throws {
        let transport = Self.manualRecording(
            before: [#"{"type":"command","name":"next"}"#, #"{"type":"advance","ms":48}"#],
            during: Array(repeating: #"{"type":"advance","ms":16}"#, count: 40)
        )
        let frames = try Replay.frames(of: Recording(text: try #require(Self.recordingText(transport, 1))))
        #expect(frames == Self.recordedFrames(transport, 1))
        let opening = try JSONParser.parse(try #require(frames.first))
        #expect(opening["phase"] == .string("animating"))
        #expect(opening["position"] != .number(0), "it continues the animation rather than starting over")
        #expect(try JSONParser.parse(frames.last!)["phase"] == .string("idle"))
    }

    @Test("record errors: a stop without a start, a second start; the answers go to the sender alone")
    func recordErrors() {
        var transport = FakeTransport.opened(["session": "e", "clock": "manual"])
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
        var transport = FakeTransport.opened(["session": "w", "clock": "manual"])
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
        var transport = FakeTransport.opened(["session": "long", "clock": "manual"])
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
            ("{\"format\":\"carousel-preview/recording\",\"version\":3}", "unknown version 3"),
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
        let transport = Self.manualRecording(during: [#"{"type":"advance","ms":16}"#])
        let text = try #require(Self.recordingText(transport, 1))
        let broken = text.replacingOccurrences(of: #""ms":16"#, with: #""ms":-16"#)
        do {
            _ = try Recording(text: broken)
            Issue.record("an advance of -16 ms was accepted")
        } catch {
            // The viewer joined before the checkpoint the recording starts from: the advance is step 0.
            #expect(error.description.hasPrefix("step 0: an invalid message"), "\(error)")
        }
        let ghost = text.replacingOccurrences(of: #""client":1,"message""#, with: #""client":7,"message""#)
        do {
            _ = try Replay.frames(of: Recording(text: ghost))
            Issue.record("a step from a client that never joined was replayed")
        } catch {
            #expect(error.description == "step 0: client 7 is not watching", "\(error)")
        }
    }

    @Test(
        "a session whose journal outgrew 16 MiB without resting cannot be recorded until it rests, and says so"
    )
    func journalLimit() throws {
        var transport = FakeTransport.opened(["session": "big", "clock": "manual"])
        let title = String(repeating: "t", count: 120)
        let items = (0..<100).map { #"{"id":"i\#($0)","title":"\#(title)"}"# }.joined(separator: ",")
        let message = #"{"type":"configure","items":[\#(items)]}"#
        // The items change once (the carousel rests on them); then a finger stays down, so the
        // session never rests and no checkpoint lets the steps go: the same items again leave the
        // drag alone, and each is a step.
        transport.send(1, message)
        transport.send(1, #"{"type":"pointer","phase":"down","x":200,"y":90,"t":0}"#)
        for _ in 0..<(RecordingLimits.bytes / message.utf8.count + 2) { transport.send(1, message) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        let answer = Self.messages(transport, 1).last!
        #expect(answer["code"] == .string("invalid_value"))
        #expect(answer["message"].map { $0.encoded.contains("too much data") } == true)
        // The finger lifts and the carousel rests: a checkpoint starts the journal again.
        transport.send(1, #"{"type":"pointer","phase":"up","x":200,"y":90,"t":16}"#)
        transport.send(1, #"{"type":"advance","ms":1000}"#)
        transport.send(1, #"{"type":"record","action":"start"}"#)
        #expect(transport.types(1).last == "record")
        transport.send(1, #"{"type":"advance","ms":16}"#)
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(Self.recordingText(transport, 1))
        #expect(text.utf8.count < 64 * 1024, "the recording starts from the checkpoint, not the configures")
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
        var transport = FakeTransport.opened(["session": "n", "preset": "cards", "clock": "manual"])
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
        var transport = FakeTransport.opened(["session": "bad", "clock": "manual"])
        transport.send(1, message)
        let answer = Self.last(transport, 1)
        #expect(answer["code"] == .string(code))
        #expect(answer["ref"] == .string("configure"))
    }
}

@Suite("Live replay: a recording played back in a session, at its pace scaled by speed")
struct LiveReplayTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// A live coverflow session recorded while two viewers drag in turn; the recording's text.
    static func liveRecording() throws -> String {
        try #require(RecordingTests.recordingText(RecordingTests.twoViewersDragging(thenTicks: 30, stoppedBy: 1), 1))
    }

    /// Sends `text` as replay parts of at most 12,000 characters.
    static func upload(_ text: String, speed: Double, to connection: Int, on transport: inout FakeTransport) {
        var rest = Substring(text)
        repeat {
            let part = rest.prefix(12_000)
            rest = rest.dropFirst(part.count)
            let message = JSONValue.object([
                ("type", .string("replay")), ("part", .string(String(part))), ("last", .bool(rest.isEmpty)),
                ("speed", .number(speed)),
            ])
            transport.send(connection, message.encoded)
        } while !rest.isEmpty
    }

    /// Plays `text` at `speed` in a fresh session; the texts its viewer got from the replay's start to
    /// its end, and how many 16 ms ticks that took.
    static func play(_ text: String, speed: Double) -> (messages: [String], ticks: Int) {
        var transport = FakeTransport()
        transport.open(7, ["session": "theatre"])
        let before = transport.sent[7]!.count
        upload(text, speed: speed, to: 7, on: &transport)
        var ticks = 0
        while !transport.sent[7]!.contains(#"{"type":"replay","state":"finished"}"#), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        return (Array(transport.sent[7]![before...]), ticks)
    }

    @Test("the viewers of the session see the headless replay's frames, each after the ghost of its finger")
    func framesAndGhosts() throws {
        let text = try Self.liveRecording()
        let (messages, _) = Self.play(text, speed: 1)
        #expect(messages.first?.hasPrefix(#"{"type":"replay","state":"started","speed":1,"durationMs":"#) == true)
        let finished = try #require(messages.firstIndex(of: #"{"type":"replay","state":"finished"}"#))
        let played = messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(played == (try Replay.frames(of: Recording(text: text))))
        let ghosts = messages[..<finished].filter { $0.hasPrefix(#"{"type":"ghost""#) }
        #expect(ghosts.count == 16, "two drags of a down, six moves and an up")
        #expect(ghosts.first?.hasPrefix(#"{"type":"ghost","client":1,"phase":"down","x":300,"y":90"#) == true)
        // Then the session itself again: its configuration and a frame.
        let resumed = Array(messages[(finished + 1)...].prefix(2))
        #expect(
            resumed.count == 2 && resumed[0].hasPrefix(#"{"type":"config""#)
                && resumed[1].hasPrefix(#"{"type":"frame""#)
        )
    }

    @Test("a recording small enough for one message may be sent whole, as an object")
    func wholeRecording() throws {
        var source = FakeTransport()
        source.open(1, ["session": "small", "clock": "manual"])
        source.send(1, #"{"type":"configure","items":[{"id":"a"},{"id":"b"},{"id":"c"}]}"#)
        source.send(1, #"{"type":"record","action":"start"}"#)
        source.send(1, #"{"type":"command","name":"next"}"#)
        for _ in 0..<30 { source.send(1, #"{"type":"advance","ms":16}"#) }
        source.send(1, #"{"type":"record","action":"stop"}"#)
        var recording = try JSONParser.parse(try #require(RecordingTests.recordingText(source, 1)))
        // Small catalogs, so the whole message stays under 16 KiB.
        if case .object(var members) = recording, let index = members.firstIndex(where: { $0.key == "catalogs" }) {
            members[index].value = .object([("banners", .array([])), ("cards", .array([]))])
            recording = .object(members)
        }
        let message = JSONValue.object([("type", .string("replay")), ("recording", recording), ("speed", .number(1))])
        #expect(message.encoded.utf8.count < ClientMessage.maximumBytes)
        var transport = FakeTransport()
        transport.open(5, ["session": "watch"])
        transport.send(5, message.encoded)
        #expect(
            transport.sent[5]!.contains {
                $0.hasPrefix(#"{"type":"replay","state":"started","speed":1,"durationMs":480"#)
            }
        )
        for _ in 0..<40 { transport.tick(by: .milliseconds(16)) }
        let frames = transport.sent[5]!.filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(Array(frames.dropFirst().prefix(31)) == RecordingTests.recordedFrames(source, 1))
        #expect(transport.sent[5]!.contains(#"{"type":"replay","state":"finished"}"#))
    }

    @Test("at 0.25x the same replay takes four times as long")
    func speed() throws {
        let text = try Self.liveRecording()
        let full = Self.play(text, speed: 1)
        let quarter = Self.play(text, speed: 0.25)
        #expect(full.ticks > 20)
        #expect(abs(Double(quarter.ticks) / Double(full.ticks) - 4) < 0.2, "\(full.ticks) and \(quarter.ticks) ticks")
        let frames = { (messages: [String]) in messages.filter { $0.hasPrefix(#"{"type":"frame""#) }.dropLast() }
        #expect(frames(quarter.messages) == frames(full.messages))
    }

    @Test(
        "a viewer who joins while a replay plays is told it plays and how much has played, then watches the rest of it"
    )
    func joinDuringReplay() throws {
        let text = try Self.liveRecording()
        var transport = FakeTransport()
        transport.open(7, ["session": "theatre"])
        Self.upload(text, speed: 0.5, to: 7, on: &transport)
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        let started = try #require(transport.sent[7]!.first { $0.hasPrefix(#"{"type":"replay","state":"started""#) })
        transport.open(8, ["session": "theatre"])
        #expect(transport.types(8) == ["welcome", "frame", "viewers", "replay"])
        // The same message the others got, and how much of the recording has played: 10 ticks of
        // 16 ms at half speed.
        let joined = try JSONParser.parse(transport.sent[8]!.last!)
        let first = try JSONParser.parse(started)
        #expect(first["playedMs"] == nil, "the viewers there when it began saw it from its start")
        #expect(joined["speed"] == first["speed"] && joined["durationMs"] == first["durationMs"])
        #expect(joined["playedMs"] == .number(80))
        var ticks = 0
        while !transport.sent[8]!.contains(#"{"type":"replay","state":"finished"}"#), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        #expect(transport.sent[8]!.contains(#"{"type":"replay","state":"finished"}"#))
        // Without a replay, a join gets no such message.
        transport.open(9, ["session": "theatre"])
        #expect(transport.types(9) == ["welcome", "frame", "viewers"])
    }

    @Test("while a replay plays, the session's own inputs and recording wait; a bad recording or speed is refused")
    func refusals() throws {
        let text = try Self.liveRecording()
        var transport = FakeTransport.opened(["session": "busy"])
        transport.open(2, ["session": "busy"])
        transport.send(2, #"{"type":"replay","part":"{\"format\":1}","last":true}"#)
        var last = RecordingTests.messages(transport, 2).last!
        #expect(last["code"] == .string("invalid_value") && last["ref"] == .string("replay"))
        #expect(last["message"].map { $0.encoded.contains("not a recording") } == true)
        transport.send(2, #"{"type":"replay","part":"","last":true,"speed":2}"#)
        #expect(RecordingTests.messages(transport, 2).last?["code"] == .string("invalid_value"))
        Self.upload(text, speed: 0.5, to: 1, on: &transport)
        #expect(transport.sent[2]!.contains { $0.hasPrefix(#"{"type":"replay","state":"started","speed":0.5"#) })
        for message in [
            RecordingTests.pointer("down", x: 10, t: 0), #"{"type":"command","name":"next"}"#,
            #"{"type":"record","action":"start"}"#,
        ] {
            transport.send(2, message)
            last = RecordingTests.messages(transport, 2).last!
            #expect(last["code"] == .string("gesture_busy"), "\(message)")
        }
        Self.upload(text, speed: 1, to: 2, on: &transport)
        #expect(
            RecordingTests.messages(transport, 2).last?["message"].map { $0.encoded.contains("already playing") }
                == true
        )
        transport.send(2, #"{"type":"ping","id":1}"#)
        #expect(RecordingTests.messages(transport, 2).last?["type"] == .string("pong"))
    }

    @Test("a forged recording whose last step is days away is refused, so it cannot hold a session")
    func forgedDuration() throws {
        let text = try Self.liveRecording()
        var document = try JSONParser.parse(text)
        guard case .object(var members) = document, let index = members.firstIndex(where: { $0.key == "steps" }),
            case .array(var steps) = members[index].value
        else { throw RecordingError("no steps") }
        steps.append(.object([("atNs", .number(9e15)), ("tick", .bool(true))]))
        members[index].value = .array(steps)
        document = .object(members)
        var transport = FakeTransport.opened(["session": "forged"])
        Self.upload(document.encoded, speed: 1, to: 1, on: &transport)
        let answer = RecordingTests.messages(transport, 1).last!
        #expect(answer["code"] == .string("invalid_value") && answer["ref"] == .string("replay"))
        #expect(answer["message"].map { $0.encoded.contains("a recording spans at most") } == true)
        transport.send(1, #"{"type":"command","name":"next"}"#)
        #expect(transport.types(1).last == "frame", "the session is not held")
    }

    @Test("a session cannot replay while it records, and a recording made after a replay replays exactly")
    func recordingAroundAReplay() throws {
        let text = try Self.liveRecording()
        var transport = FakeTransport.opened(["session": "both", "preset": "coverflow"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        Self.upload(text, speed: 1, to: 1, on: &transport)
        #expect(
            RecordingTests.messages(transport, 1).last?["message"].map { $0.encoded.contains("stop recording") } == true
        )
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        Self.upload(text, speed: 1, to: 1, on: &transport)
        while !transport.sent[1]!.contains(#"{"type":"replay","state":"finished"}"#) {
            transport.tick(by: .milliseconds(16))
        }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        RecordingTests.drag(&transport, 1, from: 250, by: -200)
        for _ in 0..<40 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let after = try #require(RecordingTests.recordingText(transport, 1))
        // The replay's end sent the session's own state again (`resync`), and the session rested:
        // the checkpoint the recording starts from holds that state.
        #expect(!after.contains(#""resync":true"#) && after.contains(#""checkpoint":{"#))
        let difference = FrameComparison.firstDifference(
            expected: RecordingTests.recordedFrames(transport, 1),
            actual: try Replay.frames(of: Recording(text: after))
        )
        #expect(difference == nil)
    }
}

@Suite("The new messages at the protocol's edges")
struct RecordingEdgeNumberTests {
    @Test(
        "replay.speed: only 0.1 to 1; zero, minus zero, subnormals and 1e-307 are refused",
        arguments: [
            (0.0, false), (-0.0, false), (Double.leastNonzeroMagnitude, false), (1e-307, false), (0.0999, false),
            (0.1, true),
            (1.0, true), (1.0000001, false), (1e308, false),
        ]
    )
    func speed(value: Double, isAccepted: Bool) {
        let text = #"{"type":"replay","part":"","last":true,"speed":\#(JSONValue.number(value).encoded)}"#
        let decoded = try? ClientMessage.decode(text)
        #expect((decoded != nil) == isAccepted, "\(text)")
    }

    @Test(
        "itemCount: minus zero is 0; subnormals, 1e-307 and fractions are refused",
        arguments: [
            (-0.0, 0 as Int?), (0.0, 0), (Double.leastNonzeroMagnitude, nil), (1e-307, nil), (1000.0, 1000),
            (1000.5, nil),
        ]
    )
    func itemCount(value: Double, count: Int?) {
        let text = #"{"type":"configure","itemCount":\#(JSONValue.number(value).encoded)}"#
        guard case .configure(nil, .count(let decoded)?, nil)? = try? ClientMessage.decode(text) else {
            #expect(count == nil, "\(text) was refused")
            return
        }
        #expect(decoded == count)
    }
}
