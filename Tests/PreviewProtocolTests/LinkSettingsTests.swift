import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Share links in the handshake: the server applies a link to the session it creates, and says what it ignored")
struct LinkSettingsTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// The `ignored` entries of a welcome's link report, by field.
    static func ignored(_ welcome: JSONValue) -> [String: JSONValue] {
        guard case .array(let entries)? = welcome["link"]?["ignored"] else { return [:] }
        var byField: [String: JSONValue] = [:]
        for entry in entries {
            if case .string(let field)? = entry["field"] { byField[field] = entry }
        }
        return byField
    }

    @Test("a link creates its session with the preset, the values and the item count it names")
    func linkCreatesTheSession() throws {
        var transport = FakeTransport()
        transport.open(
            1,
            [
                "session": "s", "preset": "coverflow", "spacing": "12", "autoscroll": "off", "itemWidth": "auto",
                "items": "8",
            ]
        )
        let welcome = try transport.first(1)
        #expect(
            welcome["link"]?.encoded
                == #"{"applied":["preset","spacing","itemWidth","autoscroll","items"],"ignored":[]}"#
        )
        #expect(welcome["config"]?["preset"] == .string("coverflow"))
        #expect(welcome["config"]?["spacing"] == .number(12))
        #expect(welcome["config"]?["itemWidth"] == .null)
        #expect(welcome["config"]?["autoscroll"]?["enabled"] == .bool(false))
        guard case .array(let items)? = welcome["items"] else {
            Issue.record("no items")
            return
        }
        #expect(items.count == 8)
        // No configure was needed, so nothing but the welcome's own frame and viewers followed.
        #expect(transport.types(1) == ["welcome", "frame", "viewers"])
    }

    @Test("a plain address has no link report, and a session name alone is not a link")
    func noLink() throws {
        let transport = FakeTransport.opened(["session": "plain"])
        #expect(try transport.first(1)["link"] == .null)
    }

    @Test("out of range, wrong type, unknown preset: each reported with a code, the rest applied, nothing refused")
    func badValuesAreReported() throws {
        var transport = FakeTransport()
        transport.open(
            1,
            [
                "session": "bad", "preset": "carousel9", "spacing": "-5", "sideScale": "inf", "inset": "0x10",
                "autoscroll": "maybe", "intervalMs": "0", "items": "1001", "springFrequency": "30",
            ]
        )
        let welcome = try transport.first(1)
        let ignored = Self.ignored(welcome)
        #expect(ignored["preset"]?["code"] == .string("not_a_choice"))
        #expect(ignored["spacing"]?["code"] == .string("out_of_range"))
        #expect(ignored["spacing"]?["minimum"] == .number(Configuration.Rules.gap.minimum))
        #expect(ignored["spacing"]?["maximum"] == .number(Configuration.Rules.gap.maximum))
        #expect(ignored["sideScale"]?["code"] == .string("wrong_type"), "inf is not a decimal number")
        #expect(ignored["inset"]?["code"] == .string("wrong_type"), "hex is not a decimal number")
        #expect(ignored["autoscroll"]?["code"] == .string("wrong_type"))
        #expect(ignored["intervalMs"]?["code"] == .string("out_of_range"))
        #expect(ignored["items"]?["code"] == .string("out_of_range"))
        for (text, code) in [
            ("99999", "out_of_range"), (String(repeating: "9", count: 40), "out_of_range"), ("1e3", "wrong_type"),
            ("-1", "wrong_type"), ("", "wrong_type"),
        ] {
            let link = try #require(LinkSettings(query: ["items": text]))
            #expect(link.problems.map(\.code.rawValue) == [code], "items=\(text)")
        }
        #expect(ignored.count == 7)
        #expect(welcome["link"]?["applied"]?.encoded == #"["springFrequency"]"#)
        #expect(welcome["config"]?["preset"] == .string("banner"), "an unknown preset falls back to the default")
        #expect(welcome["config"]?["springFrequency"] == .number(30))
        for (field, entry) in ignored {
            guard case .string(let message)? = entry["message"] else {
                Issue.record("\(field) has no message")
                continue
            }
            #expect(!message.isEmpty)
        }
    }

    @Test("values that fit alone but not together: the one the rule names is left out as a conflict")
    func conflictingValues() throws {
        let transport = FakeTransport.opened(["session": "c", "viewportWidth": "320", "inset": "170", "spacing": "4"])
        let welcome = try transport.first(1)
        let ignored = Self.ignored(welcome)
        #expect(ignored["inset"]?["code"] == .string("conflict"), "\(welcome["link"]?.encoded ?? "")")
        #expect(welcome["link"]?["applied"]?.encoded == #"["viewportWidth","spacing"]"#)
        #expect(welcome["config"]?["viewport"]?["width"] == .number(320))
    }

    @Test("joining a session that exists changes nothing; each setting that differs is session_exists")
    func joiningExistingSession() throws {
        var transport = FakeTransport.opened(["session": "team", "preset": "strip", "inset": "40"])
        let before = transport.sent[1]!.count
        transport.open(2, ["session": "team", "preset": "paged", "inset": "40", "spacing": "3", "items": "4"])
        let welcome = try transport.first(2)
        #expect(welcome["config"]?["preset"] == .string("strip"))
        #expect(welcome["config"]?["inset"] == .number(40))
        let ignored = Self.ignored(welcome)
        #expect(Set(ignored.keys) == ["preset", "spacing", "items"], "inset is what the session has")
        #expect(ignored.values.allSatisfy { $0["code"] == .string("session_exists") })
        #expect(welcome["link"]?["applied"]?.encoded == "[]")
        let toFirst = transport.sent[1]![before...].map { try! JSONParser.parse($0) }
        #expect(
            !toFirst.contains { $0["type"] == .string("config") },
            "the first viewer's carousel was not reconfigured"
        )
    }

    @Test("every field's link text: its own value round-trips, -0 reads as 0, 1e-307 and subnormals are out of range")
    func everyFieldReadsItsText() throws {
        for field in ConfigurationSchema.fields {
            let current = field.value(in: Configuration.banner)
            let text: String
            switch current {
            case .bool(let flag): text = flag ? "on" : "off"
            case .string(let name): text = name
            case .number(let number): text = "\(number)"
            default: text = "auto"
            }
            let link = try #require(LinkSettings(query: [field.linkName: text]))
            #expect(link.problems.isEmpty, "\(field.linkName)=\(text)")
            let created = link.creatingSession()
            #expect(created.report.applied == [field.linkName])
            #expect(field.value(in: created.config.configuration) == current)
        }
        let zero = try #require(LinkSettings(query: ["spacing": "-0"]))
        #expect(zero.values == [LinkSettings.Value(field: "spacing", value: .number(0))])
        for tiny in ["1e-307", "4.9e-324"] {
            let link = try #require(LinkSettings(query: ["viewportWidth": tiny]))
            #expect(link.creatingSession().report.ignored.first?.code == .outOfRange, "\(tiny)")
        }
    }

    @Test("a welcome names the server process: one instance for every connection of a hub, another for another hub")
    func instanceNamesTheProcess() throws {
        var first = FakeTransport()
        first.open(1, ["session": "a"])
        first.open(2, ["session": "b"])
        var second = FakeTransport()
        second.open(1, ["session": "a"])
        let instance = try first.first(1)["instance"]
        #expect(instance == (try first.first(2)["instance"]))
        #expect(instance != (try second.first(1)["instance"]))
        guard case .string(let text)? = instance else {
            Issue.record("no instance")
            return
        }
        #expect(text.count == 16 && text.allSatisfy(\.isHexDigit))
    }

    @Test("a recording of a session a link made replays from the link's carousel, byte for byte")
    func recordingKeepsTheSetup() throws {
        var transport = FakeTransport()
        transport.open(
            1,
            ["session": "r", "clock": "manual", "preset": "strip", "spacing": "24", "items": "5", "sideScale": "0.8"]
        )
        let text = try RecordingTests.recordFlickAndSettle(&transport)
        let recording = try Recording(text: text)
        let checkpoint = try #require(recording.json["checkpoint"])
        #expect(checkpoint["preset"] == .string("strip"))
        #expect(checkpoint["config"]?.encoded == #"{"spacing":24,"sideScale":0.8}"#)
        #expect(checkpoint["items"].map { if case .array(let items) = $0 { items.count } else { 0 } } == 5)
        let frames = try Replay.frames(of: recording)
        #expect(frames == RecordingTests.recordedFrames(transport, 1))
        #expect(frames.count > 40)
    }

    @Test("a forged checkpoint configuration or items are refused as a configure would be")
    func forgedSetup() throws {
        var transport = FakeTransport.opened(["session": "f", "clock": "manual", "spacing": "24"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        transport.send(1, #"{"type":"advance","ms":16}"#)
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(RecordingTests.recordingText(transport, 1))
        #expect(try Replay.frames(of: Recording(text: text)).count == 1)
        for (forged, reason) in [
            (#""spacing":24"#, #""spacing":-3"#),
            (#""spacing":24"#, #""spacing":24,"loop":"yes""#),
            (#""id":"new-arrivals""#, #""id":"spring-sale""#),
            (#""items":[{"#, #""items":[{"id":"","title":"x"},{"#),
        ] {
            let bad = text.replacingOccurrences(of: forged, with: reason)
            #expect(bad != text, "\(forged) is in the recording")
            #expect(throws: RecordingError.self, "\(reason)") { try Replay.frames(of: Recording(text: bad)) }
        }
    }
}
