import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Protocol v1 in-process: JSON, message decoding, configuration patches")
struct ProtocolTests {
    @Test(
        "the parser accepts RFC 8259 JSON and rejects what a hostile client might send",
        arguments: [
            ("{\"a\":[1,-2.5e3,true,null,\"x\\u00e9\\ud83d\\ude00\"]}", true),
            ("  {}  ", true), ("[]", true), ("0", true), ("-0", true),
            ("{", false), ("{\"a\":1,}", false), ("[1,]", false), ("01", false), ("1.", false), (".5", false),
            ("NaN", false), ("Infinity", false), ("1e400", false), ("{\"a\":1,\"a\":2}", false),
            ("\"\\ud800\"", false), ("\"tab\there\"", false), ("{} {}", false), ("tru", false),
            (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), false),
            (String(repeating: "[", count: 10_000), false),
        ]
    )
    func parser(text: String, isValid: Bool) {
        #expect(((try? JSONParser.parse(text)) != nil) == isValid)
    }

    @Test("encoding is deterministic and round-trips")
    func encoding() throws {
        let value = JSONValue.object([
            ("b", .number(16)), ("a", .number(0.1)), ("s", .string("q\"\\\n\u{01}é")), ("n", .null),
            ("l", .array([.bool(false)])),
        ])
        #expect(value.encoded == "{\"b\":16,\"a\":0.1,\"s\":\"q\\\"\\\\\\n\\u0001é\",\"n\":null,\"l\":[false]}")
        #expect(try JSONParser.parse(value.encoded) == value)
        #expect(JSONValue.number(-0.0).encoded == "0")
        #expect(JSONValue.number(1e300).encoded == "1e+300")
    }

    @Test("a frame encodes to the documented text, member by member")
    func frameText() {
        let frame = Frame(
            currentIndex: 2,
            itemCount: 5,
            phase: .animating,
            position: -12.345678901234567,
            slots: [
                SlotFrame(id: 0, itemIndex: 1, x: -347.5, y: 0, width: 359, height: 180, scale: 0.9375),
                SlotFrame(id: 1, itemIndex: nil, x: 8, y: 0.1, width: 359, height: 180, scale: 1, kind: "ph\"oto"),
            ],
            autoScroll: AutoScrollStatus(
                state: .paused,
                pauseReasons: [.pointerDown, .hidden],
                remaining: .milliseconds(2500)
            ),
            events: [
                .pageChanged(index: 2, previous: 1), .interrupted(index: 2), .settled(index: 2),
                .autoScrolled(index: 2),
            ],
            contentOffset: 1041.654321098765,
            velocity: -1210.5,
            target: MotionTarget(index: 3, contentOffset: 1053)
        )
        let message = ServerMessage.frame(
            FrameMessage(seq: 41, time: 1234.5, frame: frame, input: AppliedInput(client: 3, seq: nil))
        )
        #expect(
            message.encoded == """
                {"type":"frame","seq":41,"time":1234.5,"phase":"animating","index":2,"count":5,"position":-12.345678901234567,\
                "offset":1041.654321098765,"velocity":-1210.5,"target":{"index":3,"offset":1053},\
                "slots":[{"id":0,"item":1,"x":-347.5,"y":0,"width":359,"height":180,"scale":0.9375},\
                {"id":1,"item":null,"x":8,"y":0.1,"width":359,"height":180,"scale":1,"kind":"ph\\"oto"}],\
                "autoscroll":{"state":"paused","pausedBy":["pointerDown","hidden"],"remainingMs":2500},\
                "input":{"client":3,"seq":null},\
                "events":[{"type":"pageChanged","index":2,"previous":1},{"type":"interrupted","index":2},{"type":"settled","index":2},\
                {"type":"autoScrolled","index":2}]}
                """
        )
        let idle = ServerMessage.frame(
            FrameMessage(
                seq: 0,
                time: 0,
                frame: Frame(
                    currentIndex: 0,
                    itemCount: 0,
                    phase: .idle,
                    position: 0,
                    slots: [],
                    autoScroll: AutoScrollStatus(state: .stopped, pauseReasons: [], remaining: .zero),
                    events: []
                ),
                input: nil
            )
        )
        #expect(
            idle.encoded == """
                {"type":"frame","seq":0,"time":0,"phase":"idle","index":0,"count":0,"position":0,"offset":0,"velocity":0,\
                "target":null,"slots":[],\
                "autoscroll":{"state":"stopped","pausedBy":[],"remainingMs":null},"input":null,"events":[]}
                """
        )
    }

    @Test("every other message encodes to its documented text")
    func messageText() {
        #expect(
            ServerMessage.viewers(
                count: 3,
                listed: [ViewerSummary(client: 1, input: .touch), ViewerSummary(client: 4, input: nil)]
            ).encoded
                == #"{"type":"viewers","count":3,"viewers":[{"client":1,"input":"touch"},{"client":4,"input":null}]}"#
        )
        #expect(
            ServerMessage.pong(id: .array([.string("a"), .number(-1.5)]), time: 16).encoded
                == #"{"type":"pong","id":["a",-1.5],"time":16}"#
        )
        #expect(
            ServerMessage.error(ProtocolError(.badJSON, "bad\ttab", ref: nil)).encoded
                == #"{"type":"error","code":"bad_json","message":"bad\ttab","ref":null}"#
        )
        #expect(
            ServerMessage.error(ProtocolError(.unknownType, "no", ref: "zap")).encoded
                == #"{"type":"error","code":"unknown_type","message":"no","ref":"zap"}"#
        )
    }

    @Test("messages decode to their typed form")
    func decoding() throws {
        #expect(
            try ClientMessage.decode("{\"type\":\"pointer\",\"phase\":\"move\",\"x\":1.5,\"y\":2,\"t\":30,\"seq\":7}")
                == .pointer(phase: .move, x: 1.5, y: 2, time: 30, seq: 7)
        )
        #expect(
            try ClientMessage.decode("{\"type\":\"command\",\"name\":\"goto\",\"index\":2}")
                == .command(.go(to: 2, animated: true), seq: nil)
        )
        #expect(
            try ClientMessage.decode("{\"type\":\"command\",\"name\":\"autoscroll\",\"enabled\":false}")
                == .command(.setAutoScroll(enabled: false), seq: nil)
        )
        #expect(try ClientMessage.decode("{\"type\":\"advance\",\"ms\":16}") == .advance(milliseconds: 16, seq: nil))
        #expect(try ClientMessage.decode("{\"type\":\"ping\",\"id\":[1]}") == .ping(id: .array([.number(1)])))
        #expect(
            try ClientMessage.decode("{\"type\":\"visibility\",\"hidden\":true,\"extra\":1}")
                == .visibility(hidden: true, seq: nil)
        )
    }

    @Test(
        "each malformed message gets the right code and a message naming what is wrong",
        arguments: [
            ("not json", ProtocolError.Code.badJSON, "not valid JSON"),
            ("\"hello\"", .badMessage, "must be a JSON object"),
            ("{}", .badMessage, "\"type\""),
            (
                "{\"type\":\"pointer\",\"phase\":\"down\",\"x\":\"1\",\"y\":0,\"t\":0}", .badMessage,
                "pointer.x must be a number"
            ),
            ("{\"type\":\"pointer\",\"phase\":\"hover\",\"x\":1,\"y\":0,\"t\":0}", .invalidValue, "pointer.phase"),
            ("{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"y\":0,\"t\":0,\"seq\":1.5}", .invalidValue, "seq"),
            ("{\"type\":\"command\"}", .badMessage, "command.name is missing"),
            ("{\"type\":\"command\",\"name\":\"goto\",\"index\":1.5}", .invalidValue, "command.index"),
            ("{\"type\":\"command\",\"name\":\"autoscroll\"}", .badMessage, "command.enabled"),
            ("{\"type\":\"configure\"}", .badMessage, "configure needs"),
            ("{\"type\":\"advance\",\"ms\":10001}", .invalidValue, "advance.ms"),
            ("{\"type\":\"visibility\",\"hidden\":\"yes\"}", .badMessage, "visibility.hidden"),
            ("{\"type\":\"fly\"}", .unknownType, "unknown message type"),
        ]
    )
    func malformed(text: String, code: ProtocolError.Code, mention: String) {
        do {
            _ = try ClientMessage.decode(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code == code)
            #expect(error.message.contains(mention), "\(error.message)")
        }
    }

    @Test("a configuration patch applies over the current values; a preset resets them first")
    func patches() throws {
        let banner = SessionConfiguration(preset: "banner")!
        let patched = try banner.applying(
            try JSONParser.parse(
                "{\"spacing\":12,\"viewport\":{\"width\":390},\"autoscroll\":{\"enabled\":true,\"intervalMs\":1500},\"itemWidth\":300}"
            )
        )
        #expect(patched.configuration.spacing == 12 && patched.configuration.viewportWidth == 390)
        #expect(patched.configuration.viewportHeight == 180 && patched.configuration.itemLength == 300)
        #expect(
            patched.configuration.isAutoScrollEnabled && patched.configuration.autoScrollInterval == .milliseconds(1500)
        )
        let strip = try patched.applying(try JSONParser.parse("{\"preset\":\"strip\",\"inset\":20}"))
        #expect(strip.presetName == "strip" && !strip.configuration.isLooping && strip.configuration.inset == 20)
        #expect(strip.configuration.spacing == 8)
        // The full configuration round-trips through its own JSON, layout included.
        #expect(try banner.applying(patched.json) == patched)
        let cards = SessionConfiguration(preset: "cards")!
        #expect(cards.json["layout"] == .string("cards") && banner.json["layout"] == .string("uniform"))
        #expect(try cards.applying(cards.json) == cards)
    }

    @Test(
        "invalid patches name the protocol field and change nothing",
        arguments: [
            ("{\"spacing\":-1}", "config.spacing"), ("{\"viewport\":{\"width\":0}}", "config.viewport.width"),
            ("{\"itemWidth\":\"wide\"}", "config.itemWidth"), ("{\"decelerationRate\":1}", "config.decelerationRate"),
            ("{\"autoscroll\":{\"intervalMs\":-5}}", "config.autoscroll.intervalMs"), ("{\"warp\":9}", "config.warp"),
            ("{\"preset\":\"carousel3d\"}", "config.preset"), ("{\"inset\":1e308}", "config.inset"),
            ("{\"viewport\":{\"depth\":3}}", "config.viewport.depth"), ("{\"loop\":1}", "config.loop"),
            ("{\"layout\":\"cards\"}", "config.layout"),
        ]
    )
    func invalidPatches(patch: String, field: String) throws {
        let banner = SessionConfiguration(preset: "banner")!
        let document = try JSONParser.parse(patch)
        do {
            _ = try banner.applying(document)
            Issue.record("accepted \(patch)")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.message.hasPrefix(field), "\(error.message)")
        }
    }

    @Test("catalogs need unique, non-empty string ids")
    func catalogs() throws {
        #expect(
            try CatalogItem.catalog(
                fromJSON: "[{\"id\":\"a\",\"title\":\"A\"},{\"id\":\"b\",\"image\":\"banners/b.svg\"}]"
            )
                == [CatalogItem(id: "a", title: "A"), CatalogItem(id: "b", image: "banners/b.svg")]
        )
        for bad in [
            "{}", "[{\"id\":\"\"}]", "[{\"id\":1}]", "[{\"id\":\"a\"},{\"id\":\"a\"}]", "[{\"title\":\"x\"}]", "[1]",
        ] {
            #expect(throws: ProtocolError.self) { try CatalogItem.catalog(fromJSON: bad) }
        }
    }

    @Test(
        "an item's kind is one the page draws: inherited JavaScript member names and any other name are refused",
        arguments: ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "banner", "Photo", "x"]
    )
    func itemKinds(kind: String) throws {
        let text = #"[{"id":"a","height":100,"kind":"\#(kind)"}]"#
        #expect {
            try CatalogItem.catalog(fromJSON: text)
        } throws: { error in
            (error as? ProtocolError)?.message == "items[0].kind must be one of card, photo, text"
        }
        for known in CatalogItem.kinds {
            let item = try CatalogItem.catalog(fromJSON: #"[{"id":"a","height":100,"kind":"\#(known)"}]"#)
            #expect(item.first?.kind == known)
        }
    }
}
