/// Nearest-rank percentiles of a sample, in the units given.
struct Percentiles {
    let count: Int
    let p50: Double
    let p90: Double
    let p99: Double
    let max: Double

    init(_ values: [Double]) {
        let sorted = values.sorted()
        func rank(_ fraction: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
        }
        count = sorted.count
        p50 = rank(0.5)
        p90 = rank(0.9)
        p99 = rank(0.99)
        max = sorted.last ?? .nan
    }

    var json: [String: Any] { ["n": count, "p50": p50, "p90": p90, "p99": p99, "max": max] }
}
