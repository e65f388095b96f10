/// Characters: which are XML's, the line-break and white-space normalization, references, comments,
/// CDATA and attribute values.
extension MarkupParser {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlong
    /// forms, surrogates and code points past U+10FFFF included), `nil` when all do.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            guard lead >= 0x80 else {
                index += 1
                continue
            }
            let length: Int
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0...0xEF: length = 3
            case 0xF0...0xF4: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            var scalar = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            for offset in 1..<length {
                let next = bytes[index + offset]
                guard next & 0xC0 == 0x80 else { return index }
                scalar = scalar << 6 | UInt32(next & 0x3F)
            }
            let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
            guard scalar >= smallest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { return index }
            index += length
        }
        return nil
    }

    /// Refuses the byte at the reading position when it starts a character XML does not have: C0
    /// controls but tab and line breaks, U+FFFE and U+FFFF (UTF-8 has already been checked).
    func checkCharacter() throws(MarkupError) {
        guard let byte = peek() else { return }
        if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D {
            throw fail("the control character U+\(Self.hex(UInt32(byte))) is not an XML character")
        }
        if byte == 0xEF, peek(1) == 0xBF, let last = peek(2), last == 0xBE || last == 0xBF {
            throw fail("U+\(last == 0xBE ? "FFFE" : "FFFF") is not an XML character")
        }
    }

    /// One byte of text or of an attribute value, as read: a line break (CR LF, CR, LF) reads as LF,
    /// and in an attribute value a line break or tab reads as a space, as XML says.
    mutating func readCharacter(inAttribute: Bool) throws(MarkupError) -> UInt8 {
        try checkCharacter()
        let byte = bytes[position]
        advance()
        if byte == 0x0D {
            if peek() == 0x0A { advance() }
            return inAttribute ? 0x20 : 0x0A
        }
        return inAttribute && (byte == 0x0A || byte == 0x09) ? 0x20 : byte
    }

    /// A quoted value, references decoded; the reading position is at the quote.
    mutating func readAttributeValue(of name: ArraySlice<UInt8>) throws(MarkupError) -> String {
        guard let quote = peek(), quote == 0x22 || quote == 0x27 else {
            throw fail("the value of the attribute \(Self.text(name)) is not quoted")
        }
        advance()
        var value: [UInt8] = []
        while true {
            guard let byte = peek() else { throw fail("the document ends inside the value of \(Self.text(name))") }
            if byte == quote {
                advance()
                return String(decoding: value, as: UTF8.self)
            } else if byte == UInt8(ascii: "<") {
                throw fail("a '<' inside the value of the attribute \(Self.text(name)); write &lt;")
            } else if byte == UInt8(ascii: "&") {
                value.append(contentsOf: try readReference().utf8)
            } else {
                value.append(try readCharacter(inAttribute: true))
            }
        }
    }

    /// The character of `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#decimal;` or `&#xhex;`.
    mutating func readReference() throws(MarkupError) -> Unicode.Scalar {
        let start = position
        advance()
        guard peek() == UInt8(ascii: "#") else {
            let name = Self.text(try readName())
            guard peek() == UInt8(ascii: ";") else { throw fail("the reference &\(name) has no ';'") }
            advance()
            let replacement: Unicode.Scalar? =
                switch name {
                case "lt": "<"
                case "gt": ">"
                case "amp": "&"
                case "quot": "\""
                case "apos": "'"
                default: nil
                }
            guard let replacement else {
                throw MarkupError(
                    "the entity &\(name); is not taken: only &lt; &gt; &amp; &quot; &apos; and &#...; are",
                    at: start,
                    in: bytes
                )
            }
            return replacement
        }
        advance()
        let isHex = peek() == UInt8(ascii: "x")
        if isHex { advance() }
        var value: UInt32 = 0
        var digits = 0
        while let byte = peek(), let digit = Self.digit(byte, isHex: isHex) {
            value = min(value * (isHex ? 16 : 10) + digit, 0x11_0000)
            digits += 1
            advance()
        }
        guard digits > 0, peek() == UInt8(ascii: ";") else {
            throw MarkupError("a character reference needs digits and a ';'", at: start, in: bytes)
        }
        advance()
        guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
            throw MarkupError("the character reference names no XML character", at: start, in: bytes)
        }
        return scalar
    }

    private static func digit(_ byte: UInt8, isHex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where isHex: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where isHex: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's Char: tab, line breaks, and U+0020 up, without surrogates, U+FFFE and U+FFFF.
    static func isCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x1_0000...0x10_FFFF).contains(value)
    }

    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `<!-- ... -->`, read and dropped; `--` may not appear inside.
    mutating func readComment() throws(MarkupError) {
        advance(4)
        while !starts(with: Array("--".utf8)) {
            guard peek() != nil else { throw fail("the document ends inside a comment") }
            try checkCharacter()
            advance()
        }
        guard peek(2) == UInt8(ascii: ">") else { throw fail("'--' inside a comment") }
        advance(3)
    }

    /// `<![CDATA[ ... ]]>`, its content read as text.
    mutating func readCharacterData() throws(MarkupError) {
        advance(9)
        while !starts(with: Array("]]>".utf8)) {
            guard peek() != nil else { throw fail("the document ends inside a CDATA section") }
            text.append(try readCharacter(inAttribute: false))
        }
        advance(3)
    }
}
