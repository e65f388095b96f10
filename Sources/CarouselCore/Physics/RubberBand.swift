/// The resistance past a finite strip's ends: a finger that drags `x` points beyond the edge
/// moves the content `b = (1 - 1 / (x c / d + 1)) d`, which approaches but never reaches `d`.
struct RubberBand: Equatable, Sendable {
    /// The viewport's length along the axis (`d`).
    let dimension: Double
    /// The stiffness `c`; 0.55 is UIKit's feel.
    let coefficient: Double

    /// The farthest a finger is taken to have dragged past an edge, in points.
    static let maximumOverscroll = 1e12

    /// How far the content moves for `overscroll` points dragged past the edge (sign preserved).
    func displacement(forOverscroll overscroll: Double) -> Double {
        let distance = abs(overscroll)
        let banded = (1 - 1 / (distance * coefficient / dimension + 1)) * dimension
        return overscroll < 0 ? -banded : banded
    }

    /// The inverse: how far a finger must have dragged to move the content `displacement` points,
    /// so a grab during a spring-back continues without a jump.
    func overscroll(forDisplacement displacement: Double) -> Double {
        let banded = min(abs(displacement), dimension * (1 - 1e-12))
        let distance = dimension * banded / (coefficient * (dimension - banded))
        // A hair-thin coefficient makes the band all but rigid: cap the travel it would take.
        let capped = distance.isFinite ? min(distance, Self.maximumOverscroll) : Self.maximumOverscroll
        return displacement < 0 ? -capped : capped
    }

    /// d(displacement)/d(overscroll) at `overscroll`: how much of the finger's speed the content keeps.
    func slope(atOverscroll overscroll: Double) -> Double {
        let denominator = abs(overscroll) * coefficient / dimension + 1
        return coefficient / (denominator * denominator)
    }
}
