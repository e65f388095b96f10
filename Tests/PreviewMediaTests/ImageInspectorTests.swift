import PreviewTesting
import TestSupport
import Testing

@testable import PreviewMedia

/// Uploads told by their bytes: each format's header read for its size, anything else refused
/// with words that say why; SHA-256 names them.
@Suite("Images checked by their bytes, named by their SHA-256")
struct ImageInspectorTests {
    static let limits = MediaLimits()

    static func inspect(_ bytes: [UInt8]) throws(ImageRefusal) -> ImageInfo {
        try ImageInspector.inspect(bytes, limits: limits)
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try inspect(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test("each format is told by its first bytes and sized by its own header")
    func formats() throws {
        #expect(try Self.inspect(ImageHeaders.png(640, 360)) == ImageInfo(format: .png, width: 640, height: 360))
        #expect(try Self.inspect(ImageHeaders.jpeg(1080, 720)) == ImageInfo(format: .jpeg, width: 1080, height: 720))
        #expect(try Self.inspect(ImageHeaders.gif(32, 16)) == ImageInfo(format: .gif, width: 32, height: 16))
        #expect(
            try Self.inspect(ImageHeaders.webpExtended(800, 600)) == ImageInfo(format: .webp, width: 800, height: 600)
        )
        let svg = Array(
            ##"<?xml version="1.0"?><!-- art --><svg xmlns="http://www.w3.org/2000/svg" width="320" height='180'><rect fill="url(#g)"/><use href="#a"/></svg>"##
                .utf8
        )
        #expect(try Self.inspect(svg) == ImageInfo(format: .svg, width: 320, height: 180))
    }

    @Test("a tiny file declaring 60000 x 60000 pixels is refused before anything decodes it")
    func decompressionBomb() {
        for bomb in [
            ImageHeaders.png(60000, 60000), ImageHeaders.jpeg(60000, 60000), ImageHeaders.gif(60000, 60000),
            ImageHeaders.webpExtended(60000, 60000),
        ] {
            #expect(Self.refusal(bomb)?.contains("60000 x 60000") == true)
        }
        #expect(Self.refusal(ImageHeaders.png(8192, 4096)) == nil, "at the limit")
        #expect(Self.refusal(ImageHeaders.png(8193, 10)) != nil, "one side past it")
        #expect(Self.refusal(ImageHeaders.png(0, 10)) != nil, "an empty picture")
    }

    @Test("a signature is not enough: HTML behind a PNG header, truncated headers, text, nothing")
    func disguised() {
        let html =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html><script>alert(1)</script></html>".utf8)
        #expect(Self.refusal(html)?.contains("not a PNG") == true)
        #expect(Self.refusal(Array(ImageHeaders.jpeg(10, 10).prefix(12))) != nil)
        #expect(Self.refusal(Array(ImageHeaders.gif(10, 10).prefix(8))) != nil)
        #expect(Self.refusal(Array("RIFF0000WEBPVP8 ".utf8)) != nil)
        #expect(Self.refusal(Array("<html><body>hi</body></html>".utf8))?.contains("not an image") == true)
        #expect(Self.refusal([]) != nil)
    }

    @Test("an SVG that could do more than draw is refused, naming what it has")
    func hostileSVG() {
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink""#
        let cases: [(String, String)] = [
            (#"\#(svg)><script>alert(1)</script></svg>"#, "the element <script>"),
            (#"\#(svg)><SCRIPT>alert(1)</SCRIPT></svg>"#, "the element <SCRIPT>"),
            (#"\#(svg) onload="alert(1)"></svg>"#, "the attribute onload on <svg>"),
            (#"\#(svg)><rect ONCLICK = 'x()'/></svg>"#, "the attribute ONCLICK on <rect>"),
            (#"\#(svg)><image href="https://example.com/track.png"/></svg>"#, "the attribute href on <image>"),
            (#"\#(svg)><image xlink:href = '//example.com/x.png'/></svg>"#, "the attribute xlink:href on <image>"),
            (#"\#(svg)><rect style="fill:url(http://example.com/x)"/></svg>"#, "refers outside"),
            (#"<!DOCTYPE svg [<!ENTITY a "aaaa">]>\#(svg)>&a;</svg>"#, "document type"),
            (#"\#(svg)><!DOCTYPE x></svg>"#, "document type"),
            (#"\#(svg)><foreignObject><body/></foreignObject></svg>"#, "the element <foreignObject>"),
            (#"\#(svg)><a href="javascript:alert(1)"><rect/></a></svg>"#, "the element <a>"),
            (#"\#(svg)><style>@import 'https://x/y.css';</style></svg>"#, "the element <style>"),
            (#"<svg><rect/></svg>"#, "it needs to be <svg xmlns="),
        ]
        for (text, what) in cases {
            let message = Self.refusal(Array(text.utf8))
            #expect(message?.contains(what) == true, "\(text): \(message ?? "taken")")
        }
        let picture = Base64.encode(ImageHeaders.png(2, 2))
        let embedded = #"\#(svg)><image href="data:image/png;base64,\#(picture)"/></svg>"#
        #expect(Self.refusal(Array(embedded.utf8)) == nil)
        #expect(Self.refusal([0x3C, 0x73, 0x76, 0x67, 0xFF, 0xFE, 0x3E])?.contains("UTF-8") == true)
        let large = "<svg>" + String(repeating: " ", count: Self.limits.svgBytes) + "</svg>"
        #expect(Self.refusal(Array(large.utf8))?.contains("at most") == true)
    }

    @Test("SHA-256 gives the standard's digests, whole or a chunk at a time")
    func sha256() {
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(SHA256.hex(twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        let million = [UInt8](repeating: 0x61, count: 1_000_000)
        #expect(SHA256.hex(million) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        for seed in UInt64(0)..<40 {
            var generator = SeededGenerator(seed: seed)
            let bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            var hash = SHA256()
            var at = 0
            while at < bytes.count {
                let next = min(bytes.count, at + Int.random(in: 1...70, using: &generator))
                hash.update(bytes[at..<next])
                at = next
            }
            #expect(hash.hex() == SHA256.hex(bytes), "seed \(seed)")
        }
    }
}
