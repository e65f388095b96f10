/// Estimates a finger's release velocity the way Flutter and Android do: a least-squares
/// parabola through the recent samples, differentiated at the newest one.
///
/// Samples live in a fixed ring, so tracking a drag never allocates after the first sample.
struct VelocityTracker: Equatable, Sendable {
    /// How many of the newest samples the fit may use.
    static let capacity = 20
    /// Samples older than this (ms, measured from the newest) describe an earlier motion.
    static let horizon = 100.0
    /// A pause longer than this (ms) means the finger stopped; what came before it is stale.
    static let stopGap = 40.0
    /// A parabola needs three points.
    static let minimumSamples = 3

    private var times = [Double](repeating: 0, count: capacity)
    private var positions = [Double](repeating: 0, count: capacity)
    private var newest = 0
    private var count = 0

    /// Forgets every sample.
    mutating func reset() {
        count = 0
    }

    /// Records the pointer at `position` at the client's `time` (ms). A time earlier than the newest
    /// sample means the client's clock restarted, so the old samples are dropped; an equal time
    /// replaces the newest sample (coalesced events).
    mutating func addSample(position: Double, time: Double) {
        if count > 0 {
            if time < times[newest] {
                reset()
            } else if time == times[newest] {
                positions[newest] = position
                return
            }
        }
        newest = count == 0 ? 0 : (newest + 1) % Self.capacity
        times[newest] = time
        positions[newest] = position
        count = min(count + 1, Self.capacity)
    }

    /// The velocity (pt/s) of a release at the newest sample's time; 0 without samples.
    var newestVelocity: Double {
        count > 0 ? velocity(releasedAt: times[newest]) : 0
    }

    /// The velocity (pt/s) of a release at the client's `time` (ms): zero when the finger rested
    /// longer than `stopGap` before lifting, or when too few recent samples exist.
    func velocity(releasedAt time: Double) -> Double {
        guard count > 0, time - times[newest] <= Self.stopGap else { return 0 }
        var fit = QuadraticFit(originTime: times[newest], originPosition: positions[newest])
        var index = newest
        var newerTime = times[newest]
        for _ in 0..<count {
            let sampleTime = times[index]
            guard times[newest] - sampleTime <= Self.horizon, newerTime - sampleTime <= Self.stopGap else { break }
            fit.add(time: sampleTime, position: positions[index])
            newerTime = sampleTime
            index = (index + Self.capacity - 1) % Self.capacity
        }
        guard fit.sampleCount >= Self.minimumSamples else { return 0 }
        return fit.slopeAtOrigin() ?? 0
    }
}

/// Least squares for `x(t) = a + b t + c t^2` through samples measured from the newest one, so
/// the slope `b` is the velocity at the newest sample. Times are converted to seconds.
private struct QuadraticFit {
    let originTime: Double
    let originPosition: Double
    private(set) var sampleCount = 0
    private var powerSums = (0.0, 0.0, 0.0, 0.0, 0.0)  // sum of t^0 ... t^4
    private var momentSums = (0.0, 0.0, 0.0)  // sum of x t^0 ... x t^2

    init(originTime: Double, originPosition: Double) {
        self.originTime = originTime
        self.originPosition = originPosition
    }

    mutating func add(time: Double, position: Double) {
        let t = (time - originTime) / 1000
        let x = position - originPosition
        let t2 = t * t
        powerSums.0 += 1
        powerSums.1 += t
        powerSums.2 += t2
        powerSums.3 += t2 * t
        powerSums.4 += t2 * t2
        momentSums.0 += x
        momentSums.1 += x * t
        momentSums.2 += x * t2
        sampleCount += 1
    }

    /// Solves the normal equations by Cramer's rule; `nil` when the samples cannot define a
    /// parabola (for example, all at one time).
    func slopeAtOrigin() -> Double? {
        let (s0, s1, s2, s3, s4) = powerSums
        let (y0, y1, y2) = momentSums
        let determinant = Self.determinant(s0, s1, s2, s1, s2, s3, s2, s3, s4)
        guard determinant != 0, determinant.isFinite else { return nil }
        let slope = Self.determinant(s0, y0, s2, s1, y1, s3, s2, y2, s4) / determinant
        return slope.isFinite ? slope : nil
    }

    private static func determinant(
        _ a: Double,
        _ b: Double,
        _ c: Double,
        _ d: Double,
        _ e: Double,
        _ f: Double,
        _ g: Double,
        _ h: Double,
        _ i: Double
    ) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }
}
