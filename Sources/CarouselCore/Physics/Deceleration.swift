import RealModule

/// UIKit's scroll-view deceleration in its continuous form: velocity decays as `v0 * d^(1000 t)`
/// for a rate `d` per millisecond, so a fling coasts `-v0 / (1000 ln d)` points before it stops.
enum Deceleration {
    /// The distance a fling of `velocity` (pt/s) travels before coming to rest.
    static func projectedDistance(velocity: Double, rate: Double) -> Double {
        -velocity / (1000 * Double.log(rate))
    }
}
