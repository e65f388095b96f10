/// Where one swipe of the card feed may come to rest, measured from the rest position where the
/// gesture began: at most one card, and inside a long card at most one viewport, per swipe.
struct CardStops: Equatable, Sendable {
    /// Where a swipe toward later cards rests.
    let forward: Double
    /// Where the gesture began (or the rest nearest to where a grab caught a motion).
    let current: Double
    /// Where a swipe toward earlier cards rests.
    let backward: Double

    init(from start: Double, in layout: CardLayout) {
        let rest = layout.nearestRest(to: start)
        let range = layout.restRange(of: rest.card)
        current = rest.position
        // Inside a long card: one viewport on, or until its end meets the viewport's end...
        if rest.position < range.upperBound {
            forward = min(rest.position + layout.viewport, range.upperBound)
        } else if rest.card + 1 < layout.count {
            // ...then the next card, from its start.
            forward = layout.restRange(of: rest.card + 1).lowerBound
        } else {
            forward = rest.position
        }
        // Backward mirrors it: one viewport back to the card's start, then the previous card's end.
        if rest.position > range.lowerBound {
            backward = max(rest.position - layout.viewport, range.lowerBound)
        } else if rest.card > 0 {
            backward = layout.restRange(of: rest.card - 1).upperBound
        } else {
            backward = rest.position
        }
    }

    /// The resting position for a release at `position` with content velocity `velocity`: a flick
    /// goes one stop in its direction; anything slower goes to the stop nearest to where UIKit's
    /// deceleration would coast it (the nearer edge wins).
    func target(releasedAt position: Double, velocity: Double, configuration: Configuration) -> Double {
        if abs(velocity) >= configuration.flickVelocityThreshold, velocity != 0 {
            return velocity > 0 ? forward : backward
        }
        let projected = position + Deceleration.projectedDistance(velocity: velocity, rate: configuration.decelerationRate)
        return [backward, current, forward].min { abs($0 - projected) < abs($1 - projected) }!
    }
}
