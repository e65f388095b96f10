import CarouselCore

/// The card feed's sample data: 60 cards of two kinds whose heights vary the way a real feed's do
/// (some shorter than the viewport and raised to it, some one to four viewports tall), made
/// deterministically so every session shows the same feed.
public enum BundledCards {
    public static let all: [CatalogItem] = (0..<60).map(card)

    private static let topics = [
        "Morning market", "Trail notes", "Kitchen log", "Night train", "Reading list", "Garden diary",
        "City walk", "Workshop", "Harbour", "Rooftops",
    ]
    private static let sentences = [
        "The light came in low over the stalls and everyone seemed to be talking at once.",
        "We took the long way round, past the old mill and the river that never quite freezes.",
        "Three onions, a spoon of miso, and patience: the rest of the recipe is mostly waiting.",
        "Somewhere after midnight the carriage went quiet and the windows filled with stars.",
        "A short book about long walks, and a long book about a very short summer.",
        "The tomatoes finally turned, all of them on the same afternoon, as they always do.",
        "Every corner had a bakery or a bicycle, and most of them had both.",
        "Sawdust, coffee, and the sound of a plane finding the grain of the wood.",
        "Boats knocking gently against the pier, ropes creaking, gulls arguing overhead.",
        "From up here the streets look like a drawing someone forgot to finish.",
    ]
    /// Heights in points against the feed's 560 pt viewport: under it, about it, and 1-4 times it.
    private static let heights: [Double] = [420, 560, 900, 300, 1400, 560, 2200, 700, 1120, 480, 1680, 560]

    private static func card(_ index: Int) -> CatalogItem {
        let isPhoto = index % 3 != 1
        let height = heights[index % heights.count]
        // Enough text to fill the card: about 62 pt per sentence below a photo, 75 pt in a text card.
        let room = max(120, isPhoto ? height - 320 : height - 90)
        let count = max(1, Int(room / (isPhoto ? 62 : 75)))
        let body = (0..<count).map { sentences[(index + $0) % sentences.count] }.joined(separator: " ")
        return CatalogItem(
            id: "card-\(index + 1)",
            title: "\(topics[index % topics.count]) #\(index + 1)",
            subtitle: body,
            image: isPhoto ? BundledBanners.all[index % BundledBanners.all.count].image : "",
            height: height,
            kind: isPhoto ? "photo" : "text"
        )
    }
}
