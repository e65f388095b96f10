import PreviewWire

/// What of the server's catalogs a recording needs: only what its `configure` steps may draw on.
/// The items on screen are in the checkpoint; a `configure` takes from a catalog only with an
/// `itemCount` (the first that many), or with a `preset` or a `content` that may switch the
/// layout or the set of items (the whole catalog). A 2-second drag needs none of it.
extension ItemCatalogs {
    package func drawn(on steps: some Sequence<SessionJournal.Step>) -> ItemCatalogs {
        var needed = 0
        for step in steps {
            guard case .input(_, .configure(let patch, let items, _)) = step.event else { continue }
            switch items {
            case .count(let count)?: needed = max(needed, count)
            case .list?: break
            case nil: if patch?["preset"] != nil || patch?["content"] != nil { needed = Int.max }
            }
        }
        // A count past a catalog's length cycles the whole catalog.
        return ItemCatalogs(banners: Array(banners.prefix(needed)), cards: Array(cards.prefix(needed)))
    }
}
