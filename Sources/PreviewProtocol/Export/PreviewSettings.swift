import CarouselCore
import PreviewMedia
import PreviewRecording
import PreviewWire

/// A carousel's settings as a file of their own, what "Copy as JSON" gives:
/// `{"format":"carousel-preview/settings","version":1,"config":{"preset":P,<what differs>},"itemCount":N}`.
/// The `config` is a `configure` message's, so a file is checked as strictly as one.
public struct PreviewSettings: Equatable, Sendable {
    public static let format = "carousel-preview/settings"
    public static let version = 1

    public let config: SessionConfiguration
    /// How many items the carousel shows (the content's, cycled).
    public let itemCount: Int
    /// The items themselves when they are the session's own (`content: own`): a bundled set is
    /// named by the configuration, but own items are only in the file.
    public let items: [CatalogItem]?
    /// The carousel's named variants (`Variant`), at most `Variant.maximumCount`, names unique.
    public let variants: [Variant]
    /// The uploaded images the items show, which the page adds when it downloads the file
    /// (`"images":{"HASH":"BASE64",...}`), each checked by its bytes and its hash when read.
    let images: MediaLibrary

    public init(config: SessionConfiguration, itemCount: Int, items: [CatalogItem]? = nil, variants: [Variant] = []) {
        self.config = config
        self.itemCount = itemCount
        self.items = items
        self.variants = variants
        images = MediaLibrary()
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
        items = try document["items"].map { list throws(SettingsError) in
            do throws(ProtocolError) {
                return try CatalogItem.catalog(from: list, field: "items")
            } catch {
                throw SettingsError(error.message)
            }
        }
        images = try Self.images(document["images"])
        variants = try Self.variants(document["variants"])
    }

    /// The file's variants, each read as strictly as a `variant` save, their names unique.
    private static func variants(_ value: JSONValue?) throws(SettingsError) -> [Variant] {
        guard let value else { return [] }
        guard case .array(let list) = value, list.count <= Variant.maximumCount else {
            throw SettingsError("\"variants\" must be an array of at most \(Variant.maximumCount) variants")
        }
        var variants: [Variant] = []
        for (index, json) in list.enumerated() {
            do throws(ProtocolError) {
                let variant = try Variant.read(json, field: "variants[\(index)]")
                guard !variants.contains(where: { $0.name == variant.name }) else {
                    throw ProtocolError(
                        .invalidValue,
                        "variants[\(index)].name \"\(variant.name)\" is the name of an earlier variant",
                        ref: nil
                    )
                }
                variants.append(variant)
            } catch {
                throw SettingsError(error.message)
            }
        }
        return variants
    }

    /// The images of a file, each decoded, checked by its bytes and named by its hash as the key says.
    private static func images(_ value: JSONValue?) throws(SettingsError) -> MediaLibrary {
        var library = MediaLibrary()
        guard let value else { return library }
        guard case .object(let members) = value else {
            throw SettingsError("\"images\" must be an object of SHA-256 names and base64 bytes")
        }
        let limits = MediaLimits()
        for (hash, encoded) in members {
            guard case .string(let text) = encoded, let bytes = Base64.decode(text) else {
                throw SettingsError("\"images\".\(hash.prefix(16)) must be the image's bytes in base64")
            }
            guard SHA256.hex(bytes) == hash else {
                throw SettingsError("\"images\".\(hash.prefix(16)) is not the SHA-256 of its bytes")
            }
            let info: ImageInfo
            do {
                info = try ImageInspector.inspect(bytes, limits: limits)
            } catch {
                throw SettingsError("\"images\".\(hash.prefix(16)): \(error.message)")
            }
            library.add(MediaLibrary.Asset(bytes: bytes, info: info, hash: hash))
            guard library.bytes <= limits.serverBytes else {
                throw SettingsError("\"images\" take more than \(MemoryFootprint.describe(limits.serverBytes))")
            }
        }
        return library
    }

    /// The bytes of the uploaded image an item's `image` names (`media:HASH`), when the file carries
    /// it: what `carousel-preview render --config` draws a recording's uploads from.
    public func uploadedImage(named image: String) -> [UInt8]? {
        MediaLibrary.hash(inImage: image).flatMap { images.asset($0)?.bytes }
    }

    public var json: JSONValue {
        .object(
            [
                ("format", .string(Self.format)),
                ("version", .number(Double(Self.version))),
                ("config", .object([("preset", .string(config.presetName))] + config.changesFromPreset)),
                ("itemCount", .number(Double(itemCount))),
            ] + (items.map { [("items", .array($0.map(\.json)))] } ?? [])
                + (variants.isEmpty ? [] : [("variants", .array(variants.map(\.json)))])
        )
    }
}

/// Why a settings file cannot be used, in a sentence that names the member.
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
