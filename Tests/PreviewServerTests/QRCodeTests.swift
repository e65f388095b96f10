import Foundation
import Testing

@testable import PreviewServer

@Suite("QR codes: libqrencode's symbols")
struct QRCodeTests {
    /// A phone link as the page will show it: LAN address, session, preset and a 32-hex token.
    static let phoneLink =
        "http://192.168.1.5:8080/?session=abc&preset=banner&token=0123456789abcdef0123456789abcdef"

    /// Byte-mode capacities at level M (ISO/IEC 18004 table 7): 14 bytes fill version 1, 15 need version 2,
    /// 26 fill version 2, 27 need version 3, 62 fill version 4, 63 need version 5.
    @Test(
        "the smallest version that holds the text, 17 + 4 × version modules per side",
        arguments: [(1, 1), (14, 1), (15, 2), (26, 2), (27, 3), (62, 4), (63, 5)]
    )
    func sizeFollowsVersion(byteCount: Int, expectedVersion: Int) throws {
        let code = try QRCode(encoding: String(repeating: "a", count: byteCount))
        #expect(code.version == expectedVersion)
        #expect(code.size == 17 + 4 * expectedVersion)
        #expect(code.modules.count == code.size * code.size)
    }

    @Test("a longer text never gets a smaller symbol, up to the maximum")
    func sizeGrowsWithLength() throws {
        var previous = 0
        for byteCount in stride(from: 1, through: QRCode.maximumByteCount, by: 37) + [QRCode.maximumByteCount] {
            let code = try QRCode(encoding: String(repeating: "x", count: byteCount))
            #expect(code.size >= previous, "\(byteCount) bytes gave \(code.size) modules, less than before")
            #expect(code.size == 17 + 4 * code.version)
            previous = code.size
        }
        #expect(previous > 17 + 4 * 20)
    }

    /// 89 bytes: more than version 5's 84, within version 6's 106.
    @Test("the phone link fits a small symbol: version 6 at level M")
    func phoneLinkSize() throws {
        let code = try QRCode(encoding: Self.phoneLink)
        #expect(Array(Self.phoneLink.utf8).count == 89)
        #expect(code.version == 6)
        #expect(code.size == 41)
    }

    @Test("finder patterns at three corners: dark 7×7 border, light ring, dark 3×3 core, light separator")
    func finderPatterns() throws {
        let code = try QRCode(encoding: Self.phoneLink)
        let last = code.size - 7
        for (top, left) in [(0, 0), (0, last), (last, 0)] {
            for row in 0..<7 {
                for column in 0..<7 {
                    let ring = max(abs(row - 3), abs(column - 3))
                    let expectedDark = ring != 2
                    #expect(
                        code.isDark(row: top + row, column: left + column) == expectedDark,
                        "finder at (\(top), \(left)): module (\(row), \(column)) should be \(expectedDark ? "dark" : "light")"
                    )
                }
            }
            // The separator: one light module all along the finder's inner sides.
            let separatorRow = top == 0 ? 7 : top - 1
            let separatorColumn = left == 0 ? 7 : left - 1
            for offset in 0..<8 {
                let column = left == 0 ? offset : left - 1 + offset
                let row = top == 0 ? offset : top - 1 + offset
                #expect(!code.isDark(row: separatorRow, column: column))
                #expect(!code.isDark(row: row, column: separatorColumn))
            }
        }
        // No finder at the bottom right: that corner's 7×7 block is not the pattern.
        let bottomRight = (0..<7).flatMap { row in (0..<7).map { code.isDark(row: last + row, column: last + $0) } }
        let finder = (0..<7).flatMap { row in (0..<7).map { max(abs(row - 3), abs($0 - 3)) != 2 } }
        #expect(bottomRight != finder)
    }

    @Test("text over the maximum is refused with its length and the bound")
    func tooLongTextThrows() {
        let text = String(repeating: "é", count: 513)  // 1,026 UTF-8 bytes
        #expect(throws: QRCodeError.textTooLong(byteCount: 1026, maximumByteCount: 1024)) {
            try QRCode(encoding: text)
        }
        let error = QRCodeError.textTooLong(byteCount: 1026, maximumByteCount: 1024)
        #expect(error.description == "text of 1026 UTF-8 bytes is too long for a QR code here (at most 1024)")
        #expect(throws: Never.self) { try QRCode(encoding: String(repeating: "é", count: 512)) }
    }

    @Test("empty text is refused")
    func emptyTextThrows() {
        #expect(throws: QRCodeError.emptyText) { try QRCode(encoding: "") }
    }

    @Test("the SVG: viewBox in modules with the quiet zone, size in px, white background, escaped title")
    func svgDocument() throws {
        let code = try QRCode(encoding: Self.phoneLink)
        let svg = code.svg(title: #"Open <"banner"> & 'more'"#, pixelsPerModule: 5)
        let side = code.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" "))
        #expect(svg.hasSuffix("</svg>"))
        #expect(svg.contains(#"viewBox="0 0 \#(side) \#(side)""#))
        #expect(svg.contains(#"width="\#(side * 5)" height="\#(side * 5)""#))
        #expect(svg.contains(#"shape-rendering="crispEdges""#))
        #expect(svg.contains(##"<rect width="\##(side)" height="\##(side)" fill="#fff"/>"##))
        #expect(svg.contains("<title>Open &lt;&quot;banner&quot;&gt; &amp; &apos;more&apos;</title>"))
        #expect(svg.components(separatedBy: "<path ").count == 2, "exactly one path")
        #expect(!svg.contains("\n"))
        let defaultSize = code.svg(title: "link")
        #expect(defaultSize.contains(#"width="\#(side * 8)""#))
    }

    @Test("the path draws exactly the dark modules, one rectangle per horizontal run")
    func svgPathMatchesModules() throws {
        let code = try QRCode(encoding: Self.phoneLink)
        let svg = code.svg(title: "link")
        let data = try #require(svg.firstRange(of: #" d=""#).map { svg[$0.upperBound...] }?.prefix { $0 != "\"" })
        let side = code.size + 8
        var drawn = [Bool](repeating: false, count: side * side)
        var rectangles = 0
        for command in data.split(separator: "z") {
            // Each rectangle is "M<x> <y>h<run>v1h-<run>".
            let numbers = command.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            try #require(numbers.count == 5, "not a rectangle: \(command)")
            let (x, y, run) = (numbers[0], numbers[1], numbers[2])
            try #require(command == "M\(x) \(y)h\(run)v1h-\(run)", "not a one-module-high rectangle: \(command)")
            for column in x..<(x + run) {
                #expect(!drawn[y * side + column], "module drawn twice at \(y), \(column)")
                drawn[y * side + column] = true
            }
            rectangles += 1
        }
        var expected = [Bool](repeating: false, count: side * side)
        var runs = 0
        for row in 0..<code.size {
            for column in 0..<code.size where code.isDark(row: row, column: column) {
                expected[(row + 4) * side + column + 4] = true
                if column == 0 || !code.isDark(row: row, column: column - 1) { runs += 1 }
            }
        }
        #expect(drawn == expected)
        #expect(rectangles == runs)
    }

    @Test("XML escaping: the five special characters, and forbidden control characters replaced")
    func xmlEscaping() {
        #expect(#"a&b<c>d"e'f"#.xmlEscaped == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect("tab\tline\nreturn\r".xmlEscaped == "tab\tline\nreturn\r")
        #expect("nul\u{0}bell\u{7}\u{FFFE}".xmlEscaped == "nul\u{FFFD}bell\u{FFFD}\u{FFFD}")
        #expect("Ünïcødé 🎠".xmlEscaped == "Ünïcødé 🎠")
        #expect("&amp;".xmlEscaped == "&amp;amp;")
    }

    /// Texts a phone might be shown, from one byte to near the maximum; the non-ASCII ones check that
    /// UTF-8 goes in byte for byte (zbarimg's `--raw` prints the bytes as they are).
    static let roundTripTexts = [
        "A",
        phoneLink,
        "http://[fe80::1]:8080/?session=x%20y&preset=strip#top",
        "Carrousel à défilement — ünïcødé, 日本語, emoji 🎠",
        String(repeating: "0123456789abcdef", count: 60),
    ]

    @Test("zbarimg, a decoder written apart from libqrencode, reads back exactly the text", arguments: roundTripTexts)
    func decodesBack(text: String) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: BarcodeReader.executable),
            "zbarimg missing: `make qr-test-deps` (or apt-get install zbar-tools) installs it"
        )
        let code = try QRCode(encoding: text)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qr-\(UUID().uuidString).pgm").path
        try Data(code.graymap()).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let decoded = try BarcodeReader.qrCodes(inImageAt: path)
        #expect(decoded == text + "\n", "version \(code.version)")
    }
}
