import CarouselCore

/// A named version of a session's carousel ("v2 faster settle"): the configuration and the item
/// count, kept in the session so viewers can switch between versions and Compare any two. The
/// items themselves stay the session's: a variant whose content is `own` shows the session's own
/// items as they are then. Welcome, `variant` messages and settings files carry it as
/// `{"name":N,"config":{"preset":P,<what differs>},"itemCount":C}`.
public struct Variant: Equatable, Sendable {
    /// The most variants a session keeps: with the name's bound, what one session's variants can
    /// cost (`VariantShelf.budgetBytes`).
    public static let maximumCount = 50
    /// The most characters a name may have, as a reader counts them, and its most UTF-8 bytes.
    public static let maximumNameCharacters = 40
    public static let maximumNameBytes = 160

    public let name: String
    public let config: SessionConfiguration
    public let itemCount: Int

    public init(name: String, config: SessionConfiguration, itemCount: Int) {
        self.name = name
        self.config = config
        self.itemCount = itemCount
    }

    public var json: JSONValue {
        let patch = JSONValue.object([("preset", .string(config.presetName))] + config.changesFromPreset)
        return .object([("name", .string(name)), ("config", patch), ("itemCount", .number(Double(itemCount)))])
    }

    /// A variant's name: its surrounding spaces trimmed, printable, 1 to 40 characters. `field`
    /// names where it was read (`variant.name`, `variants[3].name`).
    public static func name(_ text: String, field: String) throws(ProtocolError) -> String {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else {
            throw ProtocolError(.invalidValue, "\(field) must not be empty", ref: "variant", field: field)
        }
        if let refused = trimmed.unicodeScalars.first(where: \.isUnprintable) {
            throw ProtocolError(
                .invalidValue,
                "\(field) must be printable text; U+\(String(refused.value, radix: 16, uppercase: true)) is not (a control, format, separator, private-use or unassigned character)",
                ref: "variant",
                field: field
            )
        }
        guard trimmed.count <= maximumNameCharacters, trimmed.utf8.count <= maximumNameBytes else {
            throw ProtocolError(
                .invalidValue,
                "\(field) must be at most \(maximumNameCharacters) characters (\(maximumNameBytes) bytes), got \(trimmed.count) characters (\(trimmed.utf8.count) bytes)",
                ref: "variant",
                field: field
            )
        }
        return trimmed
    }

    /// A configuration as a variant holds it: a `configure`'s `config` with its `preset`, checked
    /// as strictly as one. `field` names where it was read.
    public static func configuration(_ json: JSONValue, field: String) throws(ProtocolError) -> SessionConfiguration {
        guard case .string(let preset)? = json["preset"], let base = SessionConfiguration(preset: preset) else {
            throw ProtocolError(
                .invalidValue,
                "\(field) must be an object whose \"preset\" is one of \(Configuration.presetNames.joined(separator: ", "))",
                ref: "variant",
                field: field
            )
        }
        do throws(ProtocolError) {
            return try base.applying(json)
        } catch {
            throw ProtocolError(.invalidValue, "\(field): \(error.message)", ref: "variant", field: error.field)
        }
    }

    /// An item count as a variant holds it: a whole number from 0 to `CatalogItem.maximumCount`.
    public static func itemCount(_ json: JSONValue, field: String) throws(ProtocolError) -> Int {
        guard case .number(let count) = json, count == count.rounded(), count >= 0,
            count <= Double(CatalogItem.maximumCount)
        else {
            throw ProtocolError(
                .invalidValue,
                "\(field) must be a whole number from 0 to \(CatalogItem.maximumCount)",
                ref: "variant",
                field: field
            )
        }
        return Int(count)
    }

    /// A whole variant, `{"name":...,"config":{...},"itemCount":N}`, as a settings file holds it.
    public static func read(_ json: JSONValue, field: String) throws(ProtocolError) -> Variant {
        guard case .object = json, case .string(let text)? = json["name"], let config = json["config"],
            let count = json["itemCount"]
        else {
            throw ProtocolError(
                .invalidValue,
                "\(field) must be an object with \"name\" (a string), \"config\" and \"itemCount\"",
                ref: "variant",
                field: field
            )
        }
        return Variant(
            name: try name(text, field: "\(field).name"),
            config: try configuration(config, field: "\(field).config"),
            itemCount: try itemCount(count, field: "\(field).itemCount")
        )
    }
}
