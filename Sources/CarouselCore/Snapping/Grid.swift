/// Points spaced `step` apart through `origin`, found exactly: a division picks the candidate and
/// the products it will be compared with confirm it, so a position that is a grid point is always
/// found to be one, however the division rounds.
struct Grid: Equatable, Sendable {
    let origin: Double
    let step: Double

    /// How many steps from `origin` the largest grid point at or below `value` lies (a whole number).
    func count(atOrBelow value: Double) -> Double {
        var count = ((value - origin) / step).rounded(.down)
        guard count.isFinite else { return 0 }
        if origin + (count + 1) * step <= value { count += 1 }
        if origin + count * step > value { count -= 1 }
        return count
    }

    /// The largest grid point at or below `value`.
    func point(atOrBelow value: Double) -> Double {
        origin + count(atOrBelow: value) * step
    }

    /// The smallest grid point strictly above `value`.
    func point(above value: Double) -> Double {
        point(atOrBelow: value) + step
    }

    /// The largest grid point strictly below `value`.
    func point(below value: Double) -> Double {
        let atOrBelow = point(atOrBelow: value)
        return atOrBelow < value ? atOrBelow : atOrBelow - step
    }
}
