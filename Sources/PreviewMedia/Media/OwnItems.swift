import PreviewWire

/// A session's own items and the uploaded images they show, as a link's `own=SESSION` hands them to
/// a new session (Compare's pane B, a session of one's own): the images are the same bytes, shared.
package struct OwnItems: Sendable {
    package let items: [CatalogItem]
    package let media: MediaLibrary

    /// `items` with the images of `library` they show.
    package init(_ items: [CatalogItem], shownFrom library: MediaLibrary) {
        self.items = items
        var media = MediaLibrary()
        for item in items {
            if let hash = MediaLibrary.hash(inImage: item.image), let asset = library.asset(hash) { media.add(asset) }
        }
        self.media = media
    }
}
