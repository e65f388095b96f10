/// The fixed ring of slot views and which item each one shows.
///
/// Slots cover a window of consecutive items around the current one. The slot for the item `j`
/// steps from the current one is `(phase + j) mod count`, and `phase` moves with every step the
/// current item takes, so crossing one pitch recycles exactly one slot to the other side while the
/// others keep their items. Which item a slot shows is derived, never stored, so no jump can
/// leave a slot blank or stale.
struct SlotRing: Equatable, Sendable {
    /// How many slots exist: three for the looping presets, the most items visible at once + 2
    /// for a finite strip.
    let count: Int
    /// How many items before the current one the window starts.
    let leadingCount: Int
    /// The slot of the current item; a change of configuration or items may set it, so slots keep
    /// the items they showed.
    var phase = 0

    init(configuration: Configuration) {
        let pitch = configuration.pitch
        let itemLength = configuration.resolvedItemLength
        let viewport = configuration.viewportMainLength
        // While the position stays within half a pitch of the current item, the items that can
        // show are those whose far edge can pass the viewport's leading edge (before it) or whose
        // near edge can pass the trailing edge (after it).
        let snapLine = configuration.snapLine
        let before = max(1, Self.ceiling((snapLine + itemLength + pitch / 2) / pitch) - 1)
        let after = max(1, Self.ceiling((viewport - snapLine + pitch / 2) / pitch) - 1)
        if configuration.isLooping {
            count = before + 1 + after
            leadingCount = before
        } else {
            // A finite strip keeps one spare slot on each side of what can be visible at once,
            // and pins its window to the ends, where the overscroll reveals no new item.
            let mostVisible = Self.ceiling((viewport + itemLength) / pitch)
            count = mostVisible + 2
            leadingCount = before + 1
        }
    }

    /// The slot showing the item `relative` steps from the current one.
    func slot(forRelative relative: Int) -> Int {
        let slot = (phase + relative) % count
        return slot < 0 ? slot + count : slot
    }

    /// Follows the current item `steps` items along (negative: backwards).
    mutating func advance(by steps: Int) {
        phase = slot(forRelative: steps)
    }

    /// The first item of the window, in steps from the current item `anchor`. A loop centres the
    /// window; a finite track keeps it inside the items.
    func windowStart(anchor: Int, track: Track) -> Int {
        guard !track.isLooping else { return -leadingCount }
        let lastStart = max(0, track.itemCount - count)
        return min(max(anchor - leadingCount, 0), lastStart) - anchor
    }

    private static func ceiling(_ value: Double) -> Int {
        Int(min(value.rounded(.up), 1_000_000))
    }
}
