/// UIKit's scroll-view deceleration: every millisecond the velocity keeps the fraction `rate` of
/// itself, so a fling of `v0` pt/s travels `v0 / 1000 * (d + d^2 + ...)` = `v0 / 1000 * d / (1 - d)`
/// points before it stops. This is the projection Apple gives for its scroll views (WWDC 2018,
/// "Designing Fluid Interfaces"); the continuous `-v0 / (1000 ln d)` it replaced coasted half a
/// millisecond of travel further.
enum Deceleration {
    /// The distance a fling of `velocity` (pt/s) travels before coming to rest. Divided by 1000
    /// first, so the largest finite velocity still projects a finite distance.
    static func projectedDistance(velocity: Double, rate: Double) -> Double {
        velocity / 1000 * rate / (1 - rate)
    }
}
