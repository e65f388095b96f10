import PreviewHandover
import PreviewMedia
import PreviewWire

extension PreviewSettings {
    /// The items a session of this file shows, as a handover carries them: its own items where the
    /// content is `own`, else the bundled set the content names, cycled to the item count.
    public func handoverItems(catalogs: ItemCatalogs = .bundled) -> HandoverItems {
        let content = config.configuration.content
        let set =
            content == .own
            ? items ?? [] : catalogs.catalog(for: content) ?? catalogs.catalog(for: config.configuration.layout)
        let shown = set.isEmpty ? [] : CatalogItem.cycled(set, count: itemCount)
        return HandoverItems(shown, uploadFormats: images.formats)
    }
}
