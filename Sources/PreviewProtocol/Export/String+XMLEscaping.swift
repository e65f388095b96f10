extension String {
    /// The text made safe as XML character data or as an attribute value in either kind of quotes:
    /// `& < > " '` become entities, and the characters XML 1.0 forbids even as references (control
    /// characters other than tab, line feed and carriage return; U+FFFE and U+FFFF) become U+FFFD, so
    /// text a client chose can never end the element or make the document ill-formed.
    public var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped.unicodeScalars.append("\u{FFFD}")
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
