/// The elementary functions the engine needs (exp, expm1, log, log1p), written with IEEE-754 basic
/// operations only (+, -, *, / and exact scalings by powers of two), so they give the same bits on
/// every platform: a server on x86_64 glibc and a page running the engine as WebAssembly draw the
/// same frames. Each reduces its argument by powers of two (exp: x = k ln 2 + r with |r| <= ln 2 / 2;
/// log: x = 2^k m with m in [sqrt 1/2, sqrt 2)) and sums a short series in the reduced argument,
/// arranged so the large terms are exact and only small corrections are rounded; tested against
/// glibc to within 1 ulp (ElementaryTests). The spring and the coast call these, never libm's.
public enum Elementary {
    /// ln 2 split so that k * ln2High is exact for every |k| < 2^11: its low 32 bits are zero.
    static let ln2High = Double(bitPattern: 0x3FE6_2E42_FEE0_0000)
    /// ln 2 less ln2High, rounded once: 1.908214929270587816e-10 (computed to 60 digits).
    static let ln2Low = 0x1.a39ef35793c76p-33
    static let inverseLn2 = 1.4426950408889634073599246810018921

    /// 1/n! for n = 2...16, each the correctly rounded quotient (what 1 / n! gives, n! being exact):
    /// constants, so a series costs multiplications and additions, not a division per term.
    static let inverseFactorials: [Double] = [
        0x1.0000000000000p-1, 0x1.5555555555555p-3, 0x1.5555555555555p-5, 0x1.1111111111111p-7,
        0x1.6c16c16c16c17p-10, 0x1.a01a01a01a01ap-13, 0x1.a01a01a01a01ap-16, 0x1.71de3a556c734p-19,
        0x1.27e4fb7789f5cp-22, 0x1.ae64567f544e4p-26, 0x1.1eed8eff8d898p-29, 0x1.6124613a86d09p-33,
        0x1.93974a8c07c9dp-37, 0x1.ae7f3e733b81fp-41, 0x1.ae7f3e733b81fp-45,
    ]
    /// 2/n for n = 3, 5, ..., 27, each the correctly rounded quotient.
    static let twiceInverseOdds: [Double] = [
        0x1.5555555555555p-1, 0x1.999999999999ap-2, 0x1.2492492492492p-2, 0x1.c71c71c71c71cp-3,
        0x1.745d1745d1746p-3, 0x1.3b13b13b13b14p-3, 0x1.1111111111111p-3, 0x1.e1e1e1e1e1e1ep-4,
        0x1.af286bca1af28p-4, 0x1.8618618618618p-4, 0x1.642c8590b2164p-4, 0x1.47ae147ae147bp-4,
        0x1.2f684bda12f68p-4,
    ]

    /// 2^k as a Double, exactly, for -1022 <= k <= 1023.
    static func powerOfTwo(_ k: Int) -> Double {
        Double(sign: .plus, exponent: k, significand: 1)
    }

    /// x * 2^k, with at most one rounding (at the very end, for a subnormal result).
    static func scaled(_ x: Double, by k: Int) -> Double {
        if k > 1023 { return x * powerOfTwo(1023) * powerOfTwo(k - 1023) }
        // Exact into the normal range first, then one rounding into the subnormals.
        if k < -1022 { return x * powerOfTwo(k + 54) * powerOfTwo(-54) }
        return x * powerOfTwo(k)
    }

    /// e^r - 1 for |r| <= 0.35, as r + r^2 (1/2 + r (1/6 + ...)): the first term exact, the rest a
    /// correction a sixth of it at most. Terms to r^16/16!, below 2^-80 of the result.
    static func expm1Reduced(_ r: Double) -> Double {
        var tail = inverseFactorials[14]  // 1/16!
        for n in stride(from: 13, through: 0, by: -1) {
            tail = inverseFactorials[n] + r * tail
        }
        // tail is now 1/2! + r/3! + ...
        return r + r * r * tail
    }

    public static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -745.1332191019412 { return 0 }
        if abs(x) < 0x1p-54 { return 1 + x }
        let k = (x * inverseLn2).rounded(.toNearestOrEven)
        let r = (x - k * ln2High) - k * ln2Low
        return scaled(1 + expm1Reduced(r), by: Int(k))
    }

    public static func expm1(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > 709.782712893384 { return .infinity }
        if x < -40 { return -1 }
        if abs(x) <= 0.34657359027997264 { return expm1Reduced(x) }
        let k = (x * inverseLn2).rounded(.toNearestOrEven)
        let r = (x - k * ln2High) - k * ln2Low
        let e = expm1Reduced(r)
        let n = Int(k)
        if n > 56 { return scaled(1 + e, by: n) - 1 }
        // 2^n e + (2^n - 1): 2^n - 1 is exact here, 2^n e too; one rounding in the sum.
        return powerOfTwo(n) * e + (powerOfTwo(n) - 1)
    }

    /// log(1 + f) for f in [sqrt 1/2 - 1, sqrt 2 - 1), as f - (f^2/2 - s (f^2/2 + R)) with s = f / (2 + f)
    /// and R = 2s^2/3 + 2s^4/5 + ...: f exact, the rest a small correction. Terms to s^26.
    static func log1pReduced(_ f: Double) -> (f: Double, correction: Double) {
        let s = f / (2 + f)
        let z = s * s
        var series = twiceInverseOdds[12]  // 2/27
        for n in stride(from: 11, through: 0, by: -1) { series = twiceInverseOdds[n] + z * series }
        let r = z * series
        let halfSquare = 0.5 * f * f
        return (f, halfSquare - s * (halfSquare + r))
    }

    public static func log(_ x: Double) -> Double {
        if x.isNaN || x < 0 { return .nan }
        if x == 0 { return -.infinity }
        if x == .infinity { return x }
        var m = x
        var k = 0
        if m < Double.leastNormalMagnitude {
            m *= 0x1p54
            k -= 54
        }
        k += Int(m.exponent)
        m = Double(sign: .plus, exponent: 0, significand: m.significand)  // in [1, 2)
        if m > 1.4142135623730951 {
            m *= 0.5
            k += 1
        }
        let (f, correction) = log1pReduced(m - 1)  // m - 1 is exact (Sterbenz)
        let dk = Double(k)
        return dk * ln2High - ((correction - dk * ln2Low) - f)
    }

    public static func log1p(_ x: Double) -> Double {
        if x.isNaN || x < -1 { return .nan }
        if x == -1 { return -.infinity }
        if x == .infinity { return x }
        if abs(x) < 0x1p-54 { return x }
        if x > -0.2928932188134524, x < 0.41421356237309503 {
            let (f, correction) = log1pReduced(x)
            return f - correction
        }
        let u = 1 + x
        // What rounding 1 + x lost, relative to u: log(1 + x) = log(u) + c to first order.
        let c = u > 0x1p53 ? 0 : (u > 2 ? 1 - (u - x) : x - (u - 1)) / u
        var k = Int(u.exponent)
        var m = Double(sign: .plus, exponent: 0, significand: u.significand)
        if m > 1.4142135623730951 {
            m *= 0.5
            k += 1
        }
        let (f, correction) = log1pReduced(m - 1)
        let dk = Double(k)
        return dk * ln2High - ((correction - (dk * ln2Low + c)) - f)
    }
}
