import PreviewMedia
import PreviewRecording
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A settings file carries a session's own items and the images they show, so a server started
/// from it (`serve --config`) shows them to every session; every image is checked as an upload is.
@Suite("Own items and their images in a settings file")
struct SettingsImagesTests {
    static let png = ImageHeaders.png(64, 32)

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<min(bytes.count, start + 3)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for index in 0..<4 {
                text.append(index <= chunk.count ? alphabet[(value >> (18 - 6 * index)) & 63] : "=")
            }
        }
        return text
    }

    static func file(images: String) -> String {
        let hash = SHA256.hex(png)
        return """
            {"format":"carousel-preview/settings","version":1,"config":{"preset":"banner","content":"own"},"itemCount":2,\
            "items":[{"id":"a","title":"Ours","image":"media:\(hash)"},{"id":"b","title":"Text"}],"images":\(images)}
            """
    }

    @Test("base64 read strictly")
    func base64() {
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("Zg==") == Array("f".utf8))
        #expect(Base64.decode("Zm8=") == Array("fo".utf8))
        #expect(Base64.decode("Zm9v") == Array("foo".utf8))
        #expect(Base64.decode(Self.base64(Self.png)) == Self.png)
        for bad in ["Zg=", "Z===", "Zm9v=", "Zm9!", "Zg==Zg==", "=Zg="] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }

    @Test("a server started from the file shows its own items, and every session its images")
    func served() throws {
        let hash = SHA256.hex(Self.png)
        let start = try SessionStart(settingsFile: Self.file(images: #"{"\#(hash)":"\#(Self.base64(Self.png))"}"#))
        #expect(start.items?.map(\.id) == ["a", "b"])
        var harness = HubHarness(hub: PreviewHub(start: start))
        harness.open(1, ["session": "first"])
        harness.open(2, ["session": "second", "preset": "strip"])
        let welcome = try harness.first(1)
        #expect(welcome["config"]?["content"] == .string("own"))
        #expect(ItemContentTests.ids(welcome) == ["a", "b"])
        #expect(ItemContentTests.ids(try harness.first(2)) == ["a", "b"], "a link's session shows them too")
        #expect(harness.hub.storedImage(hash, inSession: "second")?.bytes == Self.png)
        #expect(harness.hub.storedImage(hash, inSession: "nobody") == nil)
    }

    @Test("a render reads a recording's uploads from the file by the items' media: names, and nothing else")
    func uploadsForARender() throws {
        let hash = SHA256.hex(Self.png)
        let settings = try PreviewSettings(text: Self.file(images: #"{"\#(hash)":"\#(Self.base64(Self.png))"}"#))
        #expect(settings.uploadedImage(named: "media:\(hash)") == Self.png)
        #expect(settings.uploadedImage(named: "media:" + String(repeating: "0", count: 64)) == nil)
        #expect(settings.uploadedImage(named: hash) == nil, "a bare hash is no item's image")
        #expect(settings.uploadedImage(named: "/banners/spring-sale.svg") == nil)
    }

    @Test("an image that is not what its name says, not base64, or not an image is refused, naming it")
    func refused() {
        let hash = SHA256.hex(Self.png)
        let html = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html>".utf8)
        let cases = [
            (#"{"\#(hash)":"not base64!"}"#, "base64"),
            (#"{"\#(String(repeating: "0", count: 64))":"\#(Self.base64(Self.png))"}"#, "not the SHA-256"),
            (#"{"\#(SHA256.hex(html))":"\#(Self.base64(html))"}"#, "not a PNG"),
            ("[]", "must be an object"),
        ]
        for (images, reason) in cases {
            do {
                _ = try SessionStart(settingsFile: Self.file(images: images))
                Issue.record("taken: \(images)")
            } catch {
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
    }

    @Test("the export of a session with own items carries them")
    func exported() throws {
        var harness = HubHarness.opened(["session": "export", "clock": "manual"])
        harness.send(1, #"{"type":"configure","items":[{"id":"x","title":"X","price":"3 €"}]}"#)
        harness.send(1, #"{"type":"export"}"#)
        let export = try JSONParser.parse(try #require(harness.sent[1]?.last))
        let settings = try #require(export["settings"])
        #expect(settings["config"]?["content"] == .string("own"))
        guard case .array(let items)? = settings["items"] else {
            Issue.record("no items")
            return
        }
        #expect(items.first?["price"] == .string("3 €"))
        let again = try PreviewSettings(text: settings.encoded)
        #expect(again.items?.first?.title == "X")
    }
}
