import Foundation
import PreviewProtocol
import PreviewWire

/// What `serve --items FILE` says of items whose images the page could not show. Reading the
/// items already refused any image outside `ItemImageAddress`'s rule; what is left to say is of a
/// bundled folder's file that is not there, and of a `media:` name (an upload, which only a session
/// or a settings file holds): each would be a broken image with no word about it.
public enum ItemImagePaths {
    /// One line per item whose image cannot be served, naming the item and why; none when all can.
    public static func problems(in items: [CatalogItem], publicDirectory: String) -> [String] {
        guard let files = StaticFiles(directory: publicDirectory) else { return [] }
        return items.compactMap { item in
            let image = item.image
            if image.isEmpty { return nil }
            if image.hasPrefix(ItemImageAddress.uploadScheme) {
                return "item \"\(item.id)\": \(image.prefix(20))… is an uploaded image, which --items cannot carry: "
                    + "use a settings file from the page's Download settings (serve --config)"
            }
            if file(of: image, in: files) != nil { return nil }
            return "item \"\(item.id)\": \(image) is not a file of \(publicDirectory), so the page cannot show it; "
                + "put the image there (banners/sale.png)"
        }
    }

    /// The file of `publicDirectory` that an item's `image` names (relative to it, or from `/`; a
    /// query dropped), as the page would fetch it; `nil` for none (an upload, an address elsewhere).
    public static func file(of image: String, publicDirectory: String) -> String? {
        StaticFiles(directory: publicDirectory).flatMap { file(of: image, in: $0) }
    }

    private static func file(of image: String, in files: StaticFiles) -> String? {
        let path = image.hasPrefix("/") ? image : "/" + image
        guard case .file(let resolved, _) = files.resolve(String(path.split(separator: "?").first ?? "")) else {
            return nil
        }
        return resolved
    }

    /// The bytes of the file of `publicDirectory` that an item's `image` names; `nil` for none (or
    /// one that cannot be read). What a render draws an item's image from.
    public static func bytes(of image: String, publicDirectory: String) -> [UInt8]? {
        file(of: image, publicDirectory: publicDirectory).flatMap { FileManager.default.contents(atPath: $0) }.map {
            [UInt8]($0)
        }
    }
}
