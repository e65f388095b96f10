/// Judging a value: a presentation attribute's, a `style` attribute's whole text and each of its
/// declarations', always after `CSSText.folded`, so no escape or letter case hides a word.
extension SVGAllowList {
    /// Why `folded` could do more than paint, `nil` when it could not: a function not on the list
    /// (`image-set()`, `expression()`, `element()`), a `url()` other than `url(#id)`, an at-rule,
    /// a block, a comment (it could split a word the checks look for), or a script address.
    package static func problem(inValue folded: String) -> String? {
        for scheme in ["javascript:", "vbscript:"] where folded.contains(scheme) {
            return "a \(scheme) address"
        }
        if let at = folded.firstIndex(of: "@") {
            let name = folded[at...].prefix { $0 == "@" || $0 == "-" || ($0 >= "a" && $0 <= "z") }
            return "the at-rule \(name) has no place in a value"
        }
        if folded.contains("/*") || folded.contains("*/") { return "a CSS comment" }
        if folded.contains("{") || folded.contains("}") { return "a CSS block ({ })" }
        let scalars = Array(folded.unicodeScalars)
        var name = ""
        var isAfterSpace = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if CSSText.isSpace(scalar) {
                isAfterSpace = true
                continue
            }
            defer { isAfterSpace = false }
            if isNameCharacter(scalar) {
                if isAfterSpace { name = "" }
                name.unicodeScalars.append(scalar)
            } else if scalar == "(" {
                if name == "url" {
                    let end = scalars[index...].firstIndex(of: ")") ?? scalars.count
                    let target = String(String.UnicodeScalarView(scalars[index..<end]))
                    guard isFragment(target) else {
                        return "url(\(target.prefix(60))) refers outside the file; only url(#id) is taken"
                    }
                    index = end
                } else if !name.isEmpty, !functions.contains(name) {
                    let listed = functions.sorted().joined(separator: ", ")
                    return "the function \(name)() is not on the list a banner may use (\(listed))"
                }
                name = ""
            } else {
                name = ""
            }
        }
        return nil
    }

    /// The largest magnitude a number in a value may have.
    static let largestNumber = 100_000.0

    /// The first number in `folded` (digits, a fraction, an exponent) whose magnitude passes
    /// `largestNumber`, as written; names with digits (`r1000000`, `#999999`) are not numbers.
    static func outsizedNumber(in folded: String) -> String? {
        let scalars = Array(folded.unicodeScalars)
        func isDigit(_ index: Int) -> Bool { index < scalars.count && ("0"..."9").contains(scalars[index]) }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if isNameCharacter(scalar) && !("0"..."9").contains(scalar) && scalar != "-" || scalar == "#" {
                // A name or a colour: its digits belong to it.
                index += 1
                while index < scalars.count, isNameCharacter(scalars[index]) { index += 1 }
            } else if isDigit(index) || scalar == "." && isDigit(index + 1) {
                let start = index
                while isDigit(index) { index += 1 }
                if index < scalars.count, scalars[index] == "." { index += 1 }
                while isDigit(index) { index += 1 }
                if index < scalars.count, scalars[index] == "e" {
                    var exponent = index + 1
                    if exponent < scalars.count, scalars[exponent] == "+" || scalars[exponent] == "-" { exponent += 1 }
                    if isDigit(exponent) {
                        index = exponent
                        while isDigit(index) { index += 1 }
                    }
                }
                let written = String(String.UnicodeScalarView(scalars[start..<index]))
                if let value = Double(written), !(value <= largestNumber) { return written }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// `#id`, or `"#id"` and `'#id'`, with white space around: a reference within the file.
    static func isFragment(_ target: String) -> Bool {
        var text = Substring(target).drop { CSSText.isSpace($0.unicodeScalars.first!) }
        while let last = text.last, last.unicodeScalars.allSatisfy(CSSText.isSpace) { text = text.dropLast() }
        if let first = text.first, first == "\"" || first == "'" {
            guard text.count >= 2, text.last == first else { return false }
            text = text.dropFirst().dropLast()
        }
        return isReference(String(text))
    }

    /// `#` and an id: ASCII letters, digits, `-`, `_`, `.` and `:`.
    static func isReference(_ text: String) -> Bool {
        guard text.hasPrefix("#"), text.count > 1 else { return false }
        return text.unicodeScalars.dropFirst().allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_.:".unicodeScalars
                    .contains($0)
        }
    }

    static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_"
            || scalar.value >= 0x80
    }
}

extension SVGAllowList {
    /// The ids, folded, that a value refers to with `url(#id)`, once `problem(inValue:)` has found no
    /// other `url()` in it.
    static func fragments(in folded: String) -> [String] {
        var targets: [String] = []
        let scalars = Array(folded.unicodeScalars)
        var index = 0
        while index + 4 <= scalars.count {
            guard scalars[index] == "u", scalars[index + 1] == "r", scalars[index + 2] == "l", scalars[index + 3] == "("
            else {
                index += 1
                continue
            }
            index += 4
            var target = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != ")" {
                let scalar = scalars[index]
                if scalar != "\"", scalar != "'", scalar != "#", !CSSText.isSpace(scalar) { target.append(scalar) }
                index += 1
            }
            targets.append(String(target))
        }
        return targets
    }
}
