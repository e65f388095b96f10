import Foundation

/// How long the endurance and property tests run. `make test` runs every class of test at a length
/// that keeps the default run within minutes; `make test-long` sets `CAROUSEL_TEST_LENGTH=long` and
/// runs them at full length (a day of auto-scroll, a million laps), as CI does too.
public enum TestLength {
    /// Whether this run is `make test-long`'s.
    public static let isLong = ProcessInfo.processInfo.environment["CAROUSEL_TEST_LENGTH"] == "long"

    /// `short` in the default run, `long` in `make test-long`'s.
    public static func pick<Value>(_ short: Value, long: Value) -> Value {
        isLong ? long : short
    }
}
