import CarouselCore
import PreviewHandover
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The items a handover carries and the images it names: what a developer gets besides the physics.
@Suite("Handover items: the session's items and their images' file names")
struct HandoverItemsTests {
    static let hash = String(repeating: "ab", count: 32)

    @Test("a bundled image keeps its name, each image is listed once, in the items' order")
    func bundledNames() {
        let items = [
            CatalogItem(id: "a", title: "A", image: "banners/spring-sale.svg"),
            CatalogItem(id: "b", title: "B", image: "/banners/night-market.svg"),
            CatalogItem(id: "c", title: "C", image: "banners/spring-sale.svg"),
            CatalogItem(id: "d", title: "D"),
        ]
        let handover = HandoverItems(items, uploadFormats: [:])
        #expect(handover.items.map(\.imageFile) == ["spring-sale.svg", "night-market.svg", "spring-sale.svg", nil])
        #expect(handover.images.map(\.file) == ["spring-sale.svg", "night-market.svg"])
        #expect(handover.images.map(\.source) == ["banners/spring-sale.svg", "/banners/night-market.svg"])
    }

    @Test("two folders' files of one name get their folder before it, so neither overwrites the other")
    func sharedNames() {
        let items = [
            CatalogItem(id: "a", image: "banners/sale.png"),
            CatalogItem(id: "b", image: "products/sale.png"),
        ]
        let handover = HandoverItems(items, uploadFormats: [:])
        #expect(handover.images.map(\.file) == ["banners-sale.png", "products-sale.png"])
    }

    @Test("an upload is named by its hash with its format's extension; one the session lost has no image")
    func uploads() {
        let other = String(repeating: "cd", count: 32)
        let items = [
            CatalogItem(id: "a", title: "Mine", image: "media:" + Self.hash, price: "€3", badge: "New"),
            CatalogItem(id: "b", image: "media:" + other),
        ]
        let handover = HandoverItems(items, uploadFormats: [Self.hash: .jpeg])
        let expected = HandoverItem(
            title: "Mine",
            subtitle: "",
            price: "€3",
            badge: "New",
            imageFile: "upload-abababababab.jpg"
        )
        #expect(handover.items[0] == expected)
        #expect(handover.items[1].imageFile == nil)
        #expect(handover.images == [HandoverImage(file: "upload-abababababab.jpg", source: "media:" + Self.hash)])
    }

    @Test("a settings file's items: the bundled set its content names, or its own, cycled to its count")
    func settingsItems() throws {
        var config = SessionConfiguration(preset: "banner")!
        config.configuration.content = .products
        let products = PreviewSettings(config: config, itemCount: 3).handoverItems()
        #expect(products.items.count == 3)
        #expect(products.items.allSatisfy { !$0.price.isEmpty }, "\(products.items)")
        config.configuration.content = .own
        let own = [
            CatalogItem(id: "x", title: "X", image: "banners/spring-sale.svg"), CatalogItem(id: "y", title: "Y"),
        ]
        let owned = PreviewSettings(config: config, itemCount: 5, items: own).handoverItems()
        #expect(owned.items.map(\.title) == ["X", "Y", "X 2", "Y 2", "X 3"], "as the carousel shows them")
        #expect(owned.images.map(\.file) == ["spring-sale.svg"])
    }

    @Test("a session's export names every image its items show, with the folder, and carries the titles")
    func sessionExport() throws {
        var harness = HubHarness.opened(["session": "items", "clock": "manual"])
        harness.send(1, #"{"type":"export"}"#)
        let texts = try #require(harness.sent[1])
        let text = try #require(texts.last { $0.contains(#""type":"export""#) })
        let export = try JSONParser.parse(text)
        guard case .array(let images)? = export["images"] else {
            Issue.record("no images in \(export.encoded.prefix(300))")
            return
        }
        let bundled = Set(ItemCatalogs.bundled.banners.map(\.image).filter { !$0.isEmpty })
        #expect(images.count == bundled.count)
        for image in images {
            guard case .string(let file)? = image["file"], case .string(let source)? = image["source"] else {
                Issue.record("an image without a file or source: \(image.encoded)")
                continue
            }
            #expect(file.hasPrefix("images/") && bundled.contains(source), "\(file) from \(source)")
        }
    }
}
