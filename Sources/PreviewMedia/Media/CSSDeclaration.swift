/// One `property: value` of a `style` attribute, both folded by `CSSText` (escapes resolved, ASCII
/// lowercased), the value without `!important` and trimmed.
package struct CSSDeclaration: Equatable, Sendable {
    let property: String
    package let value: String

    /// The declarations of `style`, already folded; `nil` when it is not a plain list of
    /// declarations separated by `;` (a block, a declaration without `:`). Semicolons inside quotes
    /// or parentheses do not separate.
    package static func list(in style: String) -> [CSSDeclaration]? {
        var declarations: [CSSDeclaration] = []
        var current = ""
        var quote: Character?
        var depth = 0
        for character in style {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth = max(0, depth - 1)
            } else if character == "{" || character == "}" {
                return nil
            } else if character == ";", depth == 0 {
                guard let declaration = declaration(current) else { return nil }
                declarations += declaration
                current = ""
                continue
            }
            current.append(character)
        }
        guard quote == nil, let last = declaration(current) else { return nil }
        return declarations + last
    }

    /// One declaration, none for white space alone, `nil` when there is no `:`.
    private static func declaration(_ text: String) -> [CSSDeclaration]? {
        let trimmed = trim(text)
        guard !trimmed.isEmpty else { return [] }
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        var value = trim(String(trimmed[trimmed.index(after: colon)...]))
        if value.hasSuffix("!important") { value = trim(String(value.dropLast("!important".count))) }
        let property = trim(String(trimmed[..<colon]))
        guard !property.isEmpty else { return nil }
        return [CSSDeclaration(property: property, value: value)]
    }

    private static func trim(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !CSSText.isSpace($0) }),
            let last = scalars.lastIndex(where: { !CSSText.isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
