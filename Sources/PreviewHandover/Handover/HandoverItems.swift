import PreviewMedia
import PreviewWire

/// The session's items as the handed-over files carry them, and the images they name. A bundled
/// image keeps its file name (its folder's name before it where two folders share one); an upload
/// is named by its hash's first 12 digits with the extension of the format the session knows it
/// by, so Flutter's asset path and the web's `src` name a file that exists in the zip.
public struct HandoverItems: Equatable, Sendable {
    public let items: [HandoverItem]
    /// Each image once, in the order the items first name it.
    public let images: [HandoverImage]

    public static let none = HandoverItems(items: [], images: [])

    init(items: [HandoverItem], images: [HandoverImage]) {
        self.items = items
        self.images = images
    }

    /// `catalog`'s items; `uploadFormats` tells an upload's format by its hash (an upload it does not
    /// know leaves its item without an image).
    public init(_ catalog: [CatalogItem], uploadFormats: [String: ImageFormat]) {
        var fileOfSource: [String: String] = [:]
        var images: [HandoverImage] = []
        var foldersOfName: [String: Set<String>] = [:]
        for parts in catalog.compactMap({ Self.bundledParts($0.image) }) {
            foldersOfName[parts.name, default: []].insert(parts.folder)
        }
        func file(for source: String) -> String? {
            if let known = fileOfSource[source] { return known }
            let name: String
            if let hash = MediaLibrary.hash(inImage: source) {
                guard let format = uploadFormats[hash] else { return nil }
                name = "upload-\(hash.prefix(12)).\(format.fileExtension)"
            } else if let parts = Self.bundledParts(source) {
                let shared = (foldersOfName[parts.name]?.count ?? 0) > 1
                name = shared ? "\(parts.folder)-\(parts.name)" : parts.name
            } else {
                return nil
            }
            fileOfSource[source] = name
            images.append(HandoverImage(file: name, source: source))
            return name
        }
        items = catalog.map { item in
            HandoverItem(
                title: item.title,
                subtitle: item.subtitle,
                price: item.price,
                badge: item.badge,
                imageFile: item.image.isEmpty ? nil : file(for: item.image)
            )
        }
        self.images = images
    }

    /// A bundled image's folder and file name (`banners/spring-sale.svg`, with or without the leading `/`).
    private static func bundledParts(_ image: String) -> (folder: String, name: String)? {
        guard !image.isEmpty, !image.hasPrefix(ItemImageAddress.uploadScheme) else { return nil }
        let parts = image.split(separator: "/")
        guard parts.count == 2 else { return nil }
        return (String(parts[0]), String(parts[1]))
    }
}
