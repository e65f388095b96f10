import Foundation
import PreviewTesting
import TestSupport
import Testing

@testable import PreviewMedia

/// The hostile SVGs in Tests/Fixtures/hostile/svg each refused with words naming what is refused;
/// the bundled banners and the benign fixtures kept, with their declared size.
@Suite("SVGs judged by an allow-list: hostile ones refused by name, banners kept")
struct SVGCorpusTests {
    static let hostileFolder = "Tests/Fixtures/hostile/svg"

    /// Per hostile file, words its refusal must contain.
    static let refusals: [String: [String]] = [
        "script-svg-prefix.svg": ["the element <script> (namespace http://www.w3.org/2000/svg)", "run script"],
        "script-xhtml-prefix.svg": ["the element <script> (namespace http://www.w3.org/1999/xhtml)"],
        "foreignobject-prefix.svg": ["the element <foreignObject> (namespace http://www.w3.org/2000/svg)"],
        "xhtml-img.svg": ["the element <img> (namespace http://www.w3.org/1999/xhtml)"],
        "xhtml-iframe.svg": ["the element <iframe> (namespace http://www.w3.org/1999/xhtml)"],
        "css-escape-url.svg": ["the attribute style on <rect>", "url(http://evil.example/x.svg#p) refers outside"],
        "css-escape-import.svg": ["the attribute style on <rect>", "the at-rule @import"],
        "image-set.svg": ["the attribute style on <rect>", "the function image-set()"],
        "smil-set-href.svg": ["the element <set> (namespace http://www.w3.org/2000/svg)", "animation"],
        "fe-convolve-matrix.svg": ["feConvolveMatrix is not on the list of filter primitives a banner may use"],
        "fe-turbulence.svg": ["feTurbulence is not on the list of filter primitives a banner may use"],
        "fe-offset-chain.svg": ["a <filter> of more than 8 filter primitives"],
        "billion-laughs.svg": ["line 2, column 1", "a document type (<!DOCTYPE>) is not taken"],
        "external-entity.svg": ["a document type (<!DOCTYPE>) is not taken"],
        "unbound-prefix.svg": ["line 2", "the prefix x is not bound to a namespace"],
        "deep-nesting.svg": ["elements nested more than 64 deep"],
        "anchor-href.svg": ["the element <a> (namespace http://www.w3.org/2000/svg)"],
        "use-external.svg": ["the attribute href on <use>", "http://evil.example/sprite.svg#icon refers outside"],
        "image-external.svg": ["the attribute href on <image>", "https://evil.example/track.png is not an embedded"],
        "image-data-svg.svg": ["the attribute href on <image>", "data:image/svg+xml"],
        "style-import.svg": ["the element <style> (namespace http://www.w3.org/2000/svg)", "stylesheets"],
        "style-escape-url.svg": ["the attribute style on <rect>", "url(http://evil.example/x) refers outside"],
        "onload.svg": ["the attribute onload on <svg>", "event handler"],
        "xml-stylesheet.svg": ["line 2, column 1", "a processing instruction"],
        "xlink-javascript.svg": ["the attribute xlink:href on <use>", "javascript:alert(1) refers outside"],
        "use-of-use.svg": ["refers to #a", "reuse of reuse"],
        "huge-blur.svg": ["the attribute stdDeviation on <feGaussianBlur>", "1000 is not a deviation from 0 to 20"],
        "presentation-escape-url.svg": ["the attribute fill on <rect>", "url(http://evil.example/x.svg#p)"],
        "xml-base.svg": ["the attribute xml:base on <g>", "not on the list of attributes"],
        "filter-count.svg": ["more than 16 filter primitives"],
        "pattern-nesting.svg": ["the attribute fill on <rect> inside a pattern", "not to <pattern>"],
        "image-data-png-bomb.svg": ["the attribute href on <image>", "60000 x 60000"],
    ]

    /// The element or attribute a refusal names as a member (`refused` of `image_refused`).
    static let constructs: [String: String] = [
        "script-svg-prefix.svg": "script", "script-xhtml-prefix.svg": "script", "xhtml-iframe.svg": "iframe",
        "foreignobject-prefix.svg": "foreignObject", "smil-set-href.svg": "set", "onload.svg": "onload",
        "fe-convolve-matrix.svg": "feConvolveMatrix", "fe-turbulence.svg": "feTurbulence", "style-import.svg": "style",
        "fe-offset-chain.svg": "feOffset", "css-escape-url.svg": "style", "xlink-javascript.svg": "xlink:href",
        "image-external.svg": "href", "xml-base.svg": "xml:base",
    ]

    @Test("a refusal by the allow-list names the element or attribute as a member, not only in words")
    func constructs() throws {
        for (file, construct) in Self.constructs {
            do {
                _ = try ImageInspector.inspect(try Self.bytes("\(Self.hostileFolder)/\(file)"), limits: MediaLimits())
                Issue.record("\(file) was taken")
            } catch let error as ImageRefusal {
                #expect(error.construct == construct, "\(file): \(error.message)")
            }
        }
    }

    @Test(
        "the render fuzzer's findings (Fuzz/corpus-render/finding-*: a font-size that panics librsvg, a use of a filtered group past the CPU limit) are refused"
    )
    func fuzzerFindings() throws {
        let folder = "Fuzz/corpus-render"
        let findings = try FileManager.default.contentsOfDirectory(atPath: Repository.file(folder).path)
            .filter { $0.hasPrefix("finding-") }.sorted()
        #expect(findings.count >= 3)
        for finding in findings {
            // A fuzzer program: five bytes of header (format, gesture, recording), then the SVG's text.
            let svg = Array(try Self.bytes("\(folder)/\(finding)").dropFirst(5))
            #expect(Self.refusal(svg) != nil, "\(finding) is taken")
        }
        let words = Self.refusal(
            Array(#"<svg xmlns="http://www.w3.org/2000/svg"><text font-size="1e7">t</text></svg>"#.utf8)
        )
        #expect(words?.contains("the number 1e7 is past 100000") == true, "\(words ?? "taken")")
        // Names and colours with digits are not numbers; a negative one is.
        let named =
            ##"<svg xmlns="http://www.w3.org/2000/svg"><rect id="r1000000" fill="#999999" width="10" height="10"/></svg>"##
        #expect(Self.refusal(Array(named.utf8)) == nil)
        let negative = #"<svg xmlns="http://www.w3.org/2000/svg"><rect x="-1e9" width="10" height="10"/></svg>"#
        #expect(Self.refusal(Array(negative.utf8))?.contains("the number 1e9 is past") == true)
    }

    static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Repository.file(folder).path)
            .filter { $0.hasSuffix(".svg") }.sorted()
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Repository.file(path)))
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ImageInspector.inspect(bytes, limits: MediaLimits())
            return nil
        } catch {
            return error.message
        }
    }

    @Test("every hostile SVG is refused, and the refusal names what it refuses")
    func hostile() throws {
        let files = try Self.files(in: Self.hostileFolder)
        #expect(Set(files) == Set(Self.refusals.keys), "each fixture has its expected words, and each words a fixture")
        let readme = try String(contentsOf: Repository.file("\(Self.hostileFolder)/README.md"), encoding: .utf8)
        for file in files {
            #expect(readme.contains("- `\(file)`: "), "\(file) has a README line")
            let message = Self.refusal(try Self.bytes("\(Self.hostileFolder)/\(file)"))
            for words in Self.refusals[file] ?? [] {
                #expect(message?.contains(words) == true, "\(file): \(message ?? "taken")")
            }
        }
    }

    @Test("the bundled banners and benign SVGs (gradients, text, embedded PNG, blur, prefixes, reuse) are kept")
    func benign() throws {
        let paths =
            try Self.files(in: "public/banners").map { "public/banners/\($0)" }
            + Self.files(in: "Tests/Fixtures/benign/svg").map { "Tests/Fixtures/benign/svg/\($0)" }
        #expect(paths.count >= 10)
        for path in paths {
            let refusal = Self.refusal(try Self.bytes(path))
            #expect(refusal == nil, "\(path): \(refusal ?? "")")
        }
        let banner = try ImageInspector.inspect(Self.bytes("public/banners/spring-sale.svg"), limits: MediaLimits())
        #expect(banner == ImageInfo(format: .svg, width: 686, height: 360))
        let text = try ImageInspector.inspect(Self.bytes("Tests/Fixtures/benign/svg/text.svg"), limits: MediaLimits())
        #expect(text == ImageInfo(format: .svg, width: 600, height: 200), "from the viewBox")
    }

    @Test("mutated fixtures are kept or refused by the whole inspector, never crash it")
    func mutations() throws {
        let paths =
            try Self.files(in: "Tests/Fixtures/benign/svg").map { "Tests/Fixtures/benign/svg/\($0)" }
            + Self.files(in: Self.hostileFolder).map { "\(Self.hostileFolder)/\($0)" }
        let originals = try paths.map(Self.bytes)
        let interesting = Array("<>&;#\\()\"'/:= \nurl".utf8) + [0x00, 0xC3, 0xFF]
        print("SVGCorpusTests.mutations: seeds 0..<200")
        var kept = 0
        for seed in UInt64(0)..<200 {
            var generator = SeededGenerator(seed: seed)
            var bytes = originals.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                if Bool.random(using: &generator) {
                    bytes[at] = interesting.randomElement(using: &generator)!
                } else {
                    bytes.remove(at: at)
                }
            }
            if Self.refusal(bytes) == nil { kept += 1 }
        }
        #expect(kept < 200, "the mutations reach the refusals, not only the kept path")
    }

    @Test("CSS escapes are resolved before values are judged")
    func escapes() {
        #expect(CSSText.folded(#"u\72l("#) == "url(")
        #expect(CSSText.folded(#"\000075 rl("#) == "url(")
        #expect(CSSText.folded(#"\75 RL("#) == "url(")
        #expect(CSSText.folded(#"u\rl("#) == "url(")
        #expect(CSSText.folded(#"@\69mport"#) == "@import")
        #expect(CSSText.folded("a\\\nb") == "ab")
        #expect(CSSText.folded(#"\0 x"#) == "\u{FFFD}x")
        #expect(SVGAllowList.problem(inValue: "url(#g) red") == nil)
        #expect(SVGAllowList.problem(inValue: "url( '#g' )") == nil)
        #expect(SVGAllowList.problem(inValue: "rotate (45) translate(1, 2)") == nil)
        #expect(SVGAllowList.problem(inValue: "url(data:image/png;base64,aaaa)")?.contains("refers outside") == true)
        #expect(SVGAllowList.problem(inValue: "expression(alert(1))")?.contains("expression()") == true)
        #expect(SVGAllowList.problem(inValue: "-webkit-image-set(x 1x)")?.contains("-webkit-image-set()") == true)
        #expect(SVGAllowList.problem(inValue: "ur/**/l(x)")?.contains("comment") == true)
        #expect(CSSDeclaration.list(in: "fill: red; font-family: 'a;b' !important;")?.count == 2)
        #expect(CSSDeclaration.list(in: "fill red") == nil)
        #expect(CSSDeclaration.list(in: "x { fill: red }") == nil)
    }
}
