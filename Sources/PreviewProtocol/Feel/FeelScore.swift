import CarouselCore

/// How one gesture felt under one configuration, from its frames: did it go where the hand meant,
/// how long it took to rest, whether it went past and came back, how smooth it moved, and whether
/// it came to rest on the grid. Each number's definition is on its property; docs/guide/feel.md says why.
public struct FeelScore: Equatable, Sendable {
    public var gesture: String
    /// The content's velocity in the frame that answered the release, pt/s.
    public var releaseVelocity: Double
    /// The items UIKit's rule projects the release to: the release position plus
    /// v / 1000 × r / (1 − r) at UIKit's normal rate r = 0.998 (v × 0.499 s), rounded to the
    /// nearest item (a half away from zero) from the item the gesture started on. `nil` without a
    /// pitch: one item, or the card feed, whose stops are no fixed distance apart.
    public var intendedItems: Int?
    /// Items from the start item to the item it rested on (a loop's wraps unwound).
    public var movedItems: Int
    /// From the release to the frame that settled (or was interrupted), ms; `nil`: no rest within
    /// `FeelRun.settleLimitMilliseconds`.
    public var settleMilliseconds: Double?
    /// The farthest the content went past where it came to rest, in the direction it travelled, pt.
    public var overshoot: Double
    /// The fastest speed after the release over the release speed (1: never faster); `nil` when
    /// released still (under 1 pt/s).
    public var peakSpeedRatio: Double?
    /// Flutter's smoothness measure over the frames after the release: the mean of
    /// |x[i−1] + x[i+1] − 2 x[i]|, pt (frames 1/60 s apart).
    public var jerk: Double
    /// Frames after the release whose |x[i−1] + x[i+1] − 2 x[i]| is over 0.5 pt (Flutter's "janky").
    public var jankyFrames: Int
    /// The largest move from one frame to the next over the whole gesture, pt.
    public var largestJump: Double
    /// The fastest the content moved over the whole gesture (the largest |velocity| a frame
    /// reported), pt/s: what a frame's move may be measured against (`FeelVerdict`'s jumps).
    public var fastestSpeed: Double
    /// How far from the snap grid it rested (caught by the next gesture: where it was caught), pt.
    public var restOffGrid: Double
    /// The deceleration per ms that fits the speed's decay after the release (|v| = |v0| r^t,
    /// least squares on ln |v|); `nil` with fewer than three moving frames.
    public var fittedRate: Double?

    /// How far a release projects, s per pt/s: UIKit's v / 1000 × r / (1 − r) at its normal rate
    /// r = 0.998 is v × 0.499, written as the decimal it is (the quotient in binary is a hair off).
    public static let projectionSeconds = 0.499
    /// Flutter's threshold for a janky frame, pt.
    public static let jankThreshold = 0.5

    /// Items off the projection, toward higher indices (`nil` without a projection).
    public var itemsOff: Int? { intendedItems.map { movedItems - $0 } }

    /// Scores `samples` (the first answers the `down`, `release` the `up`) of gesture `name`, on a
    /// layout whose items are `pitch` points apart (`nil`: no projection), among `itemCount`.
    public init(gesture name: String, samples: [FeelSample], release: Int, pitch: Double?, itemCount: Int) {
        precondition(!samples.isEmpty && samples.indices.contains(release))
        gesture = name
        let released = samples[release]
        releaseVelocity = released.velocity
        let start = samples[0]
        if let pitch, pitch > 0 {
            let startSnap = start.offset - start.position
            let projected = released.offset + released.velocity * Self.projectionSeconds
            intendedItems = Int(((projected - startSnap) / pitch).rounded(.toNearestOrAwayFromZero))
        } else {
            intendedItems = nil
        }
        var moved = 0
        for (previous, next) in zip(samples, samples.dropFirst()) {
            var step = next.index - previous.index
            if itemCount > 1, abs(step) > itemCount / 2 { step -= step.signum() * itemCount }
            moved += step
        }
        movedItems = moved
        let after = samples[release...]
        let end = after.firstIndex { $0.ends || $0.isIdle }
        settleMilliseconds = end.map { samples[$0].time - released.time }
        let rest = samples[end ?? samples.count - 1]
        let travel = rest.offset - released.offset
        let direction = travel != 0 ? travel.sign : released.velocity.sign
        overshoot = max(0, after.map { (direction == .minus ? -1 : 1) * ($0.offset - rest.offset) }.max() ?? 0)
        let releaseSpeed = abs(released.velocity)
        peakSpeedRatio = releaseSpeed < 1 ? nil : (after.map { abs($0.velocity) }.max() ?? 0) / releaseSpeed
        let offsets = after.map(\.offset)
        let bends = zip(zip(offsets, offsets.dropFirst()), offsets.dropFirst(2)).map { abs($0.0 + $1 - 2 * $0.1) }
        jerk = bends.isEmpty ? 0 : bends.reduce(0, +) / Double(bends.count)
        jankyFrames = bends.filter { $0 > Self.jankThreshold }.count
        largestJump = zip(samples, samples.dropFirst()).map { abs($1.offset - $0.offset) }.max() ?? 0
        fastestSpeed = samples.map { abs($0.velocity) }.max() ?? 0
        restOffGrid = abs(rest.position)
        fittedRate = Self.fittedRate(after.prefix { !$0.isIdle }.filter { abs($0.velocity) >= 1 })
    }

    /// exp of the least-squares slope of ln |v| against time (ms).
    static func fittedRate(_ samples: some Collection<FeelSample>) -> Double? {
        guard samples.count >= 3 else { return nil }
        let count = Double(samples.count)
        let times = samples.map(\.time)
        let logs = samples.map { Elementary.log(abs($0.velocity)) }
        let meanTime = times.reduce(0, +) / count
        let meanLog = logs.reduce(0, +) / count
        var covariance = 0.0
        var variance = 0.0
        for (time, log) in zip(times, logs) {
            covariance += (time - meanTime) * (log - meanLog)
            variance += (time - meanTime) * (time - meanTime)
        }
        guard variance > 0 else { return nil }
        return Elementary.exp(covariance / variance)
    }
}
