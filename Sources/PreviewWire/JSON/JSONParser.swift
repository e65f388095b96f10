/// A strict RFC 8259 parser for messages from untrusted clients: it bounds nesting depth, members
/// per object, elements per array and digits per number, rejects duplicate keys, numbers that
/// overflow a Double, unescaped control characters and lone surrogates, and reports where the text
/// went wrong. Its time is linear in the text's length whatever its shape: duplicate keys are found
/// through a set per object, and no number is longer than `maximumNumberLength`.
package struct JSONParser {
    /// Deeper documents are refused before they can exhaust the stack.
    package static let maximumDepth = 32
    /// No message or recording has an object with more members (the widest, a configuration
    /// patch, has about 30): more is a forged document, refused before it costs memory.
    package static let maximumMembers = 1024
    /// No array of a recording (its steps) or a catalog has more elements.
    package static let maximumElements = 262_144
    /// The longest number literal: a Double prints in at most 24 characters, and longer literals
    /// would cost the decimal conversion time out of proportion to their bytes.
    package static let maximumNumberLength = 64

    /// Why a text is not acceptable JSON.
    package struct Failure: Error, Equatable {
        package let message: String
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Parses a whole document; trailing non-whitespace is an error.
    package static func parse(_ text: String) throws(Failure) -> JSONValue {
        var parser = JSONParser(text)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    /// Parses a whole document, or throws what `refuse` makes of why not (each reader of a file or
    /// a message says it in its own error).
    package static func parse<Refusal: Error>(
        _ text: String,
        orThrow refuse: (_ why: String) -> Refusal
    ) throws(Refusal) -> JSONValue {
        do {
            return try parse(text)
        } catch {
            throw refuse(error.message)
        }
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: "\(message) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw failure("unexpected end of text") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func expectLiteral(_ literal: String) throws(Failure) {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw failure("invalid literal") }
            index += 1
        }
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        var keys = Set<String>()
        if closesAtOnce(with: "}") { return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("expected a key") }
            let key = try parseString()
            guard keys.insert(key).inserted else { throw failure("duplicate key \"\(key.prefix(40))\"") }
            guard members.count < Self.maximumMembers else {
                throw failure("an object with more than \(Self.maximumMembers) members")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue(depth: depth)))
            if try closes(with: "}", "object") { return .object(members) }
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw failure("nesting deeper than \(Self.maximumDepth)") }
        index += 1
        var elements: [JSONValue] = []
        if closesAtOnce(with: "]") { return .array(elements) }
        while true {
            skipWhitespace()
            guard elements.count < Self.maximumElements else {
                throw failure("an array with more than \(Self.maximumElements) elements")
            }
            elements.append(try parseValue(depth: depth))
            if try closes(with: "]", "array") { return .array(elements) }
        }
    }

    /// At a container's start: whether it is empty (`bracket` comes first, and is passed).
    private mutating func closesAtOnce(with bracket: Unicode.Scalar) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: bracket) else { return false }
        index += 1
        return true
    }

    /// After a member or an element: `true` at `bracket` (the container ends), `false` after a comma.
    private mutating func closes(with bracket: Unicode.Scalar, _ container: String) throws(Failure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unterminated \(container)") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return false
        }
        guard bytes[index] == UInt8(ascii: bracket) else { throw failure("expected ',' or '\(bracket)'") }
        index += 1
        return true
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw failure("invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        guard index - start <= Self.maximumNumberLength else {
            throw failure("a number longer than \(Self.maximumNumberLength) characters")
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw failure("number \(text.prefix(40)) is out of range")
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A string's UTF-8 bytes are copied in runs between escapes into one buffer, decoded once:
    /// the text is already valid UTF-8 (a Swift string), and an escape adds its scalar's bytes.
    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if decoded.isEmpty {
                    let text = String(decoding: bytes[runStart..<index], as: UTF8.self)
                    index += 1
                    return text
                }
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("unescaped control character in a string") }
            if byte == UInt8(ascii: "\\") {
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                UTF8.encode(try parseEscape()) { decoded.append($0) }
                runStart = index
                continue
            }
            index += 1
        }
        throw failure("unterminated string")
    }

    private mutating func parseEscape() throws(Failure) -> Unicode.Scalar {
        guard index < bytes.count else { throw failure("unterminated escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try parseHexQuad()
            if (0xD800...0xDBFF).contains(high) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("lone surrogate") }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("lone surrogate") }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("lone surrogate") }
            return scalar
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("invalid \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}
