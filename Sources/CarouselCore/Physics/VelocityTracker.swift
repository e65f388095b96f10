/// Estimates a finger's release velocity the way Flutter and Android do: a least-squares
/// parabola through the recent samples, differentiated at the newest one, with the degree falling
/// to a line when the samples cannot carry a parabola (Android's rule).
///
/// The `down` is a sample like any move, so a flick that lifts after a single move (a phone's fast
/// flick often has one or two) is the line through the down and that move, as UIKit counts it. The
/// window keeps a stale down out: one that came more than `stopGap` before the next sample, or more
/// than `horizon` before the newest, counts for nothing, so a finger that rested on the content and
/// then flicked gets no tiny velocity averaged over its rest.
///
/// Samples live in a fixed ring, so tracking a drag never allocates after the first sample.
struct VelocityTracker: Equatable, Sendable {
    /// How many of the newest samples the fit may use.
    static let capacity = 20
    /// Samples older than this (ms, measured from the newest) describe an earlier motion.
    static let horizon = 100.0
    /// A pause longer than this (ms) means the finger stopped; what came before it is stale.
    static let stopGap = 40.0
    /// A release needs two samples in the window: a line. The down is one of them.
    static let minimumReleaseSamples = 2
    /// A frame's velocity while the finger is down waits for three, as it always has: recordings hold
    /// those frames, and a replay must reproduce them byte for byte. From the third sample on, a
    /// frame and a release at the newest sample agree.
    static let minimumReportedSamples = 3

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
    /// replaces the newest sample (coalesced events: no time passed, so no velocity can be read from
    /// the two).
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

    /// The velocity (pt/s) a frame reports while the finger is down: a release's at the newest
    /// sample, once the window holds `minimumReportedSamples`; 0 before.
    var newestVelocity: Double {
        count > 0 ? estimate(releasedAt: times[newest], minimumSamples: Self.minimumReportedSamples) : 0
    }

    /// The velocity (pt/s) of a release at the client's `time` (ms): zero when the finger rested
    /// longer than `stopGap` before lifting, or when fewer than two recent samples exist.
    func velocity(releasedAt time: Double) -> Double {
        estimate(releasedAt: time, minimumSamples: Self.minimumReleaseSamples)
    }

    private func estimate(releasedAt time: Double, minimumSamples: Int) -> Double {
        guard count > 0, time - times[newest] <= Self.stopGap else { return 0 }
        var fit = LeastSquaresFit(originTime: times[newest], originPosition: positions[newest])
        var index = newest
        var newerTime = times[newest]
        var newerPosition = positions[newest]
        var rose = false
        var fell = false
        for _ in 0..<count {
            let sampleTime = times[index]
            guard times[newest] - sampleTime <= Self.horizon, newerTime - sampleTime <= Self.stopGap else { break }
            fit.add(time: sampleTime, position: positions[index])
            rose = rose || positions[index] < newerPosition
            fell = fell || positions[index] > newerPosition
            newerTime = sampleTime
            newerPosition = positions[index]
            index = (index + Self.capacity - 1) % Self.capacity
        }
        guard fit.sampleCount >= minimumSamples else { return 0 }
        let line = fit.lineSlope() ?? 0
        guard fit.sampleCount >= 3, let curve = fit.parabolaSlopeAtOrigin() else { return line }
        // A parabola through a flick that slowed at its end peaks and turns: its slope at the newest
        // sample can point back although no sample moved back (100 pt, 5 pt, then lift released
        // backward at thousands of pt/s). When every step went one way, the line's slope, which then
        // always points that way, is believed instead.
        let direction = rose ? 1.0 : -1.0
        return rose != fell && curve * direction <= 0 ? line : curve
    }
}

/// Least squares for `x(t) = a + b t + c t^2`, or the line `x(t) = a + b t`, through samples
/// measured from the newest one, so the slope `b` is the velocity at the newest sample. Times are
/// converted to seconds.
private struct LeastSquaresFit {
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

    /// The line's slope; `nil` when the samples cannot define one (all at one time, or times so
    /// close that their squares vanish).
    func lineSlope() -> Double? {
        let (s0, s1, s2, _, _) = powerSums
        let (y0, y1, _) = momentSums
        let denominator = s0 * s2 - s1 * s1
        guard denominator != 0, denominator.isFinite else { return nil }
        let slope = (s0 * y1 - s1 * y0) / denominator
        return slope.isFinite ? slope : nil
    }

    /// Solves the parabola's normal equations by Cramer's rule; `nil` when the samples cannot
    /// define a parabola (for example, only two distinct times).
    func parabolaSlopeAtOrigin() -> Double? {
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
