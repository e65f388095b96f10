/// A strict XML reader for the part of XML an SVG needs, in one pass over the bytes with no going
/// back, so its work is linear in their count (`steps` counts it, for the tests).
///
/// Taken: UTF-8 with an optional BOM, an XML declaration, comments, CDATA, elements and attributes
/// (either quote), the five predefined entities and numeric character references, namespaces.
/// Refused, with the reason and where: a document type (its entities can expand without end or
/// name files and addresses outside the document), processing instructions (`<?xml-stylesheet?>`
/// makes a browser fetch a stylesheet; nothing an SVG draws needs one), names outside ASCII,
/// anything malformed, and anything past `MarkupLimits`. Elements are built on an explicit stack,
/// so no input can make it recurse.
package struct MarkupParser {
    package let bytes: [UInt8]
    let limits: MarkupLimits
    var position = 0
    /// Bytes advanced over plus the fixed work done per element and attribute.
    package private(set) var steps = 0
    /// The open elements, innermost last, and the names they were opened with as written.
    var open: [(element: MarkupElement, written: ArraySlice<UInt8>)] = []
    var scope = MarkupNamespaceScope()
    var elementCount = 0
    /// Text read since the last tag, not yet added to the open element.
    var text: [UInt8] = []

    package init(_ bytes: [UInt8], limits: MarkupLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Reads the whole document.
    package mutating func parse() throws(MarkupError) -> MarkupDocument {
        guard bytes.count <= limits.bytes else {
            throw MarkupError("the document has more than \(limits.bytes) bytes", at: limits.bytes, in: bytes)
        }
        if let invalid = Self.firstInvalidUTF8(in: bytes) {
            throw MarkupError("the document is not UTF-8 text", at: invalid, in: bytes)
        }
        count(bytes.count)
        if starts(with: [0xEF, 0xBB, 0xBF]) { advance(3) }
        if starts(with: Array("<?xml".utf8)), let after = peek(5), Self.isSpace(after) { try readDeclaration() }
        try readMiscellany()
        guard peek() == UInt8(ascii: "<") else { throw fail("the document has no root element") }
        let root = try readElements()
        try readMiscellany()
        guard position == bytes.count else { throw fail("there is content after the root element") }
        return MarkupDocument(root: root)
    }

    /// Counts `work` more steps that advance over no byte.
    package mutating func count(_ work: Int = 1) { steps += work }

    mutating func advance(_ count: Int = 1) {
        position += count
        steps += count
    }

    func peek(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    /// Whether the bytes at the reading position are `literal` (a few bytes, so a fixed cost).
    func starts(with literal: [UInt8]) -> Bool {
        guard position + literal.count <= bytes.count else { return false }
        for index in literal.indices where bytes[position + index] != literal[index] { return false }
        return true
    }

    func fail(_ reason: String) -> MarkupError { MarkupError(reason, at: position, in: bytes) }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Skips white space; whether there was any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = position
        while let byte = peek(), Self.isSpace(byte) { advance() }
        return position > start
    }

    /// White space, comments and the refused prolog parts, before or after the root element.
    private mutating func readMiscellany() throws(MarkupError) {
        while let byte = peek() {
            if Self.isSpace(byte) {
                advance()
            } else if starts(with: Array("<!--".utf8)) {
                try readComment()
            } else if starts(with: Array("<?".utf8)) {
                throw fail(Self.processingInstructionRefusal)
            } else if starts(with: Array("<!DOCTYPE".utf8)) {
                throw fail(Self.documentTypeRefusal)
            } else if byte == UInt8(ascii: "<"), elementCount == 0, let next = peek(1),
                Self.isNameByte(next, first: true) || next >= 0x80
            {
                return
            } else {
                throw fail(
                    elementCount == 0
                        ? "only white space and comments may come before the root element"
                        : "content after the root element"
                )
            }
        }
    }

    static let documentTypeRefusal =
        "a document type (<!DOCTYPE>) is not taken: its entities can expand without end or reach outside the file"
    static let processingInstructionRefusal =
        "a processing instruction (<?...?>) is not taken: <?xml-stylesheet?> would make a browser fetch a stylesheet"

    /// `<?xml version="1.x" encoding="UTF-8" standalone="yes"?>`, encoding and standalone optional,
    /// in that order.
    private mutating func readDeclaration() throws(MarkupError) {
        advance(5)
        var names: [String] = []
        while true {
            let spaced = skipSpace()
            if starts(with: Array("?>".utf8)) {
                advance(2)
                break
            }
            guard spaced else { throw fail("the XML declaration needs white space between its parts") }
            let name = String(decoding: try readName(), as: UTF8.self)
            skipSpace()
            guard peek() == UInt8(ascii: "=") else { throw fail("the XML declaration's \(name) has no '='") }
            advance()
            skipSpace()
            guard let quote = peek(), quote == 0x22 || quote == 0x27 else {
                throw fail("the XML declaration's \(name) is not quoted")
            }
            advance()
            let start = position
            while let byte = peek(), byte != quote {
                guard byte != UInt8(ascii: "<"), byte != UInt8(ascii: "?") else {
                    throw fail("the XML declaration's \(name) is not closed")
                }
                advance()
            }
            guard peek() == quote else { throw fail("the XML declaration is not closed") }
            let value = String(decoding: bytes[start..<position], as: UTF8.self)
            advance()
            switch name {
            case "version" where names.isEmpty:
                guard value.hasPrefix("1."), value.count > 2, value.dropFirst(2).allSatisfy({ $0 >= "0" && $0 <= "9" })
                else {
                    throw fail("the XML version \(value) is not 1.x")
                }
            case "encoding" where names == ["version"]:
                guard value.lowercased() == "utf-8" else { throw fail("the encoding \(value) is not UTF-8") }
            case "standalone" where names.last == "version" || names.last == "encoding":
                guard value == "yes" || value == "no" else { throw fail("standalone must be yes or no") }
            default:
                throw fail("the XML declaration has \(name) where version, encoding or standalone belongs")
            }
            names.append(name)
        }
        guard names.first == "version" else { throw fail("the XML declaration has no version") }
    }
}
