import CarouselCore

/// The items a new session starts with, one catalog per layout. The hub is given them, so the
/// server's owner (the command's `--items`, a test, a replay) decides what sessions show.
public struct ItemCatalogs: Equatable, Sendable {
    /// What banner-style sessions (every layout but the card feed) start with.
    public var banners: [CatalogItem]
    /// What card-feed sessions start with.
    public var cards: [CatalogItem]

    /// The bundled banners and cards.
    public static let bundled = ItemCatalogs(banners: BundledBanners.all, cards: BundledCards.all)

    public init(banners: [CatalogItem], cards: [CatalogItem]) {
        self.banners = banners
        self.cards = cards
    }

    /// The catalog a session of `layout` starts with.
    public func catalog(for layout: Configuration.Layout) -> [CatalogItem] {
        layout == .cards ? cards : banners
    }

    /// The items `content` names: a bundled set (the banners and cards as this server was given
    /// them), or nil for `own`, the items a viewer gave the session, which only that session holds.
    public func catalog(for content: Configuration.ItemContent) -> [CatalogItem]? {
        switch content {
        case .banners: banners
        case .arabic: BundledBanners.arabic
        case .products: BundledProducts.all
        case .cards: cards
        case .own: nil
        }
    }

    /// These catalogs with `items` as the one of `layout`.
    public func with(_ items: [CatalogItem], for layout: Configuration.Layout) -> ItemCatalogs {
        layout == .cards ? ItemCatalogs(banners: banners, cards: items) : ItemCatalogs(banners: items, cards: cards)
    }
}
