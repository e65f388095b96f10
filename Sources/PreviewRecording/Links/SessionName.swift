/// The rule for a session's name, written once: the connection query checks it and the page reads
/// its pattern from the schema. A name is what a team calls its carousel ("Home Banner",
/// "abc1732.45", an Arabic title), so letters and digits of every script are allowed, with spaces
/// and `_ . -`; what could hide or reorder text (controls, bidirectional overrides, zero-width
/// characters) is not, nor a space at either end that a reader would not see.
package enum SessionName {
    /// The most Unicode scalars a name may have.
    package static let maximumLength = 64

    /// The name a connection without one joins.
    package static let defaultName = "default"

    /// The rule as a JavaScript regular expression (with the `u` flag), for the page's schema.
    package static let pattern =
        #"^[\p{L}\p{N}\p{M}_.\-](?:[\p{L}\p{N}\p{M} _.\-]{0,\#(maximumLength - 2)}[\p{L}\p{N}\p{M}_.\-])?$"#

    /// The rule as a person reads it, in every refusal.
    package static let rule =
        "1-\(maximumLength) letters or digits of any script, spaces, _ . or -, not starting or ending with a space"

    /// Whether `name` follows the rule.
    package static func isValid(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, let last = scalars.last, scalars.count <= maximumLength else { return false }
        guard first != " ", last != " " else { return false }
        return scalars.allSatisfy(isAllowed)
    }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == " " || scalar == "_" || scalar == "." || scalar == "-" { return true }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
