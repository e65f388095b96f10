/// Where a swipe comes to rest: one item per swipe at most, chosen by the release.
///
/// A fast release (at least the flick threshold) goes to the next snap point in its direction.
/// A slow one goes to the snap point nearest to where UIKit's deceleration would coast it. Either
/// way the result is at most one item from the item where the gesture began.
enum ReleaseRule {
    /// The target, in steps from the gesture's start item.
    /// - Parameters:
    ///   - displacement: the position at release, measured from the start item's snap point.
    ///   - velocity: the release velocity of the content (pt/s, positive toward higher indices).
    static func steps(
        displacement: Double,
        velocity: Double,
        pitch: Double,
        configuration: Configuration
    ) -> Int {
        let pitches = displacement / pitch
        let target: Double
        if abs(velocity) >= configuration.flickVelocityThreshold, velocity != 0 {
            // Strictly the next snap point: a release exactly on one still moves on, so a
            // flick never springs out and back to where it already is.
            target = velocity > 0 ? pitches.rounded(.down) + 1 : pitches.rounded(.up) - 1
        } else {
            let coast = Deceleration.projectedDistance(velocity: velocity, rate: configuration.decelerationRate)
            target = ((displacement + coast) / pitch).rounded()
        }
        return Int(min(max(target, -1), 1))
    }
}
