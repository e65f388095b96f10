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
}
