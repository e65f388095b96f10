import CarouselCore
import Testing

@testable import PreviewProtocol

/// Feel's measures against numbers worked out by hand, on three synthetic gestures: a flick whose
/// projection lands exactly between two items, the second flick of a double flick (caught mid-flight,
/// off the grid), and an edge pull that springs back past the edge.
@Suite("Feel's measures, checked against hand-computed values")
struct FeelScoreTests {
    /// Samples 1/60 s apart from `time`, with these offsets and velocities (position 0, index 0).
    static func samples(from time: Double, offsets: [Double], velocities: [Double], index: Int = 0) -> [FeelSample] {
        zip(offsets, velocities).enumerated().map { step, pair in
            FeelSample(
                time: time + Double(step) * 1000 / 60,
                offset: pair.0,
                velocity: pair.1,
                index: index,
                isIdle: false
            )
        }
    }

    @Test(
        "a flick projected exactly halfway between items 1 and 2 means item 2 (half away from zero); the rest by hand"
    )
    func halfway() {
        // Down at rest on item 0 (offset 0), pitch 100; dragged back to -349 and released moving
        // +1000 pt/s: projected -349 + 1000 × 0.499 = 150 = 1.5 pitches: item 2. It comes to rest
        // on item 0 again (offset 0).
        var samples = [FeelSample(time: 0, offset: 0, velocity: 0, index: 0, isIdle: false)]
        samples += Self.samples(from: 100, offsets: [-349, -200, -80, -10, 0], velocities: [1000, 900, 600, 300, 0])
        samples[5].isIdle = true
        samples[5].ends = true
        let score = FeelScore(gesture: "halfway", samples: samples, release: 1, pitch: 100, itemCount: 5)
        #expect(score.intendedItems == 2)
        #expect(score.releaseVelocity == 1000)
        // 4 frames after the release, 1000/60 ms each.
        #expect(abs(score.settleMilliseconds! - 4000.0 / 60) < 1e-9)
        // It travelled up from -349 and stopped at 0, never above: no overshoot.
        #expect(score.overshoot == 0)
        // Bends after the release: |-349 - 80 + 400| = 29, |-200 - 10 + 160| = 50, |-80 + 0 + 20| = 60.
        #expect(abs(score.jerk - (29 + 50 + 60) / 3.0) < 1e-12)
        #expect(score.jankyFrames == 3)
        #expect(score.largestJump == 349)
        #expect(score.peakSpeedRatio == 1)
        #expect(score.movedItems == 0 && score.itemsOff == -2)
    }

    @Test("the second flick of a double flick starts mid-flight: its projection counts from the snap point it was near")
    func doubleFlick() {
        // Caught at offset 130, 30 past item 1's snap point (100). Released at 120 at +1000 pt/s:
        // projected 120 + 499 = 619, (619 - 100) / 100 = 5.19: five items on.
        var samples = [FeelSample(time: 0, offset: 130, velocity: 400, position: 30, index: 1, isIdle: false)]
        samples += Self.samples(
            from: 80,
            offsets: [120, 180, 260, 310, 305, 300],
            velocities: [1000, 4000, 3000, 100, -300, 0],
            index: 2
        )
        samples[1].index = 1
        samples[6].isIdle = true
        samples[6].ends = true
        let score = FeelScore(gesture: "double", samples: samples, release: 1, pitch: 100, itemCount: 5)
        #expect(score.intendedItems == 5)
        #expect(score.movedItems == 1 && score.itemsOff == -4)
        // Rested at 300 coming up from 120: it reached 310, 10 past.
        #expect(score.overshoot == 10)
        // Fastest after the release 4000 against 1000.
        #expect(score.peakSpeedRatio == 4)
        #expect(abs(score.settleMilliseconds! - 5000.0 / 60) < 1e-9)
        #expect(score.largestJump == 80)
    }

    @Test("an edge pull springs back past the edge by 2 pt; its speed decays by 0.99 a ms, which the fit finds")
    func edgePull() {
        // A strip at item 0 (offset 0) pulled to -40 and let go at 200 pt/s back toward the edge;
        // the spring takes it to +2 and back to 0, resting there on the grid.
        let rate = 0.99
        let times = (0..<6).map { 100 + Double($0) * 1000 / 60 }
        let velocities = times.map { 200 * Elementary.exp(Elementary.log(rate) * ($0 - 100)) }
        var samples = [FeelSample(time: 0, offset: 0, velocity: 0, index: 0, isIdle: false)]
        for (time, (offset, velocity)) in zip(times, zip([-40, -20, -5, 2, 1, 0.0], velocities)) {
            samples.append(FeelSample(time: time, offset: offset, velocity: velocity, index: 0, isIdle: false))
        }
        samples.append(
            FeelSample(time: times.last! + 1000.0 / 60, offset: 0, velocity: 0, index: 0, isIdle: true, ends: true)
        )
        let score = FeelScore(gesture: "edge", samples: samples, release: 1, pitch: 351, itemCount: 5)
        // Projected -40 + 200 × 0.499 = 59.8: under half a pitch, item 0.
        #expect(score.intendedItems == 0 && score.movedItems == 0 && score.itemsOff == 0)
        #expect(score.overshoot == 2)
        #expect(abs(score.fittedRate! - rate) < 1e-12)
        #expect(score.restOffGrid == 0)
        #expect(abs(score.settleMilliseconds! - 6000.0 / 60) < 1e-9)
        #expect(score.largestJump == 40)
    }

    @Test("released still: no peak ratio; with one item: no projection; a motion that never rests: no settle time")
    func absences() {
        let still = [
            FeelSample(time: 0, offset: 0, velocity: 0, index: 0, isIdle: false),
            FeelSample(time: 50, offset: 3, velocity: 0.5, position: 3, index: 0, isIdle: false),
        ]
        let score = FeelScore(gesture: "still", samples: still, release: 1, pitch: nil, itemCount: 1)
        #expect(score.peakSpeedRatio == nil && score.intendedItems == nil && score.itemsOff == nil)
        #expect(score.settleMilliseconds == nil && score.fittedRate == nil)
        #expect(score.restOffGrid == 3)
    }
}
