/// Where each card of a feed sits along the axis, computed once per data or configuration change.
/// Cards are never shorter than the viewport; lookups are binary searches, so a frame's cost does
/// not grow with the number of cards.
struct CardLayout: Equatable, Sendable {
    /// The viewport's length along the axis.
    let viewport: Double
    /// Where each card starts.
    private(set) var starts: [Double] = []
    /// Each card's length (at least the viewport's).
    private(set) var lengths: [Double] = []

    init(items: [CarouselItem], viewport: Double, spacing: Double) {
        self.viewport = viewport
        starts.reserveCapacity(items.count)
        lengths.reserveCapacity(items.count)
        var position = 0.0
        for item in items {
            let length = max(viewport, item.length ?? viewport)
            starts.append(position)
            lengths.append(length)
            position += length + spacing
        }
    }

    var count: Int { starts.count }

    /// The farthest the feed scrolls: the last card's end meets the viewport's end.
    var maximumScroll: Double {
        guard let start = starts.last, let length = lengths.last else { return 0 }
        return start + length - viewport
    }

    /// The scroll positions at which the viewport rests inside card `index`: from its start at the
    /// viewport's start to its end at the viewport's end (one point for a viewport-long card).
    func restRange(of index: Int) -> ClosedRange<Double> {
        starts[index]...(starts[index] + lengths[index] - viewport)
    }

    /// The card at scroll position `offset`: the last one starting at or before it.
    func card(at offset: Double) -> Int {
        var low = 0
        var high = starts.count - 1
        guard high >= 0, offset >= starts[0] else { return 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The cards that overlap the viewport at scroll position `offset` (`nil` without cards).
    func visibleCards(at offset: Double) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        var first = card(at: offset)
        if starts[first] + lengths[first] <= offset, first + 1 < count { first += 1 }
        var last = card(at: offset + viewport)
        // A card that starts exactly where the viewport ends is not visible yet.
        if last > first, starts[last] >= offset + viewport { last -= 1 }
        return first...max(first, last)
    }

    /// The rest position nearest to `offset`, and its card.
    func nearestRest(to offset: Double) -> (card: Int, position: Double) {
        let index = card(at: offset)
        var best = (card: index, position: Self.clamp(offset, restRange(of: index)))
        if index + 1 < count {
            let next = starts[index + 1]
            if abs(next - offset) < abs(best.position - offset) { best = (index + 1, next) }
        }
        return best
    }

    static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
