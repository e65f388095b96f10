/// The snap points of evenly spaced items, measured from the origin item's snap point: every
/// pitch in a loop; in a finite strip every pitch from the first item up to the last snap point,
/// which ends the strip (a finite strip always measures from its first item).
struct TrackSnapPoints: SnapLayout {
    let track: Track
    let origin: Int

    var bounds: ClosedRange<Double>? {
        guard !track.isLooping else { return nil }
        let first = -Double(origin) * track.pitch
        return first...(first + track.lastSnapPoint)
    }

    var rubberBand: RubberBand { track.rubberBand }
    var pageLength: Double { track.pitch }
    private var grid: Grid { Grid(origin: 0, step: track.pitch) }

    func snapPoints(around position: Double) -> (atOrBefore: Double?, atOrAfter: Double?) {
        if let bounds {
            // The ends are snap points of their own: the last one need not be a whole pitch.
            if position < bounds.lowerBound { return (nil, bounds.lowerBound) }
            if position > bounds.upperBound { return (bounds.upperBound, nil) }
            if position == bounds.lowerBound || position == bounds.upperBound { return (position, position) }
        }
        let below = grid.point(atOrBelow: position)
        let above = below == position ? below : below + track.pitch
        guard let bounds else { return (below, above) }
        return (max(below, bounds.lowerBound), min(above, bounds.upperBound))
    }

    func snapPoint(after snapPoint: Double, toward direction: Direction) -> Double? {
        let next = direction == .forward ? grid.point(above: snapPoint) : grid.point(below: snapPoint)
        guard let bounds else { return next }
        if direction == .forward ? snapPoint >= bounds.upperBound : snapPoint <= bounds.lowerBound { return nil }
        return min(max(next, bounds.lowerBound), bounds.upperBound)
    }
}
