import Foundation
import TestSupport
import Testing

@testable import CarouselCore

/// The engine's own exp, expm1, log and log1p against glibc's: within 1 ulp everywhere tried
/// (random arguments across each function's whole range, and its edges: 0, -0, subnormals, the
/// ends of the range, infinities and NaN). The seed of a failure is printed.
@Suite("The engine's elementary functions, within 1 ulp of glibc")
struct ElementaryTests {
    /// How many ulps apart two results are (0 for two NaNs or equal infinities).
    static func ulps(_ a: Double, _ b: Double) -> Double {
        if a.isNaN && b.isNaN { return 0 }
        if a == b { return 0 }
        if !a.isFinite || !b.isFinite { return .infinity }
        return abs(a - b) / max(b.ulp, Double.leastNonzeroMagnitude)
    }

    static func check(
        _ name: String,
        _ ours: (Double) -> Double,
        _ reference: (Double) -> Double,
        edges: [Double],
        range: ClosedRange<Double>,
        seed: UInt64
    ) {
        var generator = SeededGenerator(seed: seed)
        var worst = (ulps: 0.0, x: 0.0)
        let inputs =
            edges
            + (0..<20_000).map { _ in Double.random(in: range, using: &generator) }
            + (0..<20_000).map { _ in
                // Across magnitudes: a random significand at a random exponent, both signs.
                let exponent = Int.random(in: -1074...10, using: &generator)
                let value = Double(
                    sign: .plus,
                    exponent: exponent,
                    significand: Double.random(in: 1..<2, using: &generator)
                )
                return Bool.random(using: &generator) ? value : -value
            }.filter { range.contains($0) }
        for x in inputs {
            let apart = ulps(ours(x), reference(x))
            if apart > worst.ulps { worst = (apart, x) }
        }
        #expect(worst.ulps <= 1, "\(name) seed \(seed): \(worst.ulps) ulps at \(worst.x)")
    }

    @Test("exp") func exponential() {
        Self.check(
            "exp",
            Elementary.exp,
            Foundation.exp,
            edges: [
                0, -0.0, 1, -1, 0x1p-1074, -0x1p-1074, 1e-307, 709.78, 709.782712893384, -745.13, -708.4, 0.3465,
                -0.3466, .infinity, -.infinity, .nan,
            ],
            range: -745...709.7,
            seed: 1
        )
    }

    @Test("expm1") func exponentialMinusOne() {
        Self.check(
            "expm1",
            Elementary.expm1,
            Foundation.expm1,
            edges: [
                0, -0.0, 0x1p-1074, -0x1p-1074, 1e-307, 1e-10, -1e-10, 0.34657359027997264, 0.35, -0.35, 0.7, 1, -1, 38,
                -38, 45, 709.7, .infinity, -.infinity, .nan,
            ],
            range: -50...709,
            seed: 2
        )
    }

    @Test("log") func logarithm() {
        Self.check(
            "log",
            Elementary.log,
            Foundation.log,
            edges: [
                0, -0.0, 0x1p-1074, 0x1p-1022, 1e-307, 0.5, 1, 1.0000000000000002, 0.9999999999999999, 2,
                1.4142135623730951, .greatestFiniteMagnitude, .infinity, -1, .nan,
            ],
            range: 0...Double.greatestFiniteMagnitude,
            seed: 3
        )
    }

    @Test("log1p") func logarithmOfOnePlus() {
        Self.check(
            "log1p",
            Elementary.log1p,
            Foundation.log1p,
            edges: [
                0, -0.0, 0x1p-1074, -0x1p-1074, 1e-307, -1, -0.9999999999999999, -0.5, -0.29289321881345248,
                0.41421356237309503, 1, 0x1p53, 1e300, .greatestFiniteMagnitude, .infinity, -2, .nan,
            ],
            range: -1...Double.greatestFiniteMagnitude,
            seed: 4
        )
    }
}

@Suite("The elementary functions' series constants")
struct ElementaryConstantsTests {
    @Test("each constant is the quotient it stands for, correctly rounded")
    func constants() {
        var factorial = 1.0
        for n in 2...16 {
            factorial *= Double(n)
            #expect(Elementary.inverseFactorials[n - 2] == 1 / factorial, "1/\(n)!")
        }
        for (index, n) in stride(from: 3, through: 27, by: 2).enumerated() {
            #expect(Elementary.twiceInverseOdds[index] == 2 / Double(n), "2/\(n)")
        }
    }
}
