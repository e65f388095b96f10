/// Where a released finger sends the content: the snap point behind or ahead of where the content
/// *is*, never further, however far the drag carried it.
///
/// A fast release (at least the flick threshold) goes to the snap point ahead in its direction;
/// a slower one to whichever of the two is nearer to where UIKit's deceleration would coast it.
/// One exception keeps quick successive flicks: a flick the same way as an animation the finger
/// caught goes one snap point beyond that animation's target, as on iOS, in Swiper and in Compose.
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
        let isFlick = velocity != 0 && abs(velocity) >= configuration.flickVelocityThreshold
        guard isFlick else {
            let projected =
                position + Deceleration.projectedDistance(velocity: velocity, rate: configuration.decelerationRate)
            guard let behind else { return ahead ?? position }
            guard let ahead else { return behind }
            return abs(ahead - projected) <= abs(projected - behind) ? ahead : behind
        }
        // Strictly the next snap point: a flick released exactly on one still moves on, so it never
        // springs out and back to where it already is.
        var target = ahead ?? behind ?? position
        if let caught, caught.direction == direction {
            let beyond = layout.snapPoint(after: caught.target, toward: direction) ?? caught.target
            if direction.isFurther(beyond, than: target) { target = beyond }
        }
        return target
    }
}
