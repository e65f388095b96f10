import Foundation

/// Where a seeded property test starts: the seed its environment variable names, so a failure
/// found once runs again exactly, or else a new one each run, printed with how to repeat it.
public enum TestSeed {
    /// `variable`'s seed, or a new one; printed as "`test` seed N (`variable`=N reproduces it)".
    public static func pick(_ variable: String, for test: String) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment[variable].flatMap(UInt64.init) ?? UInt64.random(in: 1...1_000_000)
        print("\(test) seed \(seed) (\(variable)=\(seed) reproduces it)")
        return seed
    }
}
