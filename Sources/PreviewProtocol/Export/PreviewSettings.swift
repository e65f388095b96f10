import CarouselCore

/// A carousel's settings as a file of their own, what "Copy as JSON" gives:
/// `{"format":"carousel-preview/settings","version":1,"config":{"preset":P,<what differs>},"itemCount":N}`.
/// The `config` is a `configure` message's, so a file is checked as strictly as one.
public struct PreviewSettings: Equatable, Sendable {
    public static let format = "carousel-preview/settings"
    public static let version = 1

    public let config: SessionConfiguration
    /// How many items the carousel shows (the layout's own, cycled).
    public let itemCount: Int

    public init(config: SessionConfiguration, itemCount: Int) {
        self.config = config
        self.itemCount = itemCount
    }

    /// Reads a settings file, or says what is wrong with it.
    public init(text: String) throws(SettingsError) {
        let document = try JSONParser.parse(text) { SettingsError("not JSON: \($0)") }
        guard document["format"] == .string(Self.format) else {
            throw SettingsError("\"format\" must be \"\(Self.format)\"")
        }
        guard document["version"] == .number(Double(Self.version)) else {
            throw SettingsError("\"version\" must be \(Self.version); this server reads no other")
        }
        guard case .object(let members)? = document["config"],
            case .string(let preset)? = document["config"]?["preset"],
            let base = SessionConfiguration(preset: preset)
        else {
            throw SettingsError(
                "\"config\" must be an object whose \"preset\" is one of \(Configuration.presetNames.joined(separator: ", "))"
            )
        }
        do throws(ProtocolError) {
            config = try base.applying(.object(members))
        } catch {
            throw SettingsError(error.message)
        }
        guard case .number(let count)? = document["itemCount"], count == count.rounded(),
            LinkSettings.itemCountRange.contains(count)
        else {
            throw SettingsError("\"itemCount\" must be a whole number from 0 to \(CatalogItem.maximumCount)")
        }
        itemCount = Int(count)
    }

    public var json: JSONValue {
        .object([
            ("format", .string(Self.format)),
            ("version", .number(Double(Self.version))),
            ("config", .object([("preset", .string(config.presetName))] + config.changesFromPreset)),
            ("itemCount", .number(Double(itemCount))),
        ])
    }
}

/// Why a settings file cannot be used, in a sentence that names the member.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
