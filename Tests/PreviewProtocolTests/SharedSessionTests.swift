import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A session several viewers share: a link with other settings leaves it as it is and says what it
/// would have made (`wanted`), every configuration change names its viewer (`by`), and viewers give
/// themselves short names the others see.
@Suite("shared sessions: what a link wanted, who changed what, viewers' names")
struct SharedSessionTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func parsed(_ transport: FakeTransport, _ connection: Int, from start: Int = 0) -> [JSONValue] {
        (transport.sent[connection] ?? []).dropFirst(start).map { try! JSONParser.parse($0) }
    }

    @Test("a link joining a session with other settings reports the carousel it would have made")
    func wantedCarousel() throws {
        var transport = FakeTransport.opened(["session": "team", "preset": "banner", "inset": "40"])
        transport.open(2, ["session": "team", "preset": "paged", "spacing": "12", "items": "4", "inset": "999"])
        let welcome = try transport.first(2)
        #expect(welcome["config"]?["inset"] == .number(40), "the session keeps its settings")
        let wanted = try #require(welcome["link"]?["wanted"])
        let link = try #require(
            LinkSettings(query: ["preset": "paged", "spacing": "12", "items": "4", "inset": "999"])
        )
        let made = link.creatingSession()
        #expect(wanted["config"] == made.config.json, "what the link makes in a session of its own")
        #expect(wanted["config"]?["preset"] == .string("paged"))
        #expect(wanted["config"]?["spacing"] == .number(12))
        #expect(
            wanted["config"]?["inset"] == SessionConfiguration(preset: "paged")!.json["inset"],
            "999 is out of range"
        )
        #expect(wanted["itemCount"] == .number(4))
    }

    @Test("a link that asks for what the session has, or names no settings, wants nothing")
    func nothingWanted() throws {
        var transport = FakeTransport.opened(["session": "same", "preset": "strip", "inset": "40"])
        transport.open(2, ["session": "same", "preset": "strip", "inset": "40"])
        transport.open(3, ["session": "same"])
        transport.open(4, ["session": "same", "spacing": "abc"])
        for connection in [2, 3, 4] {
            let welcome = try transport.first(connection)
            #expect(welcome["link"]?["wanted"] == nil, "connection \(connection)")
        }
        #expect(
            try transport.first(1)["link"]?["wanted"] == nil,
            "a link that created its session was applied"
        )
    }

    @Test("the wanted configuration, sent back as a configure, gives everyone the link's carousel")
    func applyingWanted() throws {
        var transport = FakeTransport.opened(["session": "apply", "inset": "40"])
        transport.open(2, ["session": "apply", "preset": "strip", "spacing": "12", "items": "5"])
        let wanted = try #require(try transport.first(2)["link"]?["wanted"])
        let seen = transport.sent[1]!.count
        let configure = JSONValue.object([
            ("type", .string("configure")), ("config", wanted["config"]!), ("itemCount", wanted["itemCount"]!),
        ])
        transport.send(2, configure.encoded)
        let config = try #require(Self.parsed(transport, 1, from: seen).first { $0["type"] == .string("config") })
        #expect(config["config"] == wanted["config"])
        #expect(config["by"] == .number(2), "the first viewer learns who changed it")
        // The link's five items are the five the session shows already: the catalog is not sent again.
        #expect(config["items"] == nil)
    }

    @Test("a config carries the items only when they changed: a new spacing sends none, a new count sends them")
    func itemsOnlyWhenChanged() throws {
        var transport = FakeTransport.opened(["session": "catalog", "layout": "cards"])
        func lastConfig() -> JSONValue? {
            RecordingTests.messages(transport, 1).last { $0["type"] == .string("config") }
        }
        transport.send(1, #"{"type":"configure","config":{"spacing":12}}"#)
        #expect(lastConfig()?["config"]?["spacing"] == .number(12))
        #expect(lastConfig()?["items"] == nil)
        transport.send(1, #"{"type":"configure","itemCount":7}"#)
        guard case .array(let items)? = lastConfig()?["items"] else { throw Expected.items }
        #expect(items.count == 7)
        transport.send(1, #"{"type":"configure","itemCount":7,"config":{"spacing":4}}"#)
        #expect(lastConfig()?["items"] == nil)
        transport.send(1, #"{"type":"command","name":"autoscroll","enabled":true}"#)
        #expect(lastConfig()?["config"]?["autoscroll"]?["enabled"] == .bool(true))
        #expect(lastConfig()?["items"] == nil)
    }

    enum Expected: Error { case items }

    @Test("a config made by a command names its client; one restored after a replay names nobody")
    func configNamesItsMaker() throws {
        var transport = FakeTransport.opened(["session": "by", "clock": "manual"])
        transport.open(2, ["session": "by", "clock": "manual"])
        let seen = transport.sent[1]!.count
        transport.send(2, #"{"type":"command","name":"autoscroll","enabled":true}"#)
        transport.send(1, #"{"type":"configure","config":{"spacing":3}}"#)
        let configs = Self.parsed(transport, 2, from: seen - 1).filter { $0["type"] == .string("config") }
        #expect(configs.map { $0["by"] } == [.number(2), .number(1)])
        #expect(
            ServerMessage.config(SessionConfiguration(preset: "banner")!, items: [], by: nil).encoded.contains("\"by\"")
                == false
        )
    }

    @Test("a viewer's name reaches every viewer's list; an empty name goes back to the number")
    func names() throws {
        var transport = FakeTransport.opened(["session": "names"])
        transport.open(2, ["session": "names"])
        // A live session sends its list at most once a hold: each change here comes a hold apart.
        transport.tick(by: Session.viewersListInterval)
        let seen = transport.sent[1]!.count
        transport.send(2, #"{"type":"name","name":"  Ana  "}"#)
        transport.tick(by: Session.viewersListInterval)
        transport.send(2, #"{"type":"name","name":"Ana"}"#)  // unchanged: no new list
        transport.tick(by: Session.viewersListInterval)
        transport.send(2, #"{"type":"name","name":""}"#)
        let lists = Self.parsed(transport, 1, from: seen).filter { $0["type"] == .string("viewers") }
        #expect(
            lists.map(\.encoded) == [
                #"{"type":"viewers","count":2,"viewers":[{"client":1,"input":null},{"client":2,"input":null,"name":"Ana"}]}"#,
                #"{"type":"viewers","count":2,"viewers":[{"client":1,"input":null},{"client":2,"input":null}]}"#,
            ]
        )
        #expect(Self.parsed(transport, 2, from: seen).allSatisfy { $0["type"] != .string("error") })
    }

    @Test(
        "a name with a control, format or separator character, or too long, is refused naming the field",
        arguments: [
            "a\u{0}b", "tab\there", "line\nbreak", "rtl\u{202E}override", "zero\u{200B}width", "para\u{2029}graph",
            String(repeating: "x", count: 25), String(repeating: "é", count: 25),
        ]
    )
    func refusedNames(name: String) throws {
        let text = JSONValue.object([("type", .string("name")), ("name", .string(name))]).encoded
        #expect {
            try ClientMessage.decode(text)
        } throws: { error in
            guard let error = error as? ProtocolError else { return false }
            return error.code == .invalidValue && error.field == "name.name" && error.ref == "name"
        }
    }

    @Test("names at the limits: 24 characters, 24 four-byte emoji (96 bytes), combining marks count as one")
    func namesAtTheLimits() throws {
        for name in [
            String(repeating: "x", count: 24), String(repeating: "🎠", count: 24),
            String(repeating: "e\u{301}", count: 24),
        ] {
            let text = JSONValue.object([("type", .string("name")), ("name", .string(name))]).encoded
            #expect(try ClientMessage.decode(text) == .name(ViewerName(text: name)))
        }
        #expect(try ClientMessage.decode(#"{"type":"name","name":" \t "}"#) == .name(nil))
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(#"{"type":"name","name":7}"#) }
        #expect(throws: ProtocolError.self) { try ClientMessage.decode(#"{"type":"name"}"#) }
    }

    @Test(
        "the page's own labels cannot be taken as a name: one viewer cannot pass for another or for the reader",
        arguments: ["you", "You", " YOU ", "(you)", "Viewer 1", "viewer 12", "Viewer1", "VIEWER\u{A0}3"]
    )
    func reservedNames(name: String) {
        let text = JSONValue.object([("type", .string("name")), ("name", .string(name))]).encoded
        #expect {
            try ClientMessage.decode(text)
        } throws: { error in
            (error as? ProtocolError)?.field == "name.name"
        }
    }

    @Test("names near the reserved ones are taken", arguments: ["Yours", "Viewer", "Viewer One", "Viewer 1b", "Ana"])
    func namesNearReserved(name: String) throws {
        let text = JSONValue.object([("type", .string("name")), ("name", .string(name))]).encoded
        #expect(try ClientMessage.decode(text) == .name(ViewerName(text: name)))
    }

    @Test("a name is not an input: it is not journaled, so recordings and their replays are unchanged")
    func namesAreNotRecorded() throws {
        var transport = FakeTransport.opened(["session": "rec", "clock": "manual"])
        transport.send(1, #"{"type":"record","action":"start"}"#)
        transport.send(1, #"{"type":"name","name":"Ana"}"#)
        transport.send(1, #"{"type":"advance","ms":16}"#)
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let recording = try #require(Self.parsed(transport, 1).last { $0["type"] == .string("recording") })
        #expect(!recording.encoded.contains("Ana"))
    }
}
