/// The protocol counts time in milliseconds, as doubles; the engine in `Duration`s.
extension Duration {
    /// `milliseconds` as a duration, to the attosecond: an `advance` of 1e-9 ms is a millionth of a
    /// microsecond, not zero. Negative, non-finite or enormous values give zero or the bound.
    package init(milliseconds: Double) {
        guard milliseconds.isFinite, milliseconds > 0 else {
            self = .zero
            return
        }
        let clamped = min(milliseconds, 1e15)
        let seconds = (clamped / 1000).rounded(.down)
        // Below 1e18 before rounding; rounding up to a whole second carries into the seconds.
        let attoseconds = ((clamped - seconds * 1000) * 1e15).rounded()
        self = .seconds(Int64(seconds)) + Duration(secondsComponent: 0, attosecondsComponent: Int64(attoseconds))
    }

    /// The duration in milliseconds.
    package var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
