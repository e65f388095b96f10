/// Where the card feed may come to rest: each card's start (its top at the viewport's top) and
/// end (its bottom at the viewport's bottom), and inside a card taller than the viewport, stops
/// one viewport apart, so one swipe scrolls at most one viewport within it.
///
/// The stops inside a long card are counted from where the gesture began when it began in that
/// card; from the card's start in cards after it (a forward swipe arrives at the start) and from
/// its end in cards before it (a backward swipe arrives at the end), so backward mirrors forward.
struct CardStops: SnapLayout {
    let layout: CardLayout
    /// The rest position a gesture or command began from.
    let anchor: Double
    let rubberBand: RubberBand

    var bounds: ClosedRange<Double>? { 0...max(0, layout.maximumScroll) }
    var pageLength: Double { layout.viewport }

    func snapPoints(around position: Double) -> (atOrBefore: Double?, atOrAfter: Double?) {
        // Before the first card (or with none, whose only stop is 0).
        if position < 0 { return (nil, 0) }
        guard layout.count > 0 else { return position == 0 ? (0, 0) : (0, nil) }
        let card = layout.card(at: position)
        let range = layout.restRange(of: card)
        // Between two cards' rest ranges (or past the last one): the two ends around the gap.
        guard position <= range.upperBound else {
            return (range.upperBound, card + 1 < layout.count ? layout.restRange(of: card + 1).lowerBound : nil)
        }
        let grid = grid(in: card, range: range)
        let below = grid.point(atOrBelow: position)
        let above = below == position ? below : below + grid.step
        return (max(below, range.lowerBound), min(above, range.upperBound))
    }

    func snapPoint(after snapPoint: Double, toward direction: Direction) -> Double? {
        guard layout.count > 0 else { return nil }
        let card = layout.card(at: max(0, snapPoint))
        let range = layout.restRange(of: card)
        let grid = grid(in: card, range: range)
        switch direction {
        case .forward:
            if snapPoint < range.upperBound { return min(grid.point(above: snapPoint), range.upperBound) }
            return card + 1 < layout.count ? layout.restRange(of: card + 1).lowerBound : nil
        case .backward:
            if snapPoint > range.lowerBound { return max(grid.point(below: snapPoint), range.lowerBound) }
            return card > 0 ? layout.restRange(of: card - 1).upperBound : nil
        }
    }

    /// The stops inside `card`, one viewport apart, through where they are counted from.
    private func grid(in card: Int, range: ClosedRange<Double>) -> Grid {
        let anchorCard = layout.card(at: max(0, anchor))
        let origin = card == anchorCard ? anchor : card > anchorCard ? range.lowerBound : range.upperBound
        return Grid(origin: origin, step: layout.viewport)
    }
}
