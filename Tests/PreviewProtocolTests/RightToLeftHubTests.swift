import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Right-to-left through the protocol: direction in links, configure, exports and recordings")
struct RightToLeftHubTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func frames(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        RecordingTests.messages(transport, connection).filter { $0["type"] == .string("frame") }
    }

    /// Each shown slot's item and horizontal span, `[item: (x, width)]`.
    static func spans(_ frame: JSONValue) -> [Int: (x: Double, width: Double)] {
        guard case .array(let slots)? = frame["slots"] else { return [:] }
        var spans: [Int: (x: Double, width: Double)] = [:]
        for slot in slots {
            guard case .number(let item)? = slot["item"], case .number(let x)? = slot["x"],
                case .number(let width)? = slot["width"]
            else { continue }
            spans[Int(item)] = (x, width)
        }
        return spans
    }

    @Test(
        "a link's direction=rtl makes an RTL session: the first item rests at the right, a drag to the right pages on"
    )
    func linkMakesAnRTLSession() throws {
        var transport = FakeTransport.opened(["session": "r", "preset": "strip", "direction": "rtl", "clock": "manual"])
        let welcome = try transport.first(1)
        #expect(welcome["config"]?["direction"] == .string("rtl"))
        #expect(welcome["link"]?["applied"]?.encoded == #"["preset","direction"]"#)
        let first = Self.spans(try #require(Self.frames(transport, 1).first))
        let item0 = try #require(first[0])
        let item1 = try #require(first[1])
        #expect(item0.x + item0.width == 375 - 16)
        #expect(item1.x + item1.width == item0.x - 8)
        // A slow drag 200 pt to the right that stops before lifting: past half a pitch, no flick.
        transport.send(1, RecordingTests.pointer("down", x: 100, t: 0))
        transport.send(1, #"{"type":"advance","ms":200}"#)
        transport.send(1, RecordingTests.pointer("move", x: 300, t: 200))
        transport.send(1, #"{"type":"advance","ms":100}"#)
        transport.send(1, RecordingTests.pointer("up", x: 300, t: 300))
        for _ in 0..<40 { transport.send(1, #"{"type":"advance","ms":16}"#) }
        let last = try #require(Self.frames(transport, 1).last)
        #expect(last["index"] == .number(1))
        #expect(last["phase"] == .string("idle"))
        #expect(last["offset"] == .number(351), "offsets count along the reading direction")
    }

    @Test("configure flips the direction at rest: the same item, every slot mirrored; and back")
    func configureFlips() throws {
        var transport = FakeTransport.opened(["session": "f", "preset": "strip", "clock": "manual"])
        transport.send(1, #"{"type":"command","name":"goto","index":2,"animated":false}"#)
        let ltr = Self.spans(try #require(Self.frames(transport, 1).last))
        transport.send(1, #"{"type":"configure","config":{"direction":"rtl"}}"#)
        let config = try #require(RecordingTests.messages(transport, 1).last { $0["type"] == .string("config") })
        #expect(config["config"]?["direction"] == .string("rtl"))
        let flipped = try #require(Self.frames(transport, 1).last)
        #expect(flipped["index"] == .number(2))
        let rtl = Self.spans(flipped)
        #expect(rtl.keys.sorted() == ltr.keys.sorted() && ltr.count >= 3)
        for (item, span) in ltr {
            #expect(rtl[item]?.x == 375 - span.x - span.width, "item \(item)")
        }
        transport.send(1, #"{"type":"configure","config":{"direction":"ltr"}}"#)
        let back = Self.spans(try #require(Self.frames(transport, 1).last))
        for (item, span) in ltr { #expect(back[item]?.x == span.x, "item \(item)") }
    }

    @Test("the export names the direction: Swift's layoutDirection, the configure message and the settings file")
    func exportCarriesTheDirection() throws {
        let message = try ClientMessage.decode(#"{"type":"configure","config":{"direction":"rtl"}}"#)
        guard case .configure(let patch?, nil, nil) = message else {
            Issue.record("not a configure")
            return
        }
        let config = try SessionConfiguration(preset: "strip")!.applying(patch)
        #expect(config.configuration.layoutDirection == .rtl)
        let export = ConfigurationExport(config, itemCount: 5)
        #expect(export.swift.contains("configuration.layoutDirection = .rtl"))
        #expect(export.configure.encoded == #"{"type":"configure","config":{"preset":"strip","direction":"rtl"}}"#)
        #expect(export.settings.encoded.contains(#""direction":"rtl""#))
    }

    @Test("a recording of an RTL session replays to the frames its viewer got, byte for byte")
    func recordingReplays() throws {
        var transport = FakeTransport.opened([
            "session": "p", "preset": "banner", "direction": "rtl", "clock": "manual",
        ])
        transport.open(2, ["session": "p"])
        let text = try RecordingTests.recordFlickAndSettle(&transport)
        let frames = try Replay.frames(of: Recording(text: text))
        #expect(frames == RecordingTests.recordedFrames(transport, 1))
        // The recorded drag went left, so in RTL it went back: from item 0 to the last of the loop.
        #expect(try JSONParser.parse(try #require(frames.last))["index"] == .number(4))
    }
}
