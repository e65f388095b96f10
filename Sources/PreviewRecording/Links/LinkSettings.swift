import CarouselCore
import PreviewWire

/// The configuration a share link asks for, read from the WebSocket URL's query
/// (`/ws?session=S&preset=coverflow&spacing=12&items=8&item=2`): a preset, values by their link
/// names (`ConfigurationField.linkName`), an item count and the item to start on. It configures only the session it creates;
/// a viewer joining an existing session learns which of its values that session does not have.
/// Nothing here refuses a connection: a value that cannot be used is reported, the rest applies.
package struct LinkSettings: Equatable, Sendable {
    /// The preset named, when it is one.
    package private(set) var preset: String?
    /// One value read from the query: checked for its kind, not yet for its range (that is
    /// checked as it is set).
    package struct Value: Equatable, Sendable {
        package let field: String
        package let value: JSONValue

        package init(field: String, value: JSONValue) {
            self.field = field
            self.value = value
        }
    }

    /// The values read from the query, in the schema's order.
    package private(set) var values: [Value] = []
    /// The item count asked for.
    package private(set) var itemCount: Int?
    /// The item the session starts on (0-based), so a copy of a carousel opens where the original
    /// is (Compare's pane B starts on A's item).
    package private(set) var startItem: Int?
    /// The session whose own items (and the images they show) a new session starts with (`own=NAME`):
    /// a link cannot carry a viewer's items, but it can name the session that has them.
    package private(set) var ownItemsFrom: String?
    /// Values that could not be read at all.
    package private(set) var problems: [FieldProblem] = []

    /// The range of `items`: what a `configure`'s `itemCount` accepts.
    package static let itemCountRange = ValueRange(0, Double(CatalogItem.maximumCount))
    /// The range of `item`: any index an item count allows (past the session's last item, the
    /// session starts on its last).
    static let startItemRange = ValueRange(0, Double(CatalogItem.maximumCount - 1))

    /// Reads the link's parameters from a query; `nil` when it has none.
    package init?(query: [String: String]) {
        if let name = query["preset"] {
            if Configuration.preset(named: name) != nil {
                preset = name
            } else {
                problems.append(
                    FieldProblem(
                        field: "preset",
                        path: "config.preset",
                        code: .notAChoice,
                        message:
                            "preset must be one of \(Configuration.presetNames.joined(separator: ", ")), got \"\(name.prefix(64))\""
                    )
                )
            }
        }
        for field in ConfigurationSchema.fields {
            guard let text = query[field.linkName] else { continue }
            // A session's own items live in that session alone: a link names a bundled set or none.
            if field.linkName == "content", text == Configuration.ItemContent.own.rawValue {
                problems.append(
                    FieldProblem(
                        field: field.linkName,
                        path: field.messagePath,
                        code: .conflict,
                        message: "content \"own\" names items only their session holds; a link cannot carry them"
                    )
                )
                continue
            }
            do throws(FieldProblem) {
                values.append(Value(field: field.linkName, value: try Self.value(of: text, for: field)))
            } catch {
                problems.append(error)
            }
        }
        /// A count or an index of the link, or `nil` with its problem noted.
        func wholeNumber(_ name: String, path: String, in range: ValueRange) -> Int? {
            do throws(FieldProblem) {
                return try Self.wholeNumber(query[name], named: name, path: path, in: range)
            } catch {
                problems.append(error)
                return nil
            }
        }
        itemCount = wholeNumber("items", path: "configure.itemCount", in: Self.itemCountRange)
        startItem = wholeNumber("item", path: "command.index", in: Self.startItemRange)
        if let source = query["own"] {
            if SessionName.isValid(source) {
                ownItemsFrom = source
            } else {
                problems.append(
                    FieldProblem(field: "own", path: "own", code: .wrongType, message: "own must be a session's name")
                )
            }
        }
        if preset == nil, values.isEmpty, itemCount == nil, startItem == nil, ownItemsFrom == nil, problems.isEmpty {
            return nil
        }
    }

    /// A count or an index written in a link: digits only, within `range`; `nil` when absent.
    private static func wholeNumber(
        _ text: String?,
        named name: String,
        path: String,
        in range: ValueRange
    ) throws(FieldProblem) -> Int? {
        guard let text else { return nil }
        let isWholeNumber = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        // Digits past what an Int holds are a number out of range all the same.
        if isWholeNumber, let number = Int(text), range.contains(Double(number)) { return number }
        throw FieldProblem(
            field: name,
            path: path,
            code: isWholeNumber ? .outOfRange : .wrongType,
            message:
                "\(name) must be a whole number from \(Int(range.minimum)) to \(Int(range.maximum)), got \"\(text.prefix(64))\"",
            range: range
        )
    }

    /// A link's text as the JSON value the field takes: numbers in plain decimal notation (no
    /// `inf`, `nan` or hex), `auto` for a length left to the layout, `on`/`off` (or true/false,
    /// 1/0, yes/no) for a flag.
    private static func value(of text: String, for field: ConfigurationField) throws(FieldProblem) -> JSONValue {
        let problem = FieldProblem(
            field: field.linkName,
            path: field.messagePath,
            code: .wrongType,
            message: "\(field.linkName) must be \(field.expectedText), got \"\(text.prefix(64))\""
        )
        switch field.typeName {
        case "number-or-null" where text.lowercased() == "auto": return .null
        case "number", "number-or-null":
            guard let number = decimal(text) else { throw problem }
            return .number(number == 0 ? 0 : number)  // -0 reads as 0, as a slider would send it
        case "integer":
            // Any decimal notation of a whole number ("3", "3.0", "3e0"); its range is checked as it is set.
            guard let number = decimal(text), number == number.rounded() else { throw problem }
            return .number(number == 0 ? 0 : number)
        case "boolean":
            switch text.lowercased() {
            case "on", "true", "1", "yes": return .bool(true)
            case "off", "false", "0", "no": return .bool(false)
            default: throw problem
            }
        default: return .string(text)
        }
    }

    /// `text` as a number when it is plain decimal notation: digits, one optional point and
    /// exponent, a sign; nothing `Double(_:)` would also take (`inf`, `nan`, `0x1p3`, spaces).
    static func decimal(_ text: String) -> Double? {
        let allowed = text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }
        guard allowed, text.utf8.contains(where: { $0 >= 0x30 && $0 <= 0x39 }), text.utf8.count <= 64,
            let number = Double(text), number.isFinite
        else { return nil }
        return number
    }
}

extension ConfigurationField {
    /// What a link's text for this field must be, for a reason.
    var expectedText: String {
        switch typeName {
        case "number": "a number"
        case "number-or-null": "a number or auto"
        case "integer": "a whole number"
        case "boolean": "on or off"
        default: choices.joined(separator: " or ")
        }
    }
}
