import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Named variants through the hub, as clients send them: saved, replaced, told to every viewer,
/// listed in a newcomer's welcome, deleted; every bad save refused with the member it concerns and
/// nothing changed; and the flood of the issue, 10,000 saves into a session of 50 variants, held
/// to the stated budget with a clear error for each save past it.
@Suite("Variants: a session's named versions of its carousel, bounded")
struct VariantTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func opened(_ name: String) -> FakeTransport {
        var transport = FakeTransport.opened(["session": name, "preset": "strip", "clock": "manual"])
        transport.open(2, ["session": name])
        return transport
    }

    static func save(_ name: String, _ extra: String = "") -> String {
        #"{"type":"variant","action":"save","name":"\#(name)"\#(extra)}"#
    }

    static func last(_ transport: FakeTransport, _ connection: Int, _ type: String) -> JSONValue? {
        RecordingTests.messages(transport, connection).last { $0["type"] == .string(type) }
    }

    static func shelf(_ transport: FakeTransport, _ name: String) -> VariantShelf {
        transport.hub.sessions[name]!.session.variants
    }

    @Test("a save keeps the session's carousel under a name, every viewer is told, a newcomer's welcome lists it")
    func saveAndList() throws {
        var transport = Self.opened("v")
        transport.send(1, #"{"type":"configure","config":{"spacing":30}}"#)
        transport.send(1, Self.save("  v2 faster settle  "))
        for viewer in [1, 2] {
            let told = try #require(Self.last(transport, viewer, "variant"))
            #expect(told["by"] == .number(1))
            #expect(told["saved"]?["name"] == .string("v2 faster settle"), "trimmed")
            #expect(told["saved"]?["config"] == .object([("preset", .string("strip")), ("spacing", .number(30))]))
            #expect(told["saved"]?["itemCount"] == .number(5))
        }
        // A given configuration and count, checked as a configure is; a save under the same name replaces it.
        transport.send(2, Self.save("paged", #","config":{"preset":"paged","springFrequency":8},"itemCount":3"#))
        transport.send(2, Self.save("v2 faster settle", #","config":{"preset":"strip","spacing":12}"#))
        #expect(Self.shelf(transport, "v").variants.map(\.name) == ["v2 faster settle", "paged"])
        #expect(Self.shelf(transport, "v").variants[0].config.configuration.spacing == 12)
        #expect(Self.shelf(transport, "v").variants[1].itemCount == 3)
        transport.open(3, ["session": "v"])
        let welcome = try #require(Self.last(transport, 3, "welcome"))
        guard case .array(let listed)? = welcome["variants"] else {
            Issue.record("no variants in the welcome")
            return
        }
        #expect(listed.map { $0["name"] } == [.string("v2 faster settle"), .string("paged")])
        #expect(listed[1]["config"] == .object([("preset", .string("paged")), ("springFrequency", .number(8))]))
        // The carousel itself did not change.
        #expect(transport.hub.sessions["v"]!.session.config.configuration.spacing == 30)
    }

    @Test("a save that changes nothing is told to its sender alone; a delete to everyone")
    func unchangedAndDelete() throws {
        var transport = Self.opened("d")
        transport.send(1, Self.save("a"))
        let before = transport.sent[2]!.count
        transport.send(1, Self.save("a"))
        #expect(transport.sent[2]!.count == before, "nothing to tell the others")
        #expect(Self.last(transport, 1, "variant")?["saved"]?["name"] == .string("a"))
        transport.send(2, #"{"type":"variant","action":"delete","name":"a"}"#)
        #expect(Self.last(transport, 1, "variant")?["deleted"] == .string("a"))
        #expect(Self.shelf(transport, "d").variants.isEmpty)
        transport.send(2, #"{"type":"variant","action":"delete","name":"a"}"#)
        let error = try #require(Self.last(transport, 2, "error"))
        #expect(error["code"] == .string("invalid_value"))
        #expect(error["field"] == .string("variant.name"))
    }

    static let refused: [(text: String, code: String, field: String?)] = [
        (#"{"type":"variant","action":"save","name":""}"#, "invalid_value", "variant.name"),
        (#"{"type":"variant","action":"save","name":"   "}"#, "invalid_value", "variant.name"),
        (#"{"type":"variant","action":"save","name":"a\u0007b"}"#, "invalid_value", "variant.name"),
        (#"{"type":"variant","action":"save","name":"a\u202Eb"}"#, "invalid_value", "variant.name"),
        (
            #"{"type":"variant","action":"save","name":"\#(String(repeating: "x", count: 41))"}"#, "invalid_value",
            "variant.name"
        ),
        (#"{"type":"variant","action":"save","name":7}"#, "bad_message", nil),
        (#"{"type":"variant","action":"save"}"#, "bad_message", nil),
        (#"{"type":"variant","action":"keep","name":"a"}"#, "invalid_value", nil),
        (#"{"type":"variant","action":"save","name":"a","config":{"spacing":4}}"#, "invalid_value", "variant.config"),
        (
            #"{"type":"variant","action":"save","name":"a","config":{"preset":"nope"}}"#, "invalid_value",
            "variant.config"
        ),
        (
            #"{"type":"variant","action":"save","name":"a","config":{"preset":"strip","spacing":-1}}"#, "invalid_value",
            "config.spacing"
        ),
        (#"{"type":"variant","action":"save","name":"a","config":[]}"#, "invalid_value", "variant.config"),
        (#"{"type":"variant","action":"save","name":"a","itemCount":1.5}"#, "invalid_value", "variant.itemCount"),
        (#"{"type":"variant","action":"save","name":"a","itemCount":-0.0001}"#, "invalid_value", "variant.itemCount"),
        (#"{"type":"variant","action":"save","name":"a","itemCount":1001}"#, "invalid_value", "variant.itemCount"),
        (#"{"type":"variant","action":"save","name":"a","itemCount":1e308}"#, "invalid_value", "variant.itemCount"),
        (#"{"type":"variant","action":"delete","name":"a","itemCount":1}"#, "bad_message", nil),
    ]

    @Test("every bad save is refused, naming the member, and keeps nothing", arguments: refused.indices)
    func badSaves(index: Int) throws {
        let (text, code, field) = Self.refused[index]
        var transport = Self.opened("bad")
        transport.send(1, text)
        let error = try #require(Self.last(transport, 1, "error"), "\(text)")
        #expect(error["code"] == .string(code), "\(text): \(error)")
        if let field { #expect(error["field"] == .string(field), "\(text): \(error)") }
        #expect(Self.shelf(transport, "bad").variants.isEmpty)
        #expect(Self.last(transport, 2, "variant") == nil)
    }

    /// A name of 40 characters (68 to 72 bytes): the longest a name may be in characters.
    static func longName(_ number: Int) -> String {
        let base = "variant \(number) "
        return base + String(repeating: "é", count: Variant.maximumNameCharacters - base.count)
    }

    @Test(
        "10,000 saves into a session of 50 variants: at most 50 kept, within the budget of 32 KiB, each save past it refused saying how to keep it"
    )
    func flood() throws {
        var transport = Self.opened("flood")
        // A session takes 20 of the messages every viewer pays for a second: paced at that, every save arrives.
        for number in 0..<10_000 {
            transport.now += .milliseconds(50)
            transport.send(1, Self.save(Self.longName(number)))
            if number == 49 { #expect(Self.shelf(transport, "flood").variants.count == 50) }
        }
        let shelf = Self.shelf(transport, "flood")
        #expect(shelf.variants.count == Variant.maximumCount)
        #expect(shelf.bytes <= VariantShelf.budgetBytes, "\(shelf.bytes) of \(VariantShelf.budgetBytes)")
        #expect(VariantShelf.budgetBytes <= 32 * 1024, "the stated budget: \(VariantShelf.budgetBytes)")
        let errors = RecordingTests.messages(transport, 1).filter { $0["type"] == .string("error") }
        #expect(errors.count == 10_000 - 50)
        #expect(errors.allSatisfy { $0["code"] == .string("server_full") && $0["field"] == .string("variant.name") })
        guard case .string(let sentence)? = errors.last?["message"] else { throw CancellationError() }
        #expect(sentence.contains("at most 50 variants"), "\(sentence)")
        // A full shelf still takes a save under a name it has, and a delete makes room.
        transport.now += .seconds(1)
        transport.send(1, Self.save(Self.longName(3), #","itemCount":9"#))
        #expect(Self.shelf(transport, "flood").variants[3].itemCount == 9)
        transport.send(1, #"{"type":"variant","action":"delete","name":"\#(Self.longName(0))"}"#)
        transport.send(1, Self.save("room"))
        #expect(Self.shelf(transport, "flood").variants.last?.name == "room")
        print("variants: 50 of names of 40 characters hold \(shelf.bytes) bytes; budget \(VariantShelf.budgetBytes)")
    }

    @Test("a burst of saves at one instant: 20 a second for the whole session, the rest refused as rate_limited")
    func burst() {
        var transport = Self.opened("burst")
        for number in 0..<1_000 { transport.send(1 + number % 2, Self.save("b\(number)")) }
        #expect(Self.shelf(transport, "burst").variants.count == 20)
        let limited = RecordingTests.messages(transport, 1).filter { $0["code"] == .string("rate_limited") }
        #expect(!limited.isEmpty && limited.allSatisfy { $0["ref"] == .string("variant") })
    }

    @Test("a settings file carries variants, read as strictly, names unique; the export writes them back")
    func settingsFile() throws {
        let text =
            #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip"},"itemCount":5,"variants":[{"name":"a","config":{"preset":"paged","spacing":4},"itemCount":3}]}"#
        let settings = try PreviewSettings(text: text)
        #expect(settings.variants.map(\.name) == ["a"])
        #expect(settings.json["variants"] == .array([settings.variants[0].json]))
        let duplicate = text.replacingOccurrences(
            of: #"}]}"#,
            with: #"},{"name":"a","config":{"preset":"strip"},"itemCount":1}]}"#
        )
        #expect(throws: SettingsError.self) { try PreviewSettings(text: duplicate) }
        let bad = text.replacingOccurrences(of: #""spacing":4"#, with: #""spacing":-4"#)
        #expect(throws: SettingsError.self) { try PreviewSettings(text: bad) }
        let many = (0...50).map { #"{"name":"n\#($0)","config":{"preset":"strip"},"itemCount":1}"# }.joined(
            separator: ","
        )
        let tooMany = text.replacingOccurrences(
            of: #"[{"name":"a","config":{"preset":"paged","spacing":4},"itemCount":3}]"#,
            with: "[\(many)]"
        )
        #expect(throws: SettingsError.self) { try PreviewSettings(text: tooMany) }
    }
}
