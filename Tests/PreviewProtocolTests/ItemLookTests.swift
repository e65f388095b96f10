import CarouselCore
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// `imageFit` and `cornerRadius`, the fields that say how an item is drawn, travel with the design
/// as `template` does: set by a configure and a link, refused out of their range, kept in settings
/// files and the Swift export, and never a reason for the engine to move.
@Suite("Image fit and corner radius, through the hub, links, files and the export")
struct ItemLookTests {
    /// The last `config`, `error` or `frame` connection 1 got, of `type`.
    static func last(_ type: String, _ harness: HubHarness) throws -> JSONValue {
        for text in try #require(harness.sent[1]).reversed() {
            let value = try JSONParser.parse(text)
            if value["type"] == .string(type) { return value }
        }
        throw Missing()
    }

    @Test("a configure sets them and every viewer gets them; the frame it brings moves nothing")
    func configure() throws {
        var harness = HubHarness.twoViewers(of: "look")
        let welcome = try harness.first(2)
        #expect(welcome["config"]?["imageFit"] == .string("cover"))
        #expect(welcome["config"]?["cornerRadius"] == .number(14))
        let before = try Self.last("frame", harness)
        harness.send(1, #"{"type":"configure","config":{"imageFit":"contain","cornerRadius":22.5}}"#)
        let config = try JSONParser.parse(
            try #require(harness.sent[2]?.last(where: { $0.contains(#""type":"config""#) }))
        )
        #expect(config["config"]?["imageFit"] == .string("contain"))
        #expect(config["config"]?["cornerRadius"] == .number(22.5))
        let after = try Self.last("frame", harness)
        #expect(after["slots"] == before["slots"] && after["offset"] == before["offset"])
    }

    @Test("out of range or not a choice: refused naming the field, nothing changed")
    func refusals() throws {
        var harness = HubHarness.opened(["session": "refused", "clock": "manual"])
        for (patch, path, words) in [
            (#"{"cornerRadius":200.5}"#, "config.cornerRadius", "200"),
            (#"{"cornerRadius":-1}"#, "config.cornerRadius", "0"),
            (#"{"cornerRadius":"14px"}"#, "config.cornerRadius", "must be a number"),
            (#"{"imageFit":"fill"}"#, "config.imageFit", #""cover" or "contain""#),
        ] {
            harness.send(1, #"{"type":"configure","config":\#(patch)}"#)
            let error = try Self.last("error", harness)
            #expect(error["code"] == .string("invalid_value") && error["field"] == .string(path), "\(patch)")
            guard case .string(let message)? = error["message"] else { throw Missing() }
            #expect(message.contains(words), "\(patch): \(message)")
        }
        harness.send(1, #"{"type":"configure","itemCount":2}"#)
        let config = try Self.last("config", harness)
        #expect(config["config"]?["cornerRadius"] == .number(14) && config["config"]?["imageFit"] == .string("cover"))
    }

    @Test("a link's imageFit and cornerRadius start the session with them; the card feed starts square")
    func fromALink() throws {
        let linked = HubHarness.opened(["session": "linked", "imageFit": "contain", "cornerRadius": "0"])
        let welcome = try linked.first(1)
        #expect(welcome["config"]?["imageFit"] == .string("contain"))
        #expect(welcome["config"]?["cornerRadius"] == .number(0))
        let cards = try HubHarness.opened(["session": "feed", "preset": "cards"]).first(1)
        #expect(cards["config"]?["cornerRadius"] == .number(0))
    }

    @Test("a settings file and the Swift export carry what differs from the preset, and read back")
    func settingsAndExport() throws {
        let tuned = try SessionConfiguration(preset: "strip")!
            .applying(JSONParser.parse(#"{"template":"product","imageFit":"contain","cornerRadius":6}"#))
        let export = ConfigurationExport(tuned, itemCount: 4)
        #expect(
            export.settings.encoded
                == #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip","template":"product","imageFit":"contain","cornerRadius":6},"itemCount":4}"#
        )
        #expect(try PreviewSettings(text: export.settings.encoded).config == tuned)
        #expect(export.swift.contains("configuration.imageFit = .contain"))
        #expect(export.swift.contains("configuration.cornerRadius = 6.0"))
        let plain = ConfigurationExport(SessionConfiguration(preset: "cards")!, itemCount: 3)
        #expect(!plain.swift.contains("cornerRadius") && !plain.settings.encoded.contains("cornerRadius"))
    }

    struct Missing: Error {}
}
