/// The rule for an item's `image`, written once: every reader of items (a `configure`'s list, a
/// settings file, `serve --items`, a recording and a checkpoint) checks it, and the page reads its
/// pattern from the schema. An item's image is an address that every viewer's page fetches, so it
/// may name only what this server serves: an uploaded image by its SHA-256 (`media:` and 64
/// lowercase hexadecimal digits), or a file of one of the folders of `public/` that hold the
/// bundled images (`banners/spring-sale.svg`, from `/` or relative to the page), or nothing.
/// Anything else (another host, `data:`, `javascript:`, a `..`, a query, a backslash, a control
/// character) would make each viewer's browser fetch what one viewer chose, so it is refused.
///
/// A folder and a plain file name rather than the list of files `public/` ships: an operator adds a
/// banner by putting `sale.png` in `public/banners/`, and a name of letters, digits, `_` and `-`
/// with one image extension cannot leave the folder or carry a query.
public enum ItemImageAddress {
    /// How an item's `image` names an uploaded image: this, then the image's SHA-256 in hexadecimal.
    public static let uploadScheme = "media:"

    /// The folders of `public/` whose images items may show: the bundled banners and products.
    public static let folders = ["banners", "products"]

    /// The image types a bundled file may be, by the extension `public/` serves it with.
    public static let extensions = ["svg", "png", "jpg", "jpeg", "gif", "webp"]

    /// The most characters a file name may have before its extension.
    public static let maximumNameLength = 100

    /// The hexadecimal digits of an upload's SHA-256.
    static let hashLength = 64

    /// The rule as a regular expression (ASCII only, read alike by JavaScript and Swift), for the
    /// page's schema: empty, an upload, or a file of a bundled folder.
    public static let pattern =
        "^(?:" + uploadScheme + "[0-9a-f]{\(hashLength)}|/?(?:" + folders.joined(separator: "|") + ")/"
        + "[A-Za-z0-9][A-Za-z0-9_-]{0,\(maximumNameLength - 1)}\\.(?:" + extensions.joined(separator: "|") + "))?$"

    /// The rule as a person reads it, in every refusal.
    public static let rule =
        "empty, \(uploadScheme) and the SHA-256 of an uploaded image (\(hashLength) lowercase hexadecimal digits), "
        + "or an image of this server's \(folders.map { "\($0)/" }.joined(separator: " or ")) folder "
        + "(a name of at most \(maximumNameLength) letters, digits, _ or -, then "
        + extensions.map { ".\($0)" }.joined(separator: ", ") + ")"

    /// Whether `image` follows the rule.
    public static func isValid(_ image: String) -> Bool {
        if image.isEmpty { return true }
        if image.hasPrefix(uploadScheme) {
            let hash = image.utf8.dropFirst(uploadScheme.utf8.count)
            return hash.count == hashLength
                && hash.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        var path = Substring(image)
        if path.hasPrefix("/") { path = path.dropFirst() }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, folders.contains(String(parts[0])) else { return false }
        return isFileName(parts[1])
    }

    /// A name of the allowed characters, starting with a letter or digit, then one image extension.
    private static func isFileName(_ file: Substring) -> Bool {
        let pieces = file.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 2, extensions.contains(String(pieces[1])) else { return false }
        let name = pieces[0].utf8
        guard let first = name.first, isLetterOrDigit(first), name.count <= maximumNameLength else { return false }
        return name.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The refusal of an item's image at `field` (`items[3].image`): the protocol's `invalid_value`,
    /// naming the field, with the rule.
    static func refusal(at field: String) -> ProtocolError {
        ProtocolError(.invalidValue, "\(field) must be \(rule)", ref: nil, field: field)
    }
}
