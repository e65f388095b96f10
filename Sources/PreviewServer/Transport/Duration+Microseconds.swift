extension Duration {
    /// Whole microseconds, rounded up: lws's timers take microseconds, and a timer set a hair
    /// before its deadline would fire early and spin the loop once more for nothing.
    var microsecondsRoundedUp: Int64 {
        components.seconds * 1_000_000 + (components.attoseconds + 999_999_999_999) / 1_000_000_000_000
    }
}
