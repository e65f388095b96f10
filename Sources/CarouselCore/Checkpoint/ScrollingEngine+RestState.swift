/// What both engines keep at rest beyond their position and slots, written and read in one place:
/// the clock's remainder and auto-scroll's countdown and visibility.
extension ScrollingEngine {
    /// A rest state of this engine at `index`, with the clock and auto-scroll as they are.
    func restState(index: Int, unwrappedIndex: Int64, position: Double, slots: RestState.Slots) -> RestState {
        RestState(
            index: index,
            unwrappedIndex: unwrappedIndex,
            position: position,
            slots: slots,
            pendingTime: clock.pending,
            autoScrollRemaining: autoScroll.timer.remaining,
            isHidden: autoScroll.isHidden
        )
    }

    /// Takes the clock's remainder and auto-scroll's countdown and visibility from `state` (checked
    /// by `RestState.validateTiming` before anything changed).
    mutating func restoreTiming(from state: RestState) {
        clock = StepClock(pending: state.pendingTime)
        autoScroll.timer = AutoScrollTimer(remaining: state.autoScrollRemaining)
        autoScroll.isHidden = state.isHidden
    }
}
