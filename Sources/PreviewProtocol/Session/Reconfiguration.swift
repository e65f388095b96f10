import CarouselCore

/// What a `configure` turns a session into, worked out on a copy of its engine: the configuration,
/// catalog and engine the session takes together, or not at all when any of them is refused.
struct Reconfiguration {
    let config: SessionConfiguration
    let catalog: [CatalogItem]
    let engine: any PagingEngine

    /// Applies `patch` and `items` to the session's current `config`, `catalog` and `engine`; a
    /// switch of layout without items brings that layout's own from `catalogs`. Throws the
    /// `ProtocolError` or `CarouselError` that refuses it.
    init(
        patch: JSONValue?,
        items: ClientMessage.ItemsChange?,
        config: SessionConfiguration,
        catalog: [CatalogItem],
        engine: any PagingEngine,
        catalogs: ItemCatalogs
    ) throws {
        let newConfig = try patch.map { patch throws(ProtocolError) in try config.applying(patch) } ?? config
        let layout = newConfig.configuration.layout
        let newCatalog: [CatalogItem]
        switch items {
        case .list(let list)?:
            do {
                newCatalog = try CatalogItem.catalog(from: list)
            } catch {
                // The item's place is in the message's words; the member is the list.
                throw ProtocolError(error.code, error.message, ref: "configure", field: "configure.items")
            }
        case .count(let count)?: newCatalog = CatalogItem.cycled(catalogs.catalog(for: layout), count: count)
        // Switching between banners and the card feed without new items brings that layout's own items.
        case nil: newCatalog = layout == config.configuration.layout ? catalog : catalogs.catalog(for: layout)
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
        self.engine = next
    }
}
