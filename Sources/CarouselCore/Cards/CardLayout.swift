/// Where each card of a feed sits along the axis, without storing anything per card: a card's start
/// is found by walking from an anchor card whose start is known. The feed moves the anchor with the
/// viewport, so a step's lookups walk one or two cards, and a feed of a million cards costs what a
/// feed of ten does (a jump to a far card walks once; a data change sums every length once).
///
/// Walks are exact in both directions, so a card's start is the same however it was reached: every
/// length is rounded to a multiple of 1/1024 pt (far below what a screen shows) and capped at
/// `Configuration.maximumLength`, and Double adds and subtracts such multiples without rounding
/// while the sums stay below 2^43 pt (a million cards of the longest length reach 2^34).
struct CardLayout: Sendable {
    /// The unit every length is a whole multiple of.
    static let quantum = 1.0 / 1024

    /// The viewport's length along the axis.
    let viewport: Double
    /// How many cards there are.
    let count: Int
    /// The farthest the feed scrolls: the last card's end meets the viewport's end.
    let maximumScroll: Double
    private let spacing: Double
    /// The cards, shared with the feed (never copied).
    private let items: [CarouselItem]
    /// A card whose start is known; lookups walk from here.
    private var anchor = 0
    private var anchorStart = 0.0

    init(items: [CarouselItem], viewport: Double, spacing: Double) {
        self.viewport = Self.rounded(viewport)
        self.spacing = Self.rounded(spacing)
        self.items = items
        count = items.count
        var end = 0.0
        for item in items { end += Self.length(of: item, viewport: self.viewport) + self.spacing }
        maximumScroll = items.isEmpty ? 0 : end - self.spacing - self.viewport
    }

    /// Card `index`'s length: its own, raised to the viewport's.
    func length(of index: Int) -> Double {
        Self.length(of: items[index], viewport: viewport)
    }

    /// Where card `index` starts.
    func start(of index: Int) -> Double {
        var position = anchorStart
        if index >= anchor {
            for card in anchor..<index { position += length(of: card) + spacing }
        } else {
            for card in index..<anchor { position -= length(of: card) + spacing }
        }
        return position
    }

    /// Makes card `index` the anchor, so lookups near it are cheap.
    mutating func anchor(at index: Int) {
        guard count > 0 else { return }
        anchorStart = start(of: index)
        anchor = index
    }

    /// The scroll positions at which the viewport rests inside card `index`: from its start at the
    /// viewport's start to its end at the viewport's end (one point for a viewport-long card).
    func restRange(of index: Int) -> ClosedRange<Double> {
        let start = start(of: index)
        return start...(start + length(of: index) - viewport)
    }

    /// The card at scroll position `offset`: the last one starting at or before it (the first card
    /// for an offset before the content).
    func card(at offset: Double) -> Int {
        cardAndStart(at: offset).card
    }

    /// The card nearest to `offset`: the one it falls in, or in a gap between two cards the nearer
    /// one (the later on a tie).
    func card(nearest offset: Double) -> Int {
        let (card, start) = cardAndStart(at: offset)
        let end = start + length(of: card)
        guard offset > end, card + 1 < count else { return card }
        let nextStart = end + spacing
        return nextStart - offset <= offset - end ? card + 1 : card
    }

    /// The cards that overlap the viewport at scroll position `offset` (`nil` without cards, or
    /// when the viewport lies wholly in the spacing between two).
    func visibleCards(at offset: Double) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        var (first, firstStart) = cardAndStart(at: offset)
        // A card that ends exactly where the viewport starts is no longer visible.
        if firstStart + length(of: first) <= offset {
            guard first + 1 < count else { return nil }
            first += 1
            firstStart += length(of: first - 1) + spacing
        }
        // A card that starts exactly where the viewport ends is not visible yet.
        guard firstStart < offset + viewport else { return nil }
        var (last, lastStart) = cardAndStart(at: offset + viewport)
        if last > first, lastStart >= offset + viewport { last -= 1 }
        return first...max(first, last)
    }

    /// The rest position nearest to `offset`, and its card.
    func nearestRest(to offset: Double) -> (card: Int, position: Double) {
        let (index, start) = cardAndStart(at: offset)
        var best = (card: index, position: Self.clamp(offset, start...(start + length(of: index) - viewport)))
        if index + 1 < count {
            let next = start + length(of: index) + spacing
            if abs(next - offset) < abs(best.position - offset) { best = (index + 1, next) }
        }
        return best
    }

    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }

    private func cardAndStart(at offset: Double) -> (card: Int, start: Double) {
        guard count > 0 else { return (0, 0) }
        var card = anchor
        var start = anchorStart
        while card > 0, start > offset {
            card -= 1
            start -= length(of: card) + spacing
        }
        while card + 1 < count {
            let next = start + length(of: card) + spacing
            guard next <= offset else { break }
            card += 1
            start = next
        }
        return (card, start)
    }

    private static func length(of item: CarouselItem, viewport: Double) -> Double {
        guard let length = item.length, length.isFinite else { return viewport }
        return max(viewport, rounded(min(length, Configuration.maximumLength)))
    }

    private static func rounded(_ value: Double) -> Double {
        (value / quantum).rounded() * quantum
    }
}

extension CardLayout: Equatable {
    /// Layouts of the same cards are equal wherever their anchors are: the anchor only decides how
    /// far a lookup walks, never what it finds.
    static func == (lhs: CardLayout, rhs: CardLayout) -> Bool {
        lhs.viewport == rhs.viewport && lhs.spacing == rhs.spacing && lhs.items == rhs.items
    }
}
