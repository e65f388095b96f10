import PreviewProtocol

/// What `serve --items FILE` says of items whose images the page could not show: an `image` is an
/// address the page fetches, so a path must name a file of `public/` (relative to it, or from `/`);
/// a file elsewhere on disk, a `..` out of it or a `media:` name (an upload, which only a session or
/// a settings file holds) would be a broken image with no word about it.
public enum ItemImagePaths {
    /// One line per item whose image cannot be served, naming the item and why; none when all can.
    public static func problems(in items: [CatalogItem], publicDirectory: String) -> [String] {
        guard let files = StaticFiles(directory: publicDirectory) else { return [] }
        return items.compactMap { item in
            let image = item.image
            if image.isEmpty || image.hasPrefix("http://") || image.hasPrefix("https://")
                || image.hasPrefix("data:image/")
            {
                return nil
            }
            if image.hasPrefix("media:") {
                return "item \"\(item.id)\": \(image.prefix(20))… is an uploaded image, which --items cannot carry: "
                    + "use a settings file from the page's Download settings (serve --config)"
            }
            let path = image.hasPrefix("/") ? image : "/" + image
            if case .file = files.resolve(String(path.split(separator: "?").first ?? "")) { return nil }
            return "item \"\(item.id)\": \(image) is not a file of \(publicDirectory), so the page cannot show it; "
                + "put the image there and name it relative to it (banners/sale.png)"
        }
    }
}
