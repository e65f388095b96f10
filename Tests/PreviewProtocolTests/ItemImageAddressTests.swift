import Foundation
import PreviewMedia
import PreviewRecording
import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// An item's image is fetched by every viewer's page, so it names only what this server serves: an
/// upload by its hash, a file of a bundled folder, or nothing. The rule is `ItemImageAddress`, read by
/// every reader of items; the examples are one fixture, which the page's test reads too.
@Suite("An item's image names only what this server serves")
struct ItemImageAddressTests {
    struct Examples: Decodable {
        let valid: [String]
        let invalid: [String]
    }

    static let examples: Examples = {
        let data = try! Data(contentsOf: Repository.file("Tests/Fixtures/item-images.json"))
        return try! JSONDecoder().decode(Examples.self, from: data)
    }()

    /// Whether the schema's pattern, as Swift reads it, matches `image`: the page's check and the
    /// server's must agree.
    static func matchesGrammar(_ image: String, _ grammar: Regex<AnyRegexOutput>? = nil) -> Bool {
        let grammar = grammar ?? (try! Regex(ItemImageAddress.pattern))
        return (try? grammar.wholeMatch(in: image)) != nil
    }

    /// Shows what a refused image was, control characters and all.
    static func shown(_ image: String) -> String {
        image.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 ? String($0) : "\\u{\(String($0.value, radix: 16))}" }
            .joined()
    }

    /// A `configure` of `count` bundled banners with `image` as item `index`'s image.
    static func configure(image: String, at index: Int, count: Int = 5) -> String {
        let items = (0..<count).map { position in
            let shown = position == index ? image : "banners/spring-sale.svg"
            return JSONValue.object([("id", .string("b\(position)")), ("image", .string(shown))]).encoded
        }
        return #"{"type":"configure","items":[\#(items.joined(separator: ","))]}"#
    }

    @Test("the fixture's valid images follow the rule and the pattern; its invalid ones neither")
    func fixture() {
        for image in Self.examples.valid {
            #expect(ItemImageAddress.isValid(image), "\(Self.shown(image))")
            #expect(Self.matchesGrammar(image), "\(Self.shown(image))")
        }
        for image in Self.examples.invalid {
            #expect(!ItemImageAddress.isValid(image), "\(Self.shown(image))")
            #expect(!Self.matchesGrammar(image), "\(Self.shown(image))")
        }
    }

    @Test("every bad form in a configure is refused with invalid_value, naming items[N].image for its index")
    func configureRefusals() throws {
        var transport = HubTests.FakeTransport.opened(["session": "images", "clock": "manual"])
        for (number, image) in Self.examples.invalid.enumerated() {
            let index = number % 5
            transport.send(1, Self.configure(image: image, at: index))
            let answer = try #require(RecordingTests.messages(transport, 1).last)
            #expect(answer["type"] == .string("error"), "\(Self.shown(image)): \(answer.encoded)")
            #expect(answer["code"] == .string("invalid_value"), "\(Self.shown(image))")
            #expect(answer["ref"] == .string("configure"), "\(Self.shown(image))")
            #expect(answer["field"] == .string("items[\(index)].image"), "\(Self.shown(image)): \(answer.encoded)")
        }
        // A number is no address either.
        transport.send(1, #"{"type":"configure","items":[{"id":"a"},{"id":"b","image":7}]}"#)
        #expect(try #require(RecordingTests.messages(transport, 1).last)["field"] == .string("items[1].image"))
    }

    @Test("a refused image changes nothing: the session keeps its items")
    func refusalKeepsTheItems() throws {
        var transport = HubTests.FakeTransport.opened(["session": "kept", "clock": "manual"])
        transport.send(1, Self.configure(image: "http://127.0.0.1:9/tracker.png", at: 3))
        transport.send(1, #"{"type":"configure","itemCount":2}"#)
        let config = try #require(RecordingTests.messages(transport, 1).last { $0["type"] == .string("config") })
        guard case .array(let items)? = config["items"] else {
            Issue.record("no items in \(config.encoded)")
            return
        }
        #expect(items.count == 2)
        #expect(items.allSatisfy { $0["image"] != .string("http://127.0.0.1:9/tracker.png") }, "\(config.encoded)")
    }

    @Test("every image the page ships and the server bundles is taken, and so is an upload's name")
    func bundled() throws {
        let bundled = BundledBanners.all + BundledBanners.arabic + BundledProducts.all + BundledCards.all
        for item in bundled {
            #expect(ItemImageAddress.isValid(item.image), "\(item.id): \(item.image)")
        }
        for folder in ItemImageAddress.folders {
            let files = try FileManager.default.contentsOfDirectory(atPath: Repository.file("public/\(folder)").path)
            #expect(!files.isEmpty, "public/\(folder)")
            for file in files {
                #expect(ItemImageAddress.isValid("\(folder)/\(file)"), "public/\(folder)/\(file)")
                #expect(ItemImageAddress.isValid("/\(folder)/\(file)"), "public/\(folder)/\(file)")
            }
        }
        let hash = SHA256.hex(Array("an image".utf8))
        #expect(ItemImageAddress.isValid(MediaLibrary.scheme + hash))
        let items = try CatalogItem.catalog(fromJSON: #"[{"id":"a","image":"media:\#(hash)"}]"#)
        #expect(items.first?.image == "media:\(hash)")
    }

    @Test("no other folder of public/ holds images: the rule's folders are all the page ships")
    func foldersAreComplete() throws {
        let root = Repository.file("public").path
        let imageTypes = Set(ItemImageAddress.extensions)
        var holding: Set<String> = []
        for entry in try FileManager.default.subpathsOfDirectory(atPath: root) {
            let parts = entry.split(separator: "/")
            guard parts.count >= 2, let suffix = entry.split(separator: ".").last, imageTypes.contains(String(suffix))
            else { continue }
            holding.insert(String(parts[0]))
        }
        #expect(holding.isSubset(of: Set(ItemImageAddress.folders)), "\(holding)")
    }

    @Test("--items, a settings file and a recording refuse it too, naming the item's image")
    func everyReader() throws {
        let tracker = "http://127.0.0.1:9/tracker.png"
        do {
            _ = try CatalogItem.catalog(fromJSON: #"[{"id":"a"},{"id":"b"},{"id":"c","image":"\#(tracker)"}]"#)
            Issue.record("--items took \(tracker)")
        } catch {
            #expect(error.code == .invalidValue && error.field == "items[2].image", "\(error)")
        }
        let settings = """
            {"format":"carousel-preview/settings","version":1,"config":{"preset":"banner","content":"own"},"itemCount":2,\
            "items":[{"id":"a","image":"banners/spring-sale.svg"},{"id":"b","image":"\(tracker)"}]}
            """
        #expect(throws: SettingsError.self) { try SessionStart(settingsFile: settings) }
        do {
            _ = try SessionStart(settingsFile: settings)
        } catch {
            #expect(error.description.contains("items[1].image must be"), "\(error)")
        }
        let banners = #"[{"id":"a"},{"id":"b","image":"javascript:alert(1)"}]"#
        let recording = RecordingBoundsTests.forged(start: 1, steps: [])
            .replacingOccurrences(of: RecordingBoundsTests.banners, with: banners)
        do {
            _ = try Recording(text: recording)
            Issue.record("a recording took javascript:")
        } catch {
            #expect(error.description.contains("catalogs.banners[1].image must be"), "\(error)")
        }
    }

    @Test("random text: taken exactly when the schema's pattern matches it (the seed is printed)")
    func randomText() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("ItemImageAddressTests.randomText seed: \(seed)")
        var random = SeededGenerator(seed: seed)
        // Pieces of the grammar and of the forms it refuses, so both sides are reached often.
        let pieces = [
            "media:", "banners", "products", "/", ".", "..", "svg", "png", "jpeg", "webp", "a", "Z", "9", "_", "-",
            "0123456789abcdef", "ABCDEF", "http:", "//", "?", "#", "\\", " ", "\u{0}", "\n", "%2e", "é", "\u{301}",
            "data:", "javascript:", ":",
        ]
        let grammar = try! Regex(ItemImageAddress.pattern)
        var taken = 0
        for _ in 0..<TestLength.pick(20_000, long: 500_000) {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                if Bool.random(using: &random) {
                    text += pieces.randomElement(using: &random)!
                } else {
                    text.unicodeScalars.append(Unicode.Scalar(UInt8.random(in: 0...0x7F, using: &random)))
                }
            }
            if Int.random(in: 0..<4, using: &random) == 0 {
                // Often a well-formed start, to reach the name and extension rules.
                text = ["banners/", "/products/", "media:"].randomElement(using: &random)! + text
            }
            let isValid = ItemImageAddress.isValid(text)
            if isValid { taken += 1 }
            #expect(isValid == Self.matchesGrammar(text, grammar), "seed \(seed): \(Self.shown(text))")
            if isValid {
                #expect(!text.contains("//") && !text.contains("..") && !text.contains(":/"), "seed \(seed)")
            }
        }
        #expect(taken > 0, "seed \(seed): no random text was taken")
    }
}
