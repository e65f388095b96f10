import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Who is dragging, and with what: `pointerType` on pointer messages, the `viewers` list and the
/// frame's `input`.
@Suite("pointerType: which viewer drags, and with what")
struct PointerTypeTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func pointer(_ phase: String, x: Double, t: Double, type: String? = nil) -> String {
        let member = type.map { #","pointerType":"\#($0)""# } ?? ""
        return #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(t)\#(member)}"#
    }

    static func parsed(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        (transport.sent[connection] ?? []).map { try! JSONParser.parse($0) }
    }

    /// The `input` a `viewers` message lists for `client`.
    static func input(in message: JSONValue?, of client: Int) -> JSONValue? {
        guard case .array(let listed)? = message?["viewers"] else { return nil }
        return listed.first { $0["client"] == .number(Double(client)) }?["input"]
    }

    @Test("each PointerEvent type decodes; absent or null is none", arguments: PointerType.allCases)
    func decodes(type: PointerType) throws {
        let message = try ClientMessage.decode(Self.pointer("down", x: 1, t: 2, type: type.rawValue))
        #expect(message == .pointer(phase: .down, x: 1, y: 90, time: 2, seq: nil, pointerType: type))
        #expect(try ClientMessage.decode(Self.pointer("down", x: 1, t: 2)).pointerType == nil)
        let null = #"{"type":"pointer","phase":"up","x":1,"y":2,"t":3,"pointerType":null}"#
        #expect(try ClientMessage.decode(null).pointerType == nil)
    }

    @Test(
        "an unknown pointerType is invalid_value naming the field; a non-string is bad_message",
        arguments: [
            (#""finger""#, ProtocolError.Code.invalidValue),
            (#""""#, .invalidValue),
            (#""Touch""#, .invalidValue),
            ("3", .badMessage),
            ("[]", .badMessage),
        ]
    )
    func refusesUnknown(value: String, code: ProtocolError.Code) {
        let text = #"{"type":"pointer","phase":"down","x":1,"y":2,"t":3,"pointerType":\#(value)}"#
        #expect {
            try ClientMessage.decode(text)
        } throws: { error in
            guard let error = error as? ProtocolError else { return false }
            return error.code == code && error.message.contains("pointer.pointerType") && error.ref == "pointer"
        }
    }

    @Test("a pointer message's JSON (what a recording keeps) decodes to itself, with and without a type")
    func roundTrip() throws {
        for type in PointerType.allCases.map(Optional.some) + [nil] {
            let message = ClientMessage.pointer(phase: .move, x: -0.5, y: 3, time: 16.5, seq: nil, pointerType: type)
            #expect(try ClientMessage.decode(message.json.encoded) == message)
            #expect(message.json.encoded.contains("pointerType") == (type != nil))
        }
    }

    @Test("the frame a pointer makes names its type; a viewer's first type, and each change, updates everyone's list")
    func viewersAndFrames() {
        var transport = FakeTransport.opened(["session": "who", "clock": "manual"])
        transport.open(2, ["session": "who"])
        var seen = Self.parsed(transport, 1).count

        transport.send(2, Self.pointer("down", x: 300, t: 0, type: "touch"))
        var after = Array(Self.parsed(transport, 1).dropFirst(seen))
        #expect(after.map { $0["type"] } == [.string("frame"), .string("viewers")])
        #expect(after[0]["input"]?["client"] == .number(2) && after[0]["input"]?["pointerType"] == .string("touch"))
        #expect(
            after[1]
                == (try! JSONParser.parse(
                    #"{"type":"viewers","count":2,"viewers":[{"client":1,"input":null},{"client":2,"input":"touch"}]}"#
                ))
        )
        #expect(Self.parsed(transport, 2).last == after[1], "the dragger is told too")

        // The same type again changes nothing in the list: no message.
        seen = Self.parsed(transport, 1).count
        transport.send(2, Self.pointer("move", x: 200, t: 16, type: "touch"))
        transport.send(2, Self.pointer("up", x: 200, t: 32, type: "touch"))
        after = Array(Self.parsed(transport, 1).dropFirst(seen))
        #expect(!after.contains { $0["type"] == .string("viewers") })

        // A client that says nothing: its frame's input has no pointerType, and no list is sent.
        transport.send(1, #"{"type":"advance","ms":2000}"#)
        seen = Self.parsed(transport, 1).count
        transport.send(1, Self.pointer("down", x: 300, t: 3000))
        after = Array(Self.parsed(transport, 1).dropFirst(seen))
        #expect(after.map { $0["type"] } == [.string("frame")])
        #expect(after[0]["input"] == (try! JSONParser.parse(#"{"client":1,"seq":null}"#)))
        transport.send(1, Self.pointer("up", x: 300, t: 3016))

        // Switching to a mouse is a change.
        transport.send(1, #"{"type":"advance","ms":2000}"#)
        seen = Self.parsed(transport, 2).count
        transport.send(2, Self.pointer("down", x: 300, t: 6000, type: "mouse"))
        after = Array(Self.parsed(transport, 2).dropFirst(seen))
        #expect(Self.input(in: after.last, of: 2) == .string("mouse"))

        // A leaver is gone from the list.
        transport.leave(2)
        #expect(
            Self.parsed(transport, 1).last
                == (try! JSONParser.parse(#"{"type":"viewers","count":1,"viewers":[{"client":1,"input":null}]}"#))
        )
    }

    @Test("a busy carousel refuses the second finger, yet the list learns what it was")
    func busyStillCounts() {
        var transport = FakeTransport.opened(["session": "busy", "clock": "manual"])
        transport.open(2, ["session": "busy"])
        transport.send(1, Self.pointer("down", x: 300, t: 0, type: "mouse"))
        transport.send(2, Self.pointer("down", x: 300, t: 0, type: "pen"))
        let received = Self.parsed(transport, 2)
        #expect(received.contains { $0["code"] == .string("gesture_busy") })
        #expect(Self.input(in: received.last, of: 2) == .string("pen"))
    }

    @Test("the list names at most 64 viewers, the first by client number; count is all of them")
    func listIsBounded() {
        var transport = FakeTransport()
        for connection in 1...70 { transport.open(connection, ["session": "crowd"]) }
        transport.tick(by: Session.viewersListInterval)  // the joins since the first list, in one
        let last = Self.parsed(transport, 1).last!
        #expect(last["count"] == .number(70))
        guard case .array(let listed)? = last["viewers"] else {
            Issue.record("no list: \(last)")
            return
        }
        #expect(listed.count == SessionMembership.listedViewerLimit)
        #expect(listed.map { $0["client"] } == (1...64).map { .number(Double($0)) })
    }

    @Test("a recording of touch and mouse drags replays to the same frames, types and all")
    func recordingKeepsTypes() throws {
        var transport = FakeTransport.opened(["session": "rec", "clock": "manual"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        for (index, type) in ["touch", "mouse"].enumerated() {
            let t = Double(index) * 3000
            transport.send(1, Self.pointer("down", x: 300, t: t, type: type))
            transport.send(1, #"{"type":"advance","ms":16}"#)
            transport.send(1, Self.pointer("move", x: 150, t: t + 16, type: type))
            transport.send(1, Self.pointer("up", x: 150, t: t + 32, type: type))
            transport.send(1, #"{"type":"advance","ms":2000}"#)
        }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(RecordingTests.recordingText(transport, 1))
        let frames = try Replay.frames(of: Recording(text: text))
        #expect(frames == RecordingTests.recordedFrames(transport, 1))
        #expect(frames.joined().contains(#""pointerType":"touch""#))
        #expect(frames.joined().contains(#""pointerType":"mouse""#))
    }
}
