import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Checkpoints: a session at rest written down whole, read back exactly, forged ones refused")
struct CheckpointTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func base(_ transport: FakeTransport, _ session: String) -> SessionCheckpoint? {
        transport.hub.sessions[session]?.session.journal.base
    }

    @Test(
        "every checkpoint of sessions of each preset reads back from its JSON as it was written",
        arguments: Configuration.presetNames
    )
    func roundTrip(preset: String) throws {
        var transport = FakeTransport.opened(["session": "s", "preset": preset, "clock": "manual"])
        transport.open(2, ["session": "s"])
        transport.send(2, #"{"type":"visibility","hidden":true}"#)
        var seen = 0
        var previous: SessionCheckpoint?
        for round in 0..<30 {
            let x = 300.0 - Double(round % 7) * 20
            transport.send(1, RecordingTests.pointer("down", x: x, t: Double(round) * 1000))
            transport.send(1, #"{"type":"advance","ms":7.25}"#)
            transport.send(1, RecordingTests.pointer("move", x: x - 90, t: Double(round) * 1000 + 16))
            transport.send(1, RecordingTests.pointer("up", x: x - 120, t: Double(round) * 1000 + 24))
            if round % 5 == 0 { transport.send(1, #"{"type":"configure","config":{"spacing":\#(round % 9)}}"#) }
            if round % 7 == 3 { transport.send(1, #"{"type":"command","name":"setAutoScroll","enabled":true}"#) }
            for _ in 0..<40 { transport.send(1, #"{"type":"advance","ms":16.000000001}"#) }
            let checkpoint = try #require(Self.base(transport, "s"), "preset \(preset) round \(round)")
            guard checkpoint != previous else { continue }
            previous = checkpoint
            var read = try SessionCheckpoint(json: JSONParser.parse(checkpoint.json.encoded))
            read.at = checkpoint.at
            #expect(read == checkpoint, "preset \(preset) round \(round)")
            seen += 1
        }
        #expect(seen >= 20, "preset \(preset): \(seen) checkpoints")
    }

    @Test("a checkpoint keeps a manual clock's fraction of a nanosecond exactly")
    func exactTimes() throws {
        for text in ["0", "2.996", "86402.000000000000000001", "999999999999999.999999999999999999"] {
            let duration = try #require(Duration(exactText: text))
            #expect(duration.exactText == text)
        }
        for text in ["", "-1", "1.", ".5", "1e3", "0.1234567890123456789", "1000000000000000", " 1", "1_0", "٣"] {
            #expect(Duration(exactText: text) == nil, "\(text)")
        }
    }

    /// A short manual-clock recording, as text.
    static func recording() throws -> String {
        var transport = FakeTransport.opened(["session": "f", "clock": "manual", "preset": "strip"])
        transport.open(2, ["session": "f"])
        return try RecordingTests.recordFlickAndSettle(&transport)
    }

    @Test(
        "a forged checkpoint is refused, naming the member",
        arguments: [
            (#""seq":"#, #""seq":-1,"x":"#, "checkpoint.seq"),
            (#""time":"0""#, #""time":"-1""#, "checkpoint.time"),
            (#""time":"0""#, #""time":0"#, "checkpoint.time"),
            (#""preset":"strip""#, #""preset":"nope""#, "checkpoint.preset"),
            (#""config":{}"#, #""config":{"spacing":-4}"#, "checkpoint.config"),
            (#""config":{}"#, #""config":{"preset":"banner"}"#, "checkpoint.config"),
            (#""item":0,"#, #""item":9,"#, "checkpoint.engine"),
            (#""unwrappedItem":0"#, #""unwrappedItem":3"#, "checkpoint.engine"),
            (#""position":0"#, #""position":17"#, "checkpoint.engine"),
            (#""slots":{"ring":0}"#, #""slots":{"ring":99}"#, "checkpoint.engine"),
            (#""slots":{"ring":0}"#, #""slots":{"pool":[]}"#, "checkpoint.engine"),
            (#""pendingTime":"0""#, #""pendingTime":"0.004""#, "checkpoint.engine"),
            (#""autoScrollRemaining":"3""#, #""autoScrollRemaining":"0""#, "checkpoint.engine"),
            (#""autoScrollRemaining":"3""#, #""autoScrollRemaining":"3.000000000000000001""#, "checkpoint.engine"),
            (#""hidden":false},"viewers""#, #""hidden":true},"viewers""#, "checkpoint.engine.hidden"),
            (#""viewers":[{"client":1"#, #""viewers":[{"client":3"#, "checkpoint.viewers[0].client"),
            (
                #""viewers":[{"client":1,"hidden":false}"#, #""viewers":[{"client":1,"hidden":false,"input":"foot"}"#,
                "checkpoint.viewers[0].input"
            ),
            (#""quiet":[]"#, #""quiet":[7]"#, "checkpoint.quiet[0]"),
            (#""nextClient":3"#, #""nextClient":0"#, "checkpoint.nextClient"),
            (#""nextClient":3"#, #""nextClient":2"#, "checkpoint.viewers[1].client"),
        ]
    )
    func forged(original: String, forged: String, member: String) throws {
        let text = try Self.recording()
        let bad = text.replacingOccurrences(of: original, with: forged)
        #expect(bad != text, "\(original) is not in the recording")
        do {
            _ = try Replay.frames(of: Recording(text: bad))
            Issue.record("\(forged) was replayed")
        } catch {
            #expect(error.description.contains(member), "\(forged): \(error)")
        }
    }

    @Test("a recording carries only the catalog items its steps may draw on")
    func catalogsItUses() throws {
        func catalogs(_ messages: [String]) throws -> (banners: Int, cards: Int) {
            var transport = FakeTransport.opened(["session": "c", "clock": "manual"])
            transport.send(1, #"{"type":"record","action":"start"}"#)
            for message in messages { transport.send(1, message) }
            transport.send(1, #"{"type":"record","action":"stop"}"#)
            let text = try #require(RecordingTests.recordingText(transport, 1))
            let recording = try Recording(text: text)
            #expect(try Replay.frames(of: recording) == RecordingTests.recordedFrames(transport, 1))
            return (recording.catalogs.banners.count, recording.catalogs.cards.count)
        }
        let drag = [RecordingTests.pointer("down", x: 300, t: 0), RecordingTests.pointer("up", x: 100, t: 30)]
        #expect(try catalogs(drag + [#"{"type":"advance","ms":500}"#]) == (0, 0))
        #expect(try catalogs([#"{"type":"configure","itemCount":3}"#]) == (3, 3))
        #expect(try catalogs([#"{"type":"configure","itemCount":12}"#]) == (5, 12))
        #expect(try catalogs([#"{"type":"configure","items":[{"id":"a","title":"A"}]}"#]) == (0, 0))
        let all = (ItemCatalogs.bundled.banners.count, ItemCatalogs.bundled.cards.count)
        #expect(try catalogs([#"{"type":"configure","config":{"preset":"cards"}}"#]) == all)
        // Another set of items draws on its catalog whole, also for a session on the card feed
        // (the sequence fuzzer's finding: a replay with none of its cards showed 0 items).
        #expect(
            try catalogs([
                #"{"type":"configure","config":{"content":"arabic"}}"#,
                #"{"type":"configure","config":{"content":"banners"}}"#,
            ]) == all
        )
        #expect(
            try catalogs([
                #"{"type":"configure","config":{"preset":"cards"},"items":[{"id":"a","kind":"photo"}]}"#,
                #"{"type":"configure","config":{"content":"cards"}}"#,
            ]) == all
        )
    }
}
