import CarouselCore

/// Typed access to a message's members, with errors that name the member.
struct MessageFields {
    let document: JSONValue
    let type: String

    func missing(_ key: String, _ expected: String) -> ProtocolError {
        ProtocolError(
            .badMessage,
            "\(type).\(key) is missing; it must be \(expected)",
            ref: type,
            field: "\(type).\(key)"
        )
    }

    func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> ProtocolError {
        ProtocolError(
            .badMessage,
            "\(type).\(key) must be \(expected), got \(value.kindName)",
            ref: type,
            field: "\(type).\(key)"
        )
    }

    /// A member of the right kind whose value the protocol does not take: `invalid_value`, the
    /// member named in the sentence (`rule` follows it) and in `field`.
    func invalid(_ key: String, _ rule: String) -> ProtocolError {
        ProtocolError(.invalidValue, "\(type).\(key) \(rule)", ref: type, field: "\(type).\(key)")
    }

    package func number(_ key: String) throws(ProtocolError) -> Double {
        guard let value = document[key] else { throw missing(key, "a number") }
        guard case .number(let number) = value else { throw wrong(key, "a number", value) }
        return number
    }

    package func string(_ key: String) throws(ProtocolError) -> String {
        guard let value = document[key] else { throw missing(key, "a string") }
        guard case .string(let text) = value else { throw wrong(key, "a string", value) }
        return text
    }

    package func bool(_ key: String) throws(ProtocolError) -> Bool {
        guard let value = document[key] else { throw missing(key, "true or false") }
        guard case .bool(let flag) = value else { throw wrong(key, "true or false", value) }
        return flag
    }

    /// The optional `at` of a pointer or wheel message: the session time (ms) a page applied it at,
    /// 0 to 1e15 when present.
    func sessionTime() throws(ProtocolError) -> Double? {
        guard let value = document["at"], value != .null else { return nil }
        guard case .number(let number) = value else { throw wrong("at", "a number", value) }
        guard number >= 0, number <= 1e15 else {
            throw invalid("at", "must be a session time from 0 to 1e15 milliseconds, got \(Self.digits(number))")
        }
        return number
    }

    /// The optional `seq`: a whole number within `ClientMessage.seqRange` when present.
    package func seq() throws(ProtocolError) -> Int? {
        guard let value = document["seq"], value != .null else { return nil }
        let range = ClientMessage.seqRange
        let rule = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number) = value else { throw wrong("seq", rule, value) }
        guard number == number.rounded(), abs(number) <= Double(range.upperBound) else {
            throw invalid("seq", "must be \(rule), got \(Self.digits(number))")
        }
        // -0 is a whole number in range: it echoes as 0.
        return Int(number)
    }

    /// `number` as a client wrote it when it is a whole number an `Int` holds (2^53 as
    /// "9007199254740992", not "9.007199254740992e+15"), else as JSON prints it.
    private static func digits(_ number: Double) -> String {
        guard number == number.rounded(), abs(number) < 0x1p63 else { return JSONValue.number(number).encoded }
        return String(Int(number))
    }

    /// The optional `pointerType`: mouse, touch or pen when present.
    package func pointerType() throws(ProtocolError) -> PointerType? {
        guard let value = document["pointerType"], value != .null else { return nil }
        guard case .string(let name) = value else { throw wrong("pointerType", "mouse, touch or pen", value) }
        guard let pointerType = PointerType(rawValue: name) else {
            throw invalid("pointerType", "must be mouse, touch or pen, got \"\(name.prefix(64))\"")
        }
        return pointerType
    }

    mutating func command() throws(ProtocolError) -> Command {
        let name = try string("name")
        switch name {
        case "next": return .next
        case "prev": return .previous
        case "goto":
            let index = try number("index")
            guard index == index.rounded(), abs(index) <= 1e9 else {
                throw invalid("index", "must be a whole number, got \(JSONValue.number(index).encoded)")
            }
            let animated = document["animated"] == nil ? true : try bool("animated")
            return .go(to: Int(index), animated: animated)
        case "autoscroll":
            return .setAutoScroll(enabled: try bool("enabled"))
        default:
            throw invalid("name", "must be next, prev, goto or autoscroll, got \"\(name.prefix(64))\"")
        }
    }
}
