/// The longest turn of the event loop: from the first callback after the loop wakes to the moment
/// it goes back to wait. While one turn runs, every other viewer waits, so this is what one
/// client's message can cost the rest; `/stats` reports it since the start and over the last
/// minute (`longestTurnMs`, `longestTurnMsLastMinute`).
struct TurnMeter {
    /// The longest turn since the server started.
    private(set) var longest = Duration.zero
    /// The longest turn in each of the last 60 whole seconds, by second (ring), and which second
    /// each slot holds.
    private var perSecond = [Duration](repeating: .zero, count: 60)
    private var secondOfSlot = [Int64](repeating: -1, count: 60)

    /// A turn that began at `start` ended at `end` (times since the server's epoch).
    mutating func turn(from start: Duration, to end: Duration) {
        let length = max(.zero, end - start)
        longest = max(longest, length)
        let second = end.components.seconds
        let slot = Int(second % 60)
        if secondOfSlot[slot] != second {
            secondOfSlot[slot] = second
            perSecond[slot] = .zero
        }
        perSecond[slot] = max(perSecond[slot], length)
    }

    /// The longest turn that ended in the minute before `now`.
    func longestInLastMinute(now: Duration) -> Duration {
        let second = now.components.seconds
        return (0..<60).reduce(Duration.zero) { longest, slot in
            second - secondOfSlot[slot] < 60 && secondOfSlot[slot] >= 0 ? max(longest, perSecond[slot]) : longest
        }
    }
}
