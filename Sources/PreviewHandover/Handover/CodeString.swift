/// A string as each language's source writes it: between double quotes (single for Dart, whose
/// `$` starts an interpolation in either), with the quote, the backslash, the line breaks and every
/// other control character escaped, so any title a viewer typed (quotes, emoji, right-to-left text,
/// a `$`, a `*/`) reads back as itself. Text beyond ASCII stays as it is: all four read UTF-8 source.
package enum CodeString {
    package static func swift(_ text: String) -> String {
        quoted(text, quote: "\"") { "\\u{\(String($0, radix: 16))}" }
    }

    /// Kotlin also interpolates `$`.
    package static func kotlin(_ text: String) -> String {
        quoted(text, quote: "\"", extra: ["$": "\\$"]) { unicodeEscape($0) }
    }

    package static func dart(_ text: String) -> String {
        quoted(text, quote: "'", extra: ["$": "\\$"]) { "\\u{\(String($0, radix: 16))}" }
    }

    /// JavaScript; `<` is escaped too, so a `</script>` in a title cannot end an inline script.
    package static func javaScript(_ text: String) -> String {
        quoted(text, quote: "'", extra: ["<": "\\u003c"]) { unicodeEscape($0) }
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func quoted(
        _ text: String,
        quote: Character,
        extra: [Character: String] = [:],
        control: (UInt32) -> String
    ) -> String {
        var out = String(quote)
        for scalar in text.unicodeScalars {
            let character = Character(scalar)
            if character == quote || scalar == "\\" {
                out += "\\" + String(scalar)
            } else if let escaped = extra[character] {
                out += escaped
            } else if scalar == "\n" {
                out += "\\n"
            } else if scalar == "\r" {
                out += "\\r"
            } else if scalar == "\t" {
                out += "\\t"
            } else if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029 {
                out += control(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        out.append(quote)
        return out
    }
}
