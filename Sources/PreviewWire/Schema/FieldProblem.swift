import CarouselCore

/// Why one field's value was not taken, in a form a program reads: the field, a stable code, the
/// range when the value was out of it, and a sentence for people. A share link's ignored values
/// are reported this way in the welcome, and an `invalid_value` error about a field carries it.
public struct FieldProblem: Error, Equatable, Sendable {
    /// The stable reasons.
    public enum Code: String, Sendable, CaseIterable {
        /// A number outside the field's range (`minimum` and `maximum` say which).
        case outOfRange = "out_of_range"
        /// A value of the wrong kind: text where a number belongs, a number where a flag does.
        case wrongType = "wrong_type"
        /// None of the names the field takes (a preset, an axis).
        case notAChoice = "not_a_choice"
        /// Acceptable alone, not with the rest of the configuration (an inset that leaves no room).
        case conflict
        /// The session already existed: a link only configures the session it creates.
        case sessionExists = "session_exists"
    }

    /// The share-link parameter the problem is about: `spacing`, `viewportWidth`, `items`.
    public let field: String
    /// Where the same value sits in a message: `config.spacing`, `config.viewport.width`.
    public let path: String
    public let code: Code
    public let message: String
    /// The field's range, for `outOfRange`.
    public private(set) var range: ValueRange? = nil

    package init(field: String, path: String, code: Code, message: String, range: ValueRange? = nil) {
        self.field = field
        self.path = path
        self.code = code
        self.message = message
        self.range = range
    }

    /// `{"field":F,"code":C,"minimum":N,"maximum":N,"message":TEXT}` (the bounds only for a range,
    /// named as JSON Schema does: `exclusiveMinimum` for a bound the range leaves out).
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("field", .string(field)), ("code", .string(code.rawValue))]
        if let range { members += range.boundMembers }
        members.append(("message", .string(message)))
        return .object(members)
    }
}
