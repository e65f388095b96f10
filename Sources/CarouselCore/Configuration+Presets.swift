extension Configuration {
    /// The names of the presets, in the order a picker shows them.
    public static let presetNames = ["banner", "paged", "coverflow", "strip", "cards"]

    /// Looks up a preset by name; `nil` for an unknown name.
    public static func preset(named name: String) -> Configuration? {
        switch name {
        case "banner": .banner
        case "paged": .paged
        case "coverflow": .coverflow
        case "strip": .strip
        case "cards": .cards
        default: nil
        }
    }

    /// The endless banner strip: three reused views, the centred banner inset 16 pt with its neighbours' ears showing.
    public static let banner = Configuration()

    /// The paged loop: full-width pages, first after last.
    public static let paged = Configuration(inset: 0, spacing: 0)

    /// The SwiftUI-style carousel: a loop whose side items shrink to 0.8, advancing by itself every 3 s.
    public static let coverflow = Configuration(
        inset: 20,
        spacing: 10,
        sideScale: 0.8,
        isAutoScrollEnabled: true,
        autoScrollInterval: .milliseconds(3000)
    )

    /// The multi-item strip: a finite pager whose neighbours peek in and whose ends rubber-band;
    /// the page distance is the item width plus the gap, not the viewport width. Unlike the banners
    /// (one item per flick, as their seeds ask), a hard flick coasts up to three items, as on an
    /// app store's shelf, so its deceleration rate decides how far a flick goes.
    public static let strip = Configuration(isLooping: false, inset: 16, spacing: 8, maxItemsPerFlick: 3)
}

extension Configuration {
    /// The card feed: a vertical feed of cards of different heights, one card at a time; a card
    /// taller than the viewport scrolls within itself before the feed pages on. Its snap points
    /// are stops (a card's top or bottom, a viewport within a long card), so `maxItemsPerFlick`
    /// counts stops; it stays 1, one card or one viewport per swipe, as its seed asks.
    public static let cards = Configuration(
        axis: .vertical,
        layout: .cards,
        isLooping: false,
        viewportWidth: 375,
        viewportHeight: 560,
        inset: 0,
        spacing: 0
    )
}
