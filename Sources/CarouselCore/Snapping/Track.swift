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
    /// A finite strip's first snap point, from its first item's: 0 (the first item on the snap
    /// line) unless the layout aligns to the end, which rests the first items without blank space
    /// before them (the content's start at the inset), or every item fits.
    let firstSnapPoint: Double
    /// A finite strip's last snap point, from its first item's. Aligned to the start: where the
    /// content's end meets the viewport's end less the inset, or the last item's own snap point if
    /// that comes first. Aligned to the end: the last page's own snap point (its block ends at the
    /// end inset). Centred: the last group's start, untrimmed. Equal to `firstSnapPoint` when every
    /// item fits (or there are fewer than two): one snap point, nothing to page.
    let lastSnapPoint: Double
    /// Which items start a page.
    let groups: ItemGroups
    /// The resistance past the ends of a finite track.
    let rubberBand: RubberBand

    init(configuration: Configuration, itemCount: Int) {
        pitch = configuration.pitch
        self.itemCount = itemCount
        isLooping = configuration.isLooping && itemCount >= 2
        groups = ItemGroups(size: configuration.itemsPerPage, itemCount: itemCount, isLooping: isLooping)
        (firstSnapPoint, lastSnapPoint) = Self.ends(configuration: configuration, itemCount: itemCount, groups: groups)
        rubberBand = RubberBand(
            dimension: configuration.viewportMainLength,
            coefficient: configuration.rubberBandCoefficient
        )
    }

    /// A finite strip's first and last snap points (see `firstSnapPoint` and `lastSnapPoint`).
    private static func ends(
        configuration: Configuration,
        itemCount: Int,
        groups: ItemGroups
    ) -> (first: Double, last: Double) {
        guard itemCount > 0 else { return (0, 0) }
        let pitch = configuration.pitch
        let lastItem = itemCount - 1
        let lastItemSnapPoint = Double(lastItem) * pitch
        let itemLength = configuration.resolvedItemLength
        let inset = configuration.inset
        let viewport = configuration.viewportMainLength
        switch configuration.alignment {
        case .start:
            let contentEnd = lastItemSnapPoint + itemLength + 2 * inset - viewport
            let last = max(0, min(lastItemSnapPoint, contentEnd))
            return (0, last)
        case .end:
            // The mirror of start: the last page's block ends at the end inset (its own snap point,
            // item n - k's), and the first rest puts the content's start at the start inset, or
            // the first item's own snap point if that comes first.
            let last = Double(itemCount - groups.size) * pitch
            let contentStart = configuration.freeLength
            return (min(last, max(0, contentStart)), last)
        case .center:
            let content = lastItemSnapPoint + itemLength
            if content <= viewport - 2 * inset, lastItem > 0 || groups.size > 1 {
                // Every item fits: one rest, the content centred in the viewport.
                let centred = configuration.snapLine - (viewport - content) / 2
                return (centred, centred)
            }
            return (0, Double(groups.start(atOrBelow: lastItem)) * pitch)
        }
    }

    /// The item `steps` items after `origin`, wrapping in a loop. Finite tracks expect a step
    /// count that stays inside the items.
    func index(from origin: Int, steps: Int) -> Int {
        guard isLooping else { return origin + steps }
        let wrapped = (origin + steps) % itemCount
        return wrapped < 0 ? wrapped + itemCount : wrapped
    }

    /// A loop's item at `unwrapped` steps from item 0 (an unwrapped index, 64 bits everywhere).
    func wrapped(_ unwrapped: Int64) -> Int {
        let wrapped = unwrapped % Int64(itemCount)
        return Int(wrapped < 0 ? wrapped + Int64(itemCount) : wrapped)
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

    /// Where a finite strip rests to show item `index`: the snap point of the page holding it,
    /// within the strip's ends (the items on screen at an end rest there).
    func restPosition(of index: Int) -> Double {
        guard !isLooping else { return 0 }
        let start = Double(groups.start(atOrBelow: index)) * pitch
        return min(max(start, firstSnapPoint), lastSnapPoint)
    }

    /// The item a loop rests on to show item `index` (the first of its page); a finite strip's
    /// own item, whose rest `restPosition(of:)` finds.
    func restingItem(for index: Int) -> Int {
        isLooping ? groups.start(atOrBelow: index) : index
    }

    /// The whole number of pitches `value` counts, clamped far beyond any reachable position so the
    /// conversion never traps, on the server or in the page's WebAssembly engine, where `Int` is
    /// 32 bits: the bound fits both, and an index plus it still does.
    static func wholeSteps(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -1e9), 1e9))
    }
}
