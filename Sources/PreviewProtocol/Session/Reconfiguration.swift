import CarouselCore
import PreviewWire

/// What a `configure` turns a session into, worked out on a copy of its engine: the configuration,
/// catalog and engine the session takes together, or not at all when any of them is refused.
struct Reconfiguration {
    let config: SessionConfiguration
    let catalog: [CatalogItem]
    /// The session's own items after the change: a viewer's list replaces them, nothing else does.
    let ownItems: [CatalogItem]
    let engine: Engine
    /// The layout changed, so `engine` is a new one, not the session's reconfigured.
    let madeNewEngine: Bool

    /// Applies `patch` and `items` to the session's current `config`, `catalog` and `engine`; a
    /// switch of layout without items brings that layout's own from `catalogs`. Throws the
    /// `ProtocolError` or `CarouselError` that refuses it.
    init(
        patch: JSONValue?,
        items: ClientMessage.ItemsChange?,
        config: SessionConfiguration,
        catalog: [CatalogItem],
        ownItems: [CatalogItem],
        engine: Engine,
        catalogs: ItemCatalogs
    ) throws {
        var newConfig = try patch.map { patch throws(ProtocolError) in try config.applying(patch) } ?? config
        let layout = newConfig.configuration.layout
        let content = newConfig.configuration.content
        // The items `content` names, or the session's own for `own` (those shown, before any were kept).
        let contentCatalog = catalogs.catalog(for: content) ?? (ownItems.isEmpty ? catalog : ownItems)
        var newOwnItems = ownItems
        let newCatalog: [CatalogItem]
        switch items {
        case .list(let list)?:
            do {
                newCatalog = try CatalogItem.catalog(from: list)
            } catch {
                // An item's image names its own place (`items[3].image`, what every viewer would fetch);
                // for the rest the item's place is in the message's words and the member is the list.
                throw ProtocolError(
                    error.code,
                    error.message,
                    ref: "configure",
                    field: error.field ?? "configure.items"
                )
            }
            // A viewer's items are the session's own from now on.
            newConfig.configuration.content = .own
            newOwnItems = newCatalog
        case .count(let count)?: newCatalog = CatalogItem.cycled(contentCatalog, count: count)
        // Switching between banners and the card feed without new items brings the new content's items.
        case nil where layout != config.configuration.layout: newCatalog = contentCatalog
        // Back to the session's own: all of them, as they were kept.
        case nil where content != config.configuration.content && content == .own && !ownItems.isEmpty:
            newCatalog = ownItems
        // Another bundled set, as many of its items as the carousel showed (all of them if none).
        case nil where content != config.configuration.content:
            newCatalog = catalog.isEmpty ? contentCatalog : CatalogItem.cycled(contentCatalog, count: catalog.count)
        case nil: newCatalog = catalog
        }
        var next = engine
        if layout == engine.configuration.layout {
            try next.handle(.configure(newConfig.configuration))
            try next.handle(.replaceItems(newCatalog.map(\.engineItem)))
        } else {
            // Another layout is another engine: it starts on the item the old one showed, if kept.
            next = try makePagingEngine(configuration: newConfig.configuration, items: newCatalog.map(\.engineItem))
            let currentID = catalog.indices.contains(engine.currentIndex) ? catalog[engine.currentIndex].id : nil
            if let kept = newCatalog.firstIndex(where: { $0.id == currentID }), kept != 0 {
                try next.handle(.command(.go(to: kept, animated: false)))
            }
            _ = next.takeFrame()
        }
        self.config = newConfig
        self.catalog = newCatalog
        self.ownItems = newOwnItems
        self.engine = next
        madeNewEngine = layout != engine.configuration.layout
    }
}
