extension Duration {
    /// Whole nanoseconds (the live clock's grain).
    var nanosecondCount: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
