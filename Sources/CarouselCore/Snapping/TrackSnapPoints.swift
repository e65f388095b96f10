/// The snap points of evenly spaced items, measured from the origin item's snap point: the start
/// of every page (every item when a page is one item, see `ItemGroups`); in a finite strip only
/// those between its first and last snap points, which end the strip and need not be page starts
/// (a finite strip always measures from its first item).
///
/// Every query finds the item at or below a position on the item grid, then the page start from
/// that item's absolute index: O(1), no allocation, however many items or laps.
struct TrackSnapPoints: SnapLayout {
    let track: Track
    let origin: Int

    var bounds: ClosedRange<Double>? {
        guard !track.isLooping else { return nil }
        let first = -Double(origin) * track.pitch
        // Added only when not 0, so a strip that starts on its first item keeps its bound bit for bit.
        let lower = track.firstSnapPoint == 0 ? first : first + track.firstSnapPoint
        return lower...(first + track.lastSnapPoint)
    }

    var rubberBand: RubberBand { track.rubberBand }
    var pageLength: Double { Double(track.groups.size) * track.pitch }
    private var grid: Grid { Grid(origin: 0, step: track.pitch) }

    func snapPoints(around position: Double) -> (atOrBefore: Double?, atOrAfter: Double?) {
        if let bounds {
            // The ends are snap points of their own: they need not be a page's start.
            if position < bounds.lowerBound { return (nil, bounds.lowerBound) }
            if position > bounds.upperBound { return (bounds.upperBound, nil) }
            if position == bounds.lowerBound || position == bounds.upperBound { return (position, position) }
        }
        let below: Double
        let above: Double
        if track.groups.size == 1 {
            // One item a page: the item grid's own arithmetic, which every recording was made with.
            below = grid.point(atOrBelow: position)
            above = below == position ? below : below + track.pitch
        } else {
            let start = pageStart(atOrBelow: position)
            below = point(ofItem: start)
            above = below == position ? below : point(ofItem: track.groups.start(above: start))
        }
        guard let bounds else { return (below, above) }
        return (max(below, bounds.lowerBound), min(above, bounds.upperBound))
    }

    func snapPoint(after snapPoint: Double, toward direction: Direction) -> Double? {
        let next: Double
        if track.groups.size == 1 {
            next = direction == .forward ? grid.point(above: snapPoint) : grid.point(below: snapPoint)
        } else {
            let start = pageStart(atOrBelow: snapPoint)
            let atOrBelow = point(ofItem: start)
            if direction == .forward {
                next = point(ofItem: track.groups.start(above: start))
            } else {
                next = atOrBelow < snapPoint ? atOrBelow : point(ofItem: track.groups.start(below: start))
            }
        }
        guard let bounds else { return next }
        if direction == .forward ? snapPoint >= bounds.upperBound : snapPoint <= bounds.lowerBound { return nil }
        return min(max(next, bounds.lowerBound), bounds.upperBound)
    }

    /// The page whose snap point is nearest `position`, counted from 0 within a lap (or the strip),
    /// and how many pages there are: a finite strip's first and last snap points are its first
    /// and last pages even where they are not a page's start.
    func page(at position: Double) -> (index: Int, count: Int) {
        let count = track.groups.count(itemCount: track.itemCount)
        let nearest = nearestSnapPoint(to: position)
        if let bounds {
            if nearest >= bounds.upperBound { return (max(0, count - 1), count) }
            if nearest <= bounds.lowerBound { return (0, count) }
        }
        let start = pageStart(atOrBelow: nearest)
        return (min(track.groups.number(ofGroupStartingAt: start), max(0, count - 1)), count)
    }

    /// The absolute (unwrapped) index of the first item of the page at or below `position`.
    private func pageStart(atOrBelow position: Double) -> Int {
        let item = origin + Track.wholeSteps(grid.count(atOrBelow: position))
        return track.groups.start(atOrBelow: item)
    }

    /// The position of the unwrapped item `index`'s snap point, from the origin item's.
    private func point(ofItem index: Int) -> Double {
        0 + Double(index - origin) * track.pitch
    }
}
