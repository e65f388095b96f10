/// CSS text as a browser reads it before it means anything: `u\72l(`, `\000075 rl(` and `u\rl(` are
/// all `url(`, so values are judged only after this.
package enum CSSText {
    /// `text` with every escape resolved (`\` and 1 to 6 hex digits with one optional white space
    /// after, `\` and a line break dropped, `\` and any other character that character) and ASCII
    /// letters lowercased. One pass.
    package static func folded(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            guard scalar == "\\" else {
                output.append(lowercased(scalar))
                continue
            }
            guard index < scalars.count else {
                output.append("\u{FFFD}")
                break
            }
            var value: UInt32 = 0
            var digits = 0
            while digits < 6, index < scalars.count, let digit = hexDigit(scalars[index]) {
                value = value * 16 + digit
                digits += 1
                index += 1
            }
            if digits > 0 {
                if index < scalars.count, isSpace(scalars[index]) {
                    index += scalars[index] == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" ? 2 : 1
                }
                let resolved = value == 0 ? nil : Unicode.Scalar(value)
                output.append(lowercased(resolved ?? "\u{FFFD}"))
            } else if scalars[index] == "\n" || scalars[index] == "\r" || scalars[index] == "\u{0C}" {
                index += 1
            } else {
                output.append(lowercased(scalars[index]))
                index += 1
            }
        }
        return String(output)
    }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}
