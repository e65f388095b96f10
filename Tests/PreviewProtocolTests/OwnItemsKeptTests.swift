import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// The session's own items are a content set of their own: picking a bundled set shows that set, and
/// coming back to `own` (from the menu, an undo, a variant or a preset) brings every own item back.
@Suite("Own items survive content, count, preset and variant changes")
struct OwnItemsKeptTests {
    typealias Answer = ItemContentTests

    static let ownList =
        #"[{"id":"a","title":"Spring","image":"banners/spring-sale.svg"},{"id":"b","title":"Price","price":"9 €"},{"id":"c","title":"Third"},{"id":"d","title":"Fourth"},{"id":"e","title":"Fifth"}]"#

    static func owned(_ name: String) -> HubHarness {
        var harness = HubHarness.opened(["session": name, "clock": "manual"])
        harness.send(1, #"{"type":"configure","items":\#(ownList)}"#)
        return harness
    }

    @Test("banners, then own again: every own item comes back, titles and images too")
    func contentSwitchAndBack() throws {
        var harness = Self.owned("back")
        harness.send(1, #"{"type":"configure","config":{"content":"banners"}}"#)
        let banners = try Answer.answer(harness)
        #expect(banners["config"]?["content"] == .string("banners"))
        #expect(!Answer.ids(banners).contains("a"))
        harness.send(1, #"{"type":"configure","config":{"content":"own"}}"#)
        let own = try Answer.answer(harness)
        #expect(own["config"]?["content"] == .string("own"))
        #expect(Answer.ids(own) == ["a", "b", "c", "d", "e"])
        guard case .array(let items)? = own["items"] else { throw ItemContentTests.ItemsMissing() }
        #expect(items[0]["image"] == .string("banners/spring-sale.svg") && items[1]["price"] == .string("9 €"))
    }

    @Test("fewer, then more: a count cycles all own items, not only those shown")
    func countRestores() throws {
        var harness = Self.owned("count")
        harness.send(1, #"{"type":"configure","itemCount":2}"#)
        #expect(Answer.ids(try Answer.answer(harness)) == ["a", "b"])
        harness.send(1, #"{"type":"configure","itemCount":6}"#)
        #expect(Answer.ids(try Answer.answer(harness)) == ["a", "b", "c", "d", "e", "a~2"])
    }

    @Test("another layout's preset and back, then own: the own items are still there")
    func presetRoundTrip() throws {
        var harness = Self.owned("preset")
        harness.send(1, #"{"type":"configure","config":{"preset":"cards"}}"#)
        #expect(try Answer.answer(harness)["config"]?["content"] == .string("cards"))
        harness.send(1, #"{"type":"configure","config":{"preset":"strip"}}"#)
        harness.send(1, #"{"type":"configure","config":{"content":"own"}}"#)
        #expect(Answer.ids(try Answer.answer(harness)) == ["a", "b", "c", "d", "e"])
    }

    @Test("a variant saved on own items, applied while banners show, shows the own items")
    func variantBringsThemBack() throws {
        var harness = Self.owned("variant")
        harness.send(
            1,
            #"{"type":"variant","action":"save","name":"mine","config":{"content":"own","spacing":12},"itemCount":5}"#
        )
        harness.send(1, #"{"type":"configure","config":{"content":"products","template":"product"}}"#)
        harness.send(1, #"{"type":"configure","config":{"content":"own","spacing":12},"itemCount":5}"#)
        let applied = try Answer.answer(harness)
        #expect(Answer.ids(applied) == ["a", "b", "c", "d", "e"])
        #expect(applied["config"]?["spacing"] == .number(12))
    }

    @Test("the export's settings carry the own items while a bundled set shows")
    func exportKeepsThem() throws {
        var harness = Self.owned("export")
        harness.send(1, #"{"type":"configure","config":{"content":"arabic"}}"#)
        harness.send(1, #"{"type":"export"}"#)
        let texts = try #require(harness.sent[1])
        let export = try JSONParser.parse(try #require(texts.last { $0.contains(#""type":"export""#) }))
        let text = export.encoded
        #expect(
            text.contains(#""id":"a""#) && text.contains(#""id":"e""#),
            "the export lost the own items: \(text.prefix(400))"
        )
    }

    @Test("random content, count, preset and variant actions never lose an own item (seeded)")
    func randomActionsKeepThem() throws {
        let contents = ["banners", "arabic", "products", "own"]
        let presets = ["banner", "paged", "coverflow", "strip", "cards"]
        for seed in UInt64(1)...40 {
            var random = SeededGenerator(seed: seed)
            var harness = Self.owned("random-\(seed)")
            var log: [String] = []
            for _ in 0..<30 {
                let message: String
                switch Int.random(in: 0..<4, using: &random) {
                case 0:
                    message =
                        #"{"type":"configure","config":{"content":"\#(contents.randomElement(using: &random)!)"}}"#
                case 1: message = #"{"type":"configure","itemCount":\#(Int.random(in: 1...12, using: &random))}"#
                case 2:
                    message = #"{"type":"configure","config":{"preset":"\#(presets.randomElement(using: &random)!)"}}"#
                default:
                    message =
                        #"{"type":"configure","config":{"preset":"banner","content":"own"},"itemCount":\#(Int.random(in: 1...5, using: &random))}"#
                }
                log.append(message)
                harness.send(1, message)
            }
            // Back to a layout that shows own items, and to them, all of them.
            harness.send(1, #"{"type":"configure","config":{"preset":"banner"}}"#)
            harness.send(1, #"{"type":"configure","config":{"content":"own"}}"#)
            let ids = Answer.ids(try Answer.answer(harness))
            #expect(ids == ["a", "b", "c", "d", "e"], "seed \(seed): \(ids) after \(log.joined(separator: "\n"))")
        }
    }
}
