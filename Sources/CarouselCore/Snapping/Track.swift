/// The geometry of the items along the axis: where the snap points are, how a displacement from
/// one item maps to the nearest item, and where a finite strip's ends resist.
///
/// Positions are never absolute: they are a displacement from an *origin* item, so in a loop they
/// stay bounded however many laps the user makes.
struct Track: Equatable, Sendable {
    /// Distance between neighbouring snap points.
    let pitch: Double
    /// How many items there are.
    let itemCount: Int
    /// Whether stepping past the last item wraps to the first (a loop needs at least two items).
    let isLooping: Bool
    /// The resistance past the ends of a finite track.
    let rubberBand: RubberBand

    init(configuration: Configuration, itemCount: Int) {
        pitch = configuration.pitch
        self.itemCount = itemCount
        isLooping = configuration.isLooping && itemCount >= 2
        rubberBand = RubberBand(
            dimension: configuration.viewportMainLength,
            coefficient: configuration.rubberBandCoefficient
        )
    }

    /// The item `steps` items after `origin`, wrapping in a loop. Finite tracks expect a step
    /// count that stays inside the items.
    func index(from origin: Int, steps: Int) -> Int {
        guard isLooping else { return origin + steps }
        let wrapped = (origin + steps) % itemCount
        return wrapped < 0 ? wrapped + itemCount : wrapped
    }

    /// Splits a displacement from `origin` into whole steps to the nearest item and the remaining
    /// offset from that item's snap point. In a loop the offset is within half a pitch; a finite
    /// track never steps past its ends, so there the offset grows into the overscroll.
    func locate(displacement: Double, from origin: Int) -> (steps: Int, offset: Double) {
        // Halfway rounds toward higher indices whichever item the displacement is measured from,
        // so re-measuring from another origin never flips the current item at a tie.
        let nearest = (displacement / pitch + 0.5).rounded(.down)
        // Inputs are validated far below this bound; it only keeps a conversion from trapping.
        var steps = nearest.magnitude < 1e15 ? Int(nearest) : 0
        if !isLooping {
            steps = min(max(steps, -origin), itemCount - 1 - origin)
        }
        return (steps, displacement - Double(steps) * pitch)
    }

    /// The shortest step count from `origin` to `target`: either way round in a loop (forward on
    /// a tie), the plain difference on a finite track.
    func steps(from origin: Int, to target: Int) -> Int {
        let difference = target - origin
        guard isLooping else { return difference }
        var forward = difference % itemCount
        if forward < 0 { forward += itemCount }
        return forward * 2 > itemCount ? forward - itemCount : forward
    }

    /// Limits a step count from `origin` to the items that exist (a loop has no limits).
    func clamp(steps: Int, from origin: Int) -> Int {
        isLooping ? steps : min(max(steps, -origin), itemCount - 1 - origin)
    }

    /// The displacement a finger's unrestricted travel `raw` produces: itself inside a finite
    /// track, rubber-banded beyond either end, itself everywhere in a loop.
    func resisted(_ raw: Double, from origin: Int) -> Double {
        guard !isLooping else { return raw }
        let (lower, upper) = limits(from: origin)
        if raw < lower { return lower + rubberBand.displacement(forOverscroll: raw - lower) }
        if raw > upper { return upper + rubberBand.displacement(forOverscroll: raw - upper) }
        return raw
    }

    /// The inverse of `resisted`: the finger travel that would produce `displacement`.
    func unresisted(_ displacement: Double, from origin: Int) -> Double {
        guard !isLooping else { return displacement }
        let (lower, upper) = limits(from: origin)
        if displacement < lower { return lower + rubberBand.overscroll(forDisplacement: displacement - lower) }
        if displacement > upper { return upper + rubberBand.overscroll(forDisplacement: displacement - upper) }
        return displacement
    }

    /// How much of the finger's speed the content keeps at finger travel `raw`.
    func resistance(at raw: Double, from origin: Int) -> Double {
        guard !isLooping else { return 1 }
        let (lower, upper) = limits(from: origin)
        if raw < lower { return rubberBand.slope(atOverscroll: raw - lower) }
        if raw > upper { return rubberBand.slope(atOverscroll: raw - upper) }
        return 1
    }

    /// The displacements of the first and last snap points, measured from `origin`.
    private func limits(from origin: Int) -> (lower: Double, upper: Double) {
        (-Double(origin) * pitch, Double(itemCount - 1 - origin) * pitch)
    }
}
