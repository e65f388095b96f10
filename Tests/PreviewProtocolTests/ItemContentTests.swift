import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A session's items follow its configuration's `content`: a bundled set (banners, Arabic banners,
/// products, cards) or `own`, the items a viewer sent; and its `template` travels with the design.
@Suite("Item content and templates, through the hub")
struct ItemContentTests {
    static func ids(_ message: JSONValue) -> [String] {
        guard case .array(let items)? = message["items"] else { return [] }
        return items.compactMap { item in
            guard case .string(let id)? = item["id"] else { return nil }
            return id
        }
    }

    /// The last `config` (or error) connection 1 got: a configure is answered with a frame too.
    static func answer(_ harness: HubHarness) throws -> JSONValue {
        let texts = try #require(harness.sent[1])
        for text in texts.reversed() {
            let value = try JSONParser.parse(text)
            if value["type"] == .string("config") || value["type"] == .string("error") { return value }
        }
        throw ItemsMissing()
    }

    @Test("content picks a bundled set, as many of its items as the carousel showed")
    func bundledSets() throws {
        var harness = HubHarness.opened(["session": "content", "clock": "manual"])
        #expect(try harness.first(1)["config"]?["content"] == .string("banners"))
        harness.send(1, #"{"type":"configure","itemCount":7}"#)
        harness.send(1, #"{"type":"configure","config":{"content":"arabic"}}"#)
        let arabic = try Self.answer(harness)
        #expect(arabic["config"]?["content"] == .string("arabic"))
        #expect(Self.ids(arabic).count == 7)
        #expect(Self.ids(arabic).prefix(2) == ["ar-spring-sale", "ar-new-arrivals"])
        harness.send(1, #"{"type":"configure","itemCount":3,"config":{"content":"products","template":"product"}}"#)
        let products = try Self.answer(harness)
        #expect(Self.ids(products) == ["trail-runner", "studio-headphones", "ceramic-mug"])
        #expect(products["config"]?["template"] == .string("product"))
        guard case .array(let items)? = products["items"] else { throw ItemsMissing() }
        #expect(items[1]["price"] == .string("€129.00") && items[1]["badge"] == .string("-20%"))
        #expect(items[2]["badge"] == nil, "a member left empty is not written")
    }

    @Test("a viewer's items make the content own; a count then cycles them")
    func ownItems() throws {
        var harness = HubHarness.opened(["session": "own", "clock": "manual"])
        harness.send(
            1,
            #"{"type":"configure","items":[{"id":"a","title":"A","price":"9 €","badge":"New"},{"id":"b","title":"B"}]}"#
        )
        let own = try Self.answer(harness)
        #expect(own["config"]?["content"] == .string("own"))
        #expect(Self.ids(own) == ["a", "b"])
        harness.send(1, #"{"type":"configure","itemCount":3}"#)
        #expect(Self.ids(try Self.answer(harness)) == ["a", "b", "a~2"])
    }

    @Test("the card feed's cards are not a banner carousel's content, and the other way round")
    func contentOfLayout() throws {
        var harness = HubHarness.opened(["session": "layout", "clock": "manual"])
        harness.send(1, #"{"type":"configure","config":{"content":"cards"}}"#)
        let refused = try Self.answer(harness)
        #expect(refused["type"] == .string("error") && refused["field"] == .string("config.content"))
        harness.send(1, #"{"type":"configure","config":{"preset":"cards"}}"#)
        #expect(try Self.answer(harness)["config"]?["content"] == .string("cards"))
    }

    @Test("a link's content and template start the session with them")
    func fromALink() throws {
        let harness = HubHarness.opened([
            "session": "linked", "content": "products", "template": "product", "items": "2",
        ])
        let welcome = try harness.first(1)
        #expect(Self.ids(welcome) == ["trail-runner", "studio-headphones"])
        #expect(welcome["config"]?["template"] == .string("product"))
    }

    struct ItemsMissing: Error {}
}

extension ItemContentTests {
    @Test("a link cannot carry own items: content=own is reported and the rest applies")
    func ownIsNotInALink() throws {
        let harness = HubHarness.opened(["session": "ownlink", "content": "own", "spacing": "12"])
        let welcome = try harness.first(1)
        #expect(welcome["config"]?["content"] == .string("banners"))
        #expect(welcome["config"]?["spacing"] == .number(12))
        guard case .array(let ignored)? = welcome["link"]?["ignored"] else {
            Issue.record("no ignored list")
            return
        }
        #expect(ignored.first?["field"] == .string("content") && ignored.first?["code"] == .string("conflict"))
    }
}
