/// Where a motion along one axis may come to rest, in the engine's own coordinate (larger is
/// further along the items). The carousel's evenly spaced items (`TrackSnapPoints`) and the card
/// feed's stops (`CardStops`) answer these questions; the gesture-and-motion core (`Scroller`)
/// asks nothing else, so every rule about releases and springs lives in one place for both.
protocol SnapLayout {
    /// The nearest snap points at or before and at or after `position` (the same point when
    /// `position` is one); `nil` past an end.
    func snapPoints(around position: Double) -> (atOrBefore: Double?, atOrAfter: Double?)
    /// The snap point next to the snap point `snapPoint` in `direction`; `nil` past an end.
    func snapPoint(after snapPoint: Double, toward direction: Direction) -> Double?
    /// The range the content rests within; `nil` in a loop. Past it, a finger meets the rubber band.
    var bounds: ClosedRange<Double>? { get }
    /// The resistance past the ends.
    var rubberBand: RubberBand { get }
    /// The length of one page (a pitch, or the viewport): the scale of a nudge.
    var pageLength: Double { get }
}

extension SnapLayout {
    /// Whether a finger can move the content at all: a loop can; a finite layout only when its
    /// ends differ (not with no items, one item, or a strip whose items all fit).
    var isScrollable: Bool {
        guard let bounds else { return true }
        return bounds.upperBound > bounds.lowerBound
    }

    /// The snap point at or behind `position`, looking along `direction`.
    func snapPoint(atOrBehind position: Double, toward direction: Direction) -> Double? {
        let around = snapPoints(around: position)
        return direction == .forward ? around.atOrBefore : around.atOrAfter
    }

    /// The first snap point strictly ahead of `position` in `direction`.
    func snapPoint(ahead position: Double, toward direction: Direction) -> Double? {
        let around = snapPoints(around: position)
        guard let next = direction == .forward ? around.atOrAfter : around.atOrBefore else { return nil }
        return next == position ? snapPoint(after: next, toward: direction) : next
    }

    /// The snap point nearest `position`; on a tie, the later one.
    func nearestSnapPoint(to position: Double) -> Double {
        let (before, after) = snapPoints(around: position)
        guard let before else { return after ?? position }
        guard let after else { return before }
        return after - position <= position - before ? after : before
    }

    /// Whether `position` is exactly a snap point.
    func isSnapPoint(_ position: Double) -> Bool {
        snapPoints(around: position).atOrBefore == position
    }

    /// The position a finger's unresisted travel `raw` produces: itself within the bounds,
    /// rubber-banded beyond them.
    func resisted(_ raw: Double) -> Double {
        guard let (end, beyond) = overscroll(raw) else { return raw }
        return end + rubberBand.displacement(forOverscroll: beyond)
    }

    /// The inverse of `resisted`: the finger travel that would put the content at `position`, so a
    /// grab during a spring-back continues without a jump.
    func unresisted(_ position: Double) -> Double {
        guard let (end, beyond) = overscroll(position) else { return position }
        return end + rubberBand.overscroll(forDisplacement: beyond)
    }

    /// How much of the finger's speed the content keeps at finger travel `raw`.
    func resistance(at raw: Double) -> Double {
        guard let (_, beyond) = overscroll(raw) else { return 1 }
        return rubberBand.slope(atOverscroll: beyond)
    }

    /// The end `value` lies past and how far past it (signed); `nil` within the bounds or in a loop.
    private func overscroll(_ value: Double) -> (end: Double, beyond: Double)? {
        guard let bounds else { return nil }
        if value < bounds.lowerBound { return (bounds.lowerBound, value - bounds.lowerBound) }
        if value > bounds.upperBound { return (bounds.upperBound, value - bounds.upperBound) }
        return nil
    }
}
