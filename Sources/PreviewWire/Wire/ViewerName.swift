/// The short name a viewer gives itself (`{"type":"name","name":"Ana"}`), shown to the session's
/// other viewers in the `viewers` list and the event log instead of "Viewer 3". Other viewers'
/// pages render it, so it is held to text a status line can show: no control or format characters
/// (a bidi override would reorder the words around it), no line breaks, and short.
public struct ViewerName: Equatable, Sendable {
    /// The most characters a name may have, as a reader counts them.
    public static let maximumCharacters = 24
    /// The most UTF-8 bytes: a bound on what every `viewers` message repeats for each viewer.
    public static let maximumBytes = 96

    public let text: String

    /// A name already read (`read` trims and judges what a viewer sends).
    package init(text: String) {
        self.text = text
    }

    /// The name in `text` with its surrounding spaces trimmed; `nil` when nothing is left (the
    /// viewer goes back to its number). Throws the reason a name is refused.
    public static func read(_ text: String) throws(ProtocolError) -> ViewerName? {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { return nil }
        if let refused = trimmed.unicodeScalars.first(where: \.isUnprintable) {
            throw ProtocolError(
                .invalidValue,
                "name.name must be printable text; U+\(String(refused.value, radix: 16, uppercase: true)) is not (a control, format, separator, private-use or unassigned character)",
                ref: "name",
                field: "name.name"
            )
        }
        guard trimmed.count <= maximumCharacters, trimmed.utf8.count <= maximumBytes else {
            throw ProtocolError(
                .invalidValue,
                "name.name must be at most \(maximumCharacters) characters (\(maximumBytes) bytes), got \(trimmed.count) characters (\(trimmed.utf8.count) bytes)",
                ref: "name",
                field: "name.name"
            )
        }
        guard !isReserved(trimmed) else {
            throw ProtocolError(
                .invalidValue,
                "name.name \"\(trimmed)\" is what the page calls a viewer itself (\"you\", \"Viewer 3\"); choose another",
                ref: "name",
                field: "name.name"
            )
        }
        return ViewerName(text: trimmed)
    }

    /// Whether `name` is a label the page gives viewers itself: taking it would let one viewer pass
    /// for another, or for the reader (`you`).
    static func isReserved(_ name: String) -> Bool {
        let squeezed = String(name.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace })
        if squeezed == "you" || squeezed == "(you)" { return true }
        guard squeezed.hasPrefix("viewer") else { return false }
        let number = squeezed.dropFirst("viewer".count)
        return !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension Unicode.Scalar {
    /// Control and format characters and line or paragraph separators: what would break a line or
    /// reorder the text around a name.
    var isUnprintable: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }
}

extension String {
    /// The string without leading and trailing white space (Foundation-free).
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
