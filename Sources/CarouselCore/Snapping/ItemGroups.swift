/// The items a page shows together (`itemsPerPage`): which items start a group, by absolute item
/// index, in O(1) and without allocating.
///
/// A finite strip's groups start at items 0, k, 2k, ... A loop's groups restart every lap: they
/// start at the *wrapped* indices 0, k, 2k, ... below the item count, so with a count that k does
/// not divide, the lap's last group is shorter and group starts are not evenly spaced across the
/// wrap. That is why the starts are found from the absolute, unwrapped index (lap and remainder)
/// and never from a grid anchored at whichever item the engine measures from: a loop rebases that
/// item as it turns, and a grid anchored there would shift the groups.
struct ItemGroups: Equatable, Sendable {
    /// Items per group, at least 1 (1: every item starts a group).
    let size: Int
    /// How many items a lap holds; `nil` for a finite strip, whose groups never restart.
    let lap: Int?

    init(size: Int, itemCount: Int, isLooping: Bool) {
        self.size = max(1, size)
        lap = isLooping && itemCount > 0 ? itemCount : nil
    }

    /// The start of the group holding the unwrapped item `index`: the largest group start at or below it.
    func start(atOrBelow index: Int) -> Int {
        guard size > 1 else { return index }
        guard let lap else { return Self.floorDivision(index, size) * size }
        let laps = Self.floorDivision(index, lap)
        let remainder = index - laps * lap
        return laps * lap + remainder / size * size
    }

    /// The smallest group start strictly above the unwrapped item `index`.
    func start(above index: Int) -> Int {
        guard size > 1 else { return index + 1 }
        guard let lap else { return start(atOrBelow: index) + size }
        let laps = Self.floorDivision(index, lap)
        let next = (index - laps * lap) / size * size + size
        return next < lap ? laps * lap + next : (laps + 1) * lap
    }

    /// The largest group start strictly below the unwrapped item `index`.
    func start(below index: Int) -> Int {
        start(atOrBelow: index - 1)
    }

    /// Which group of its lap (or strip) the group starting at unwrapped item `start` is, from 0.
    func number(ofGroupStartingAt start: Int) -> Int {
        guard let lap else { return Self.floorDivision(start, size) }
        return (start - Self.floorDivision(start, lap) * lap) / size
    }

    /// How many groups `itemCount` items make: ceil(itemCount / size).
    func count(itemCount: Int) -> Int {
        (itemCount + size - 1) / size
    }

    private static func floorDivision(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
