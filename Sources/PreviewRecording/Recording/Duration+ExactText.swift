/// A checkpoint's durations as exact text: seconds with up to 18 decimals, one per attosecond. A
/// manual clock's `advance` may leave a fraction of a nanosecond, and a JSON number could not keep
/// it, so a replay would drift from what was recorded.
extension Duration {
    /// `"S.FFFFFFFFFFFFFFFFFF"` (trailing zeros dropped, and the point with them): `"2.996"`, `"0"`.
    package var exactText: String {
        let (seconds, attoseconds) = components
        guard attoseconds != 0 else { return String(seconds) }
        var fraction = String(attoseconds)
        fraction = String(repeating: "0", count: 18 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(seconds).\(fraction)"
    }

    /// Reads `exactText`: a whole number of seconds (up to 15 digits) and up to 18 decimals, never
    /// negative. `nil` for anything else.
    package init?(exactText text: String) {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, (1...15).contains(whole.count), whole.allSatisfy(\.isASCIIDigit),
            let seconds = Int64(whole)
        else { return nil }
        var attoseconds: Int64 = 0
        if parts.count == 2 {
            let fraction = parts[1]
            guard (1...18).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigit),
                let value = Int64(fraction + String(repeating: "0", count: 18 - fraction.count))
            else { return nil }
            attoseconds = value
        }
        self = Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
