/// Where a released finger sends the content: the snap point nearest to where UIKit's deceleration
/// (`decelerationRate`) would coast it, but at most `maxItemsPerFlick` snap points on from the snap
/// point behind where the content *is*, however far the drag carried it.
///
/// The reach is counted from the snap point at or behind the release position, looking along the
/// release, not from where the gesture began: what the finger dragged is the finger's, and a flick
/// only adds its coast. So a reach of 1 is the snap point behind or ahead, never further (each
/// release the same as before the reach existed), and the rate changes a flick's landing only when
/// the reach lets it coast past the next snap point. An end of a finite layout stops the count.
///
/// A fast release (at least the flick threshold) goes at least to the snap point ahead in its
/// direction, even when its projection falls short of it. One exception keeps quick successive
/// flicks: a flick the same way as an animation the finger caught goes at least one snap point
/// beyond that animation's target, as on iOS, in Swiper and in Compose.
enum ReleaseRule {
    /// The snap point to rest on.
    /// - Parameters:
    ///   - position: where the content is at release.
    ///   - velocity: the content's release velocity (pt/s, positive toward later items).
    ///   - caught: the animation the finger caught at its grab, if any.
    static func target(
        releasedAt position: Double,
        velocity: Double,
        caught: Drag.Caught?,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Double {
        let direction = Direction(of: velocity) ?? .forward
        let behind = layout.snapPoint(atOrBehind: position, toward: direction)
        let ahead = layout.snapPoint(ahead: position, toward: direction)
        let projected =
            position + Deceleration.projectedDistance(velocity: velocity, rate: configuration.decelerationRate)
        let isFlick = velocity != 0 && abs(velocity) >= configuration.flickVelocityThreshold
        var target: Double
        if isFlick {
            // Strictly the next snap point at least: a flick released exactly on one still moves
            // on, so it never springs out and back to where it already is.
            target = ahead ?? behind ?? position
        } else if let behind, let ahead {
            target = abs(ahead - projected) <= abs(projected - behind) ? ahead : behind
        } else {
            target = ahead ?? behind ?? position
        }
        // `ahead` is the reach's first snap point; the rest of the reach lies beyond it.
        if let ahead, target == ahead {
            target = nearest(
                to: projected,
                from: ahead,
                steps: configuration.maxItemsPerFlick - 1,
                toward: direction,
                layout: layout
            )
        }
        if let caught, caught.direction == direction, isFlick {
            let beyond = layout.snapPoint(after: caught.target, toward: direction) ?? caught.target
            if direction.isFurther(beyond, than: target) { target = beyond }
        }
        return target
    }

    /// From the snap point `start`, on along `direction` while the next snap point is at least as
    /// near `projected` (a tie goes on, as between behind and ahead), at most `steps` times. The
    /// distance to `projected` falls and then rises along the snap points, so the first rise ends
    /// the walk at the nearest one; an end of the layout ends it too.
    private static func nearest(
        to projected: Double,
        from start: Double,
        steps: Int,
        toward direction: Direction,
        layout: some SnapLayout
    ) -> Double {
        var current = start
        for _ in 0..<max(0, steps) {
            guard let next = layout.snapPoint(after: current, toward: direction),
                abs(next - projected) <= abs(projected - current)
            else { break }
            current = next
        }
        return current
    }
}
