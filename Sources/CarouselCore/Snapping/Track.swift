/// The geometry of evenly spaced items along the axis: where the snap points are, and how a
/// displacement from one item maps to the nearest item.
///
/// In a loop, positions are a displacement from an *origin* item, never absolute, so they stay
/// bounded however many laps the user makes. A finite strip measures from its first item.
struct Track: Equatable, Sendable {
    /// Distance between neighbouring snap points.
    let pitch: Double
    /// How many items there are.
    let itemCount: Int
    /// Whether stepping past the last item wraps to the first (a loop needs at least two items).
    let isLooping: Bool
    /// A finite strip's last snap point, from its first: where the content's end meets the
    /// viewport's end less the inset, or the last item's own snap point if that comes first. 0 when
    /// every item fits (or there are fewer than two): one snap point, nothing to page.
    let lastSnapPoint: Double
    /// The resistance past the ends of a finite track.
    let rubberBand: RubberBand

    init(configuration: Configuration, itemCount: Int) {
        pitch = configuration.pitch
        self.itemCount = itemCount
        isLooping = configuration.isLooping && itemCount >= 2
        let lastItemSnapPoint = Double(max(0, itemCount - 1)) * pitch
        let contentEnd =
            lastItemSnapPoint + configuration.resolvedItemLength + 2 * configuration.inset
            - configuration.viewportMainLength
        lastSnapPoint = max(0, min(lastItemSnapPoint, contentEnd))
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

    /// `value` wrapped into `0..<count`.
    static func wrapped(_ value: Int, count: Int) -> Int {
        let wrapped = value % count
        return wrapped < 0 ? wrapped + count : wrapped
    }

    /// Splits a displacement from `origin` into whole steps to the nearest item and the remaining
    /// offset from that item's snap point. In a loop the offset is within half a pitch; a finite
    /// track never steps past its ends, so there the offset grows into the overscroll.
    func locate(displacement: Double, from origin: Int) -> (steps: Int, offset: Double) {
        // Halfway rounds toward higher indices whichever item the displacement is measured from,
        // so re-measuring from another origin never flips the current item at a tie.
        var steps = Self.wholeSteps((displacement / pitch + 0.5).rounded(.down))
        if !isLooping {
            steps = min(max(steps, -origin), max(0, itemCount - 1 - origin))
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

    /// Where a finite strip rests to show item `index`: its snap point, or the last snap point for
    /// the items that are all on screen there.
    func restPosition(of index: Int) -> Double {
        isLooping ? 0 : min(Double(index) * pitch, lastSnapPoint)
    }

    /// The whole number of pitches `value` counts, clamped far beyond any reachable position so the
    /// conversion never traps.
    static func wholeSteps(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e15), 1e15))
    }
}
