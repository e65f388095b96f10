import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Answers the documents state and a review found stated wrongly once, each checked through the hub:
/// a rule between fields in a `configure` and in a link (docs/reference/configuration.md), where a
/// manual-clock replay's time 0 lies (docs/protocol/recording.md), and when a `bad_message` names a
/// member in `field` (docs/reference/messages.md).
@Suite("What the documents say the server answers, through the hub")
struct DocumentedAnswersTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// The messages of `type` connection `connection` received, parsed.
    static func received(_ transport: FakeTransport, _ connection: Int, _ type: String) -> [JSONValue] {
        RecordingTests.messages(transport, connection).filter { $0["type"] == .string(type) }
    }

    // MARK: - Rules between fields

    @Test("a configure that breaks a rule between fields gets invalid_value on config.itemsPerPage, not conflict")
    func configureBreakingARule() throws {
        var transport = FakeTransport.opened(["session": "rules", "clock": "manual", "preset": "strip"])
        let configs = Self.received(transport, 1, "config").count
        transport.send(1, #"{"type":"configure","config":{"itemsPerPage":5}}"#)
        let answer = try transport.last(1)
        #expect(answer["type"] == .string("error"), "\(answer.encoded)")
        #expect(answer["code"] == .string("invalid_value"), "\(answer.encoded)")
        #expect(answer["field"] == .string("config.itemsPerPage"), "\(answer.encoded)")
        #expect(Self.received(transport, 1, "config").count == configs, "nothing changed")
    }

    @Test("a link's value that breaks a rule between fields is left out and reported as conflict")
    func linkBreakingARule() throws {
        let transport = FakeTransport.opened(["session": "linked", "preset": "strip", "itemsPerPage": "5"])
        let welcome = try transport.first(1)
        #expect(welcome["link"]?["applied"] == .array([.string("preset")]), "\(welcome["link"]?.encoded ?? "")")
        guard case .array(let ignored)? = welcome["link"]?["ignored"], ignored.count == 1 else {
            Issue.record("one value ignored: \(welcome["link"]?.encoded ?? "")")
            return
        }
        #expect(ignored[0]["field"] == .string("itemsPerPage") && ignored[0]["code"] == .string("conflict"))
        #expect(welcome["config"]?["itemsPerPage"] == .number(1))
    }

    @Test("an item longer than the viewport breaks no rule: itemWidth 500 in a 375 pt viewport is taken")
    func itemLongerThanTheViewport() throws {
        var transport = FakeTransport.opened(["session": "long", "clock": "manual"])
        transport.send(1, #"{"type":"configure","config":{"itemWidth":500}}"#)
        let config = try #require(Self.received(transport, 1, "config").last?["config"])
        #expect(config["itemWidth"] == .number(500) && config["viewport"]?["width"] == .number(375))
        #expect(transport.types(1).suffix(2) == ["config", "frame"])

        let linked = FakeTransport.opened(["session": "long-link", "itemWidth": "500"])
        let welcome = try linked.first(1)
        #expect(welcome["link"]?["ignored"] == .array([]), "\(welcome["link"]?.encoded ?? "")")
        #expect(welcome["config"]?["itemWidth"] == .number(500))
    }

    // MARK: - A manual-clock replay's time 0

    @Test("a manual replay's time 0 is where recording started, not its checkpoint: a recorded command plays at once")
    func replayStartsWhereRecordingStarted() throws {
        // Recording starts 48 ms into a motion, so it runs from the checkpoint before the first `next`.
        let recorded = RecordingTests.manualRecording(
            before: [#"{"type":"command","name":"next"}"#, #"{"type":"advance","ms":48}"#],
            during: [#"{"type":"command","name":"next"}"#]
                + Array(repeating: ManualClockReplayTests.advance16, count: 30)
        )
        let text = try #require(RecordingTests.recordingText(recorded, 1))
        let recording = try Recording(text: text)
        #expect(recording.start == 2, "the command and the 48 ms before the start run silently")
        let headless = try Replay.frames(of: recording)

        var (transport, start) = ManualClockReplayTests.playing(text, speed: 1)
        // Before any advance: the recorded command's frame, though 48 ms lie between it and the checkpoint.
        #expect(ManualClockReplayTests.frames(transport.sent[1]![start...]) == Array(headless.prefix(1)))
        // The first recorded advance of 16 ms is due 16 ms in, not 64.
        transport.send(1, ManualClockReplayTests.advance16)
        #expect(ManualClockReplayTests.frames(transport.sent[1]![start...]) == Array(headless.prefix(2)))
    }

    // MARK: - When bad_message names a member

    /// (message, the `field` its `bad_message` carries: `nil` for none)
    static let badMessages: [(String, String?)] = [
        (#"{"type":"pointer","phase":"down","x":"a","y":1,"t":1}"#, "pointer.x"),
        (#"{"type":"advance"}"#, "advance.ms"),
        (#"{"type":"visibility","hidden":1}"#, "visibility.hidden"),
        (#"{"type":"configure","itemCount":"3"}"#, "configure.itemCount"),
        (#"{"type":"command","name":"next","seq":"1"}"#, "command.seq"),
        // Faults of the message as a whole.
        ("[1]", nil),
        (#"{"seq":1}"#, nil),
        (#"{"type":"configure","items":[],"itemCount":3}"#, nil),
        (#"{"type":"configure"}"#, nil),
        (#"{"type":"replay","recording":{},"part":"x"}"#, nil),
        (#"{"type":"replay","action":"pause","ms":3}"#, nil),
        (#"{"type":"variant","action":"delete","name":"a","itemCount":3}"#, nil),
    ]

    @Test(
        "bad_message names one missing or wrong-typed member as TYPE.MEMBER; a fault of the whole message, none",
        arguments: badMessages
    )
    func badMessageField(text: String, field: String?) throws {
        var transport = FakeTransport.opened(["session": "bad", "clock": "manual"])
        transport.send(1, text)
        let answer = try transport.last(1)
        #expect(answer["code"] == .string("bad_message"), "\(text): \(answer.encoded)")
        #expect(answer["field"] == field.map(JSONValue.string), "\(text): \(answer.encoded)")
    }

    @Test("a binary message no image message announced is bad_message with no field")
    func unannouncedBinary() throws {
        var transport = FakeTransport.opened(["session": "binary", "clock": "manual"])
        transport.sendBinary(1, [1, 2, 3])
        let answer = try transport.last(1)
        #expect(answer["code"] == .string("bad_message") && answer["field"] == nil, "\(answer.encoded)")
    }
}
