import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("A share link's item: the session it creates starts on that item, and a recording of it replays from there")
struct StartItemLinkTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// The messages `connection` received, parsed.
    static func messages(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        (transport.sent[connection] ?? []).map { try! JSONParser.parse($0) }
    }

    /// The first frame `connection` received.
    static func firstFrame(_ transport: FakeTransport, _ connection: Int) throws -> JSONValue {
        try #require(messages(transport, connection).first { $0["type"] == .string("frame") })
    }

    @Test("item=2 creates the session at rest on item 2, as if it had always been there: no event tells of a move")
    func startsOnTheItem() throws {
        let transport = FakeTransport.opened(["session": "copy", "preset": "banner", "item": "2"])
        let welcome = try transport.first(1)
        #expect(welcome["link"]?.encoded == #"{"applied":["preset","item"],"ignored":[]}"#)
        let frame = try Self.firstFrame(transport, 1)
        #expect(frame["index"] == .number(2))
        #expect(frame["phase"] == .string("idle"))
        #expect(frame["events"]?.encoded == "[]")
        // The same carousel on item 0 differs only by where it rests.
        var plain = FakeTransport()
        plain.open(1, ["session": "plain", "preset": "banner"])
        #expect(try Self.firstFrame(plain, 1)["index"] == .number(0))
    }

    @Test("an item past the last starts on the last; a strip's own rest position for it")
    func pastTheEndIsTheLast() throws {
        let transport = FakeTransport.opened(["session": "end", "preset": "strip", "items": "4", "item": "9"])
        #expect(try Self.firstFrame(transport, 1)["index"] == .number(3))
        var empty = FakeTransport()
        empty.open(1, ["session": "none", "items": "0", "item": "2"])
        #expect(try Self.firstFrame(empty, 1)["count"] == .number(0), "no item to start on: still a session")
    }

    @Test("a bad item is reported like any link value, and the session starts on the first item")
    func badItemIsReported() throws {
        for (text, code) in [
            ("-1", "wrong_type"), ("1.5", "wrong_type"), ("two", "wrong_type"), ("1000", "out_of_range"),
        ] {
            let transport = FakeTransport.opened(["session": "bad", "item": text])
            let welcome = try transport.first(1)
            let ignored = LinkSettingsTests.ignored(welcome)
            #expect(ignored["item"]?["code"] == .string(code), "\(text)")
            #expect(try Self.firstFrame(transport, 1)["index"] == .number(0))
        }
    }

    @Test("joining a session that exists does not move it; an item it is not on is session_exists")
    func joiningDoesNotMove() throws {
        var transport = FakeTransport.opened(["session": "team", "item": "1"])
        transport.open(2, ["session": "team", "item": "3"])
        let ignored = LinkSettingsTests.ignored(try transport.first(2))
        #expect(ignored["item"]?["code"] == .string("session_exists"))
        #expect(try Self.firstFrame(transport, 2)["index"] == .number(1))
        transport.open(3, ["session": "team", "item": "1"])
        #expect(LinkSettingsTests.ignored(try transport.first(3)).isEmpty)
    }

    @Test("a recording of a session that started on item 2 starts from a checkpoint on it and replays byte for byte")
    func recordingKeepsTheStartItem() throws {
        var transport = FakeTransport.opened(["session": "r", "clock": "manual", "preset": "paged", "item": "2"])
        let text = try RecordingTests.recordFlickAndSettle(&transport)
        let recording = try Recording(text: text)
        #expect(recording.json["checkpoint"]?["engine"]?["item"] == .number(2))
        let frames = try Replay.frames(of: recording)
        #expect(frames == RecordingTests.recordedFrames(transport, 1))
        #expect(frames.count > 40)
        let forged = text.replacingOccurrences(of: #""engine":{"item":2"#, with: #""engine":{"item":-2"#)
        #expect(forged != text)
        #expect(throws: RecordingError.self) { try Replay.frames(of: Recording(text: forged)) }
    }
}
