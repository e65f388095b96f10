/// The protocol counts time in milliseconds, as doubles; the engine in `Duration`s. Here, in the
/// engine, so the server and the page's WebAssembly engine turn a protocol time into the same duration.
extension Duration {
    /// The longest time one call may let pass, in ms: the protocol's `advance` and the page's engine
    /// take no more. Time costs the engine work (each auto-scroll cycle is stepped through), so a
    /// caller's single call is bounded; a longer stretch is several calls.
    public static let maximumAdvanceMilliseconds = 10_000.0

    /// `milliseconds` as a duration, to the attosecond: an `advance` of 1e-9 ms is a millionth of a
    /// microsecond, not zero. Negative, non-finite or enormous values give zero or the bound.
    public init(milliseconds: Double) {
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
    public var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
