import Testing

@testable import CarouselCore

@Suite("Velocity: least-squares degree-2 fit (a line through two) over the last 20 samples within 100 ms")
struct VelocityTrackerTests {
    /// The reference parabola for LSQ2 (Flutter, Android): x(t) = 1500 t - 2500 t^2 sampled at 120 Hz over 0-100 ms.
    func workedExampleTracker() -> VelocityTracker {
        var tracker = VelocityTracker()
        for sample in 0...12 {
            let t = Double(sample) / 120
            tracker.addSample(position: 1500 * t - 2500 * t * t, time: t * 1000)
        }
        return tracker
    }

    @Test("the reference parabola's final velocity is 1000 pt/s")
    func workedExample() {
        let velocity = workedExampleTracker().velocity(releasedAt: 100)
        #expect(abs(velocity - 1000) < 1e-6)
    }

    @Test("a gap of over 40 ms before release means velocity 0; 40 ms exactly still counts")
    func releaseGap() {
        let tracker = workedExampleTracker()
        #expect(tracker.velocity(releasedAt: 140.001) == 0)
        #expect(abs(tracker.velocity(releasedAt: 140) - 1000) < 1e-6)
    }

    @Test("one sample gives 0; two (the down and one move) give a release the line; frames wait for three")
    func fewSamples() {
        var tracker = VelocityTracker()
        tracker.addSample(position: 0, time: 0)
        #expect(tracker.velocity(releasedAt: 0) == 0)
        tracker.addSample(position: 10, time: 8)
        #expect(abs(tracker.velocity(releasedAt: 8) - 1250) < 1e-9)
        #expect(abs(tracker.velocity(releasedAt: 48) - 1250) < 1e-9)
        #expect(tracker.velocity(releasedAt: 48.001) == 0)
        #expect(tracker.newestVelocity == 0, "a frame's report waits for a third sample")
        tracker.addSample(position: 20, time: 16)
        #expect(abs(tracker.velocity(releasedAt: 16) - 1250) < 1e-6)
        #expect(tracker.newestVelocity == tracker.velocity(releasedAt: 16))
    }

    @Test("a one-way motion whose parabola turns back at its end is released the way it went, at the line's slope")
    func turnedParabola() {
        var tracker = VelocityTracker()
        for (time, position) in [(0.0, 300.0), (8, 200), (16, 195)] {
            tracker.addSample(position: position, time: time)
        }
        // The parabola's slope at 16 ms is +5,312.5 pt/s; the least-squares line's is -6,562.5.
        #expect(abs(tracker.velocity(releasedAt: 16) + 6562.5) < 1e-6)
        #expect(tracker.newestVelocity == tracker.velocity(releasedAt: 16))
        // A real turn is believed: 0, 100, then back to 50.
        var turning = VelocityTracker()
        for (time, position) in [(0.0, 0.0), (8, 100), (16, 50)] { turning.addSample(position: position, time: time) }
        #expect(turning.velocity(releasedAt: 16) < 0)
    }

    @Test("samples older than 100 ms are ignored")
    func horizon() {
        var tracker = VelocityTracker()
        // A fast stretch that ends 120 ms before the newest sample, then a steady 500 pt/s.
        for sample in 0..<5 { tracker.addSample(position: Double(sample) * 100, time: Double(sample) * 8) }
        let start = 40.0
        for sample in 0...12 {
            let t = Double(sample) * 10
            tracker.addSample(position: 400 + 0.5 * t, time: start + t)
        }
        #expect(abs(tracker.velocity(releasedAt: start + 120) - 500) < 1e-6)
    }

    @Test("only the last 20 samples are used")
    func capacity() {
        var tracker = VelocityTracker()
        // 30 samples 1 ms apart: the first 10 at a different speed must not count.
        for sample in 0..<30 {
            let t = Double(sample)
            let position = sample < 10 ? 50 * t : 450 + 2 * (t - 9)
            tracker.addSample(position: position, time: t)
        }
        #expect(abs(tracker.velocity(releasedAt: 29) - 2000) < 1e-6)
    }

    @Test("a pause of over 40 ms between samples cuts the window")
    func pauseBetweenSamples() {
        var tracker = VelocityTracker()
        tracker.addSample(position: 0, time: 0)
        tracker.addSample(position: 100, time: 5)
        tracker.addSample(position: 200, time: 10)
        for sample in 0...4 { tracker.addSample(position: 200 + Double(sample), time: 60 + Double(sample) * 10) }
        #expect(abs(tracker.velocity(releasedAt: 100) - 100) < 1e-6)
    }

    @Test("a timestamp going backwards starts a new gesture instead of producing garbage")
    func timeGoesBackwards() {
        var tracker = workedExampleTracker()
        tracker.addSample(position: 0, time: 50)
        #expect(tracker.velocity(releasedAt: 50) == 0)
    }
}

@Suite("Deceleration: UIKit's projection, v / 1000 * d / (1 - d)")
struct DecelerationTests {
    @Test("UIKit's deceleration: 2000 pt/s coasts 198 pt at d = 0.99 and 998 pt at d = 0.998")
    func projection() {
        #expect(abs(Deceleration.projectedDistance(velocity: 2000, rate: 0.99) - 198.0) < 1e-9)
        #expect(abs(Deceleration.projectedDistance(velocity: 2000, rate: 0.998) - 998.0) < 1e-9)
        #expect(
            Deceleration.projectedDistance(velocity: -2000, rate: 0.99) == -Deceleration.projectedDistance(
                velocity: 2000,
                rate: 0.99
            )
        )
        #expect(Deceleration.projectedDistance(velocity: 0, rate: 0.99) == 0)
    }

    @Test("it is the sum of UIKit's millisecond steps, each keeping the fraction d of the velocity")
    func sumOfMillisecondSteps() {
        for rate in [0.9, 0.99, 0.998] {
            var velocity = 3000.0 / 1000  // pt per ms
            var travelled = 0.0
            for _ in 0..<100_000 {
                velocity *= rate
                travelled += velocity
            }
            #expect(abs(Deceleration.projectedDistance(velocity: 3000, rate: rate) - travelled) < 1e-6, "\(rate)")
        }
    }

    @Test("the largest finite velocity and a rate next to 1 still project a finite distance")
    func finite() {
        #expect(Deceleration.projectedDistance(velocity: .greatestFiniteMagnitude, rate: 0.99).isFinite)
        #expect(Deceleration.projectedDistance(velocity: 100_000, rate: 1.0.nextDown).isFinite)
    }
}

@Suite("Rubber band: b = (1 - 1 / (x c / d + 1)) d")
struct RubberBandTests {
    let band = RubberBand(dimension: 390, coefficient: 0.55)

    @Test("the rubber band: d = 390 gives 48.20 pt for x = 100 and 364.18 pt for x = 10000")
    func referenceValues() {
        #expect(abs(band.displacement(forOverscroll: 100) - 48.20) < 0.005)
        #expect(abs(band.displacement(forOverscroll: 10_000) - 364.18) < 0.005)
        #expect(abs(band.displacement(forOverscroll: -100) + 48.20) < 0.005)
    }

    @Test("the inverse recovers the finger travel, so a grab inside the band does not jump")
    func inverse() {
        for overscroll in [-5000.0, -100, -1, 0, 0.5, 100, 9000] {
            let displacement = band.displacement(forOverscroll: overscroll)
            #expect(abs(band.overscroll(forDisplacement: displacement) - overscroll) < 1e-6 * max(1, abs(overscroll)))
        }
    }

    @Test("the slope is the derivative: the content keeps c of the finger's speed at the edge")
    func slope() {
        #expect(band.slope(atOverscroll: 0) == 0.55)
        let x = 120.0
        let numeric = (band.displacement(forOverscroll: x + 1e-4) - band.displacement(forOverscroll: x - 1e-4)) / 2e-4
        #expect(abs(band.slope(atOverscroll: x) - numeric) < 1e-6)
    }
}

@Suite("Spring: critically damped, keeps the release velocity, never overshoots")
struct SpringTests {
    @Test("the spring: w = 20 from u0 = -300, v0 = 0 is within 0.5 pt at 0.433 s")
    func referenceSettle() {
        let spring = Spring(offset: -300, velocity: 0, angularFrequency: 20)
        // The brief rounds the crossing to 0.433 s; it lies between 0.4332 and 0.4333 s.
        #expect(abs(spring.offset(at: 0.4333)) <= 0.5)
        #expect(abs(spring.offset(at: 0.4332)) > 0.5)
    }

    @Test("it starts at the given offset with the given velocity (no velocity jump)")
    func continuity() {
        for (offset, velocity) in [(-300.0, 0.0), (120, -800), (-40, 5000), (0, 300)] {
            let spring = Spring(offset: offset, velocity: velocity, angularFrequency: 20)
            #expect(spring.offset(at: 0) == offset)
            #expect(abs(spring.velocity(at: 0) - velocity) < 1e-9)
        }
    }

    @Test(
        "a velocity that would overshoot raises the stiffness instead",
        arguments: [
            (-100.0, 8000.0), (100, -8000), (-1, 300), (-351, 7020.01),
        ]
    )
    func neverOvershoots(offset: Double, velocity: Double) {
        let spring = Spring(offset: offset, velocity: velocity, angularFrequency: 20)
        #expect(spring.angularFrequency > 20)
        for step in 0...400 {
            let u = spring.offset(at: Double(step) * 0.004)
            #expect(u * offset >= 0, "crossed the target at step \(step)")
        }
        #expect(abs(spring.velocity(at: 0) - velocity) < 1e-6 * abs(velocity))
    }

    @Test("a velocity away from the target turns within the allowed excursion, keeping its start velocity")
    func boundedExcursion() {
        for (offset, velocity) in [(0.0, 8000.0), (0, -300), (20, 5000), (-10, -2000)] {
            let spring = Spring(offset: offset, velocity: velocity, angularFrequency: 20, maximumExcursion: 22)
            let farthest = (0...400).map { abs(spring.offset(at: Double($0) * 0.001)) }.max()!
            #expect(farthest <= abs(offset) + 22 + 1e-9)
            #expect(abs(spring.velocity(at: 0) - velocity) < 1e-9 * abs(velocity))
        }
        // Slow enough to turn within the allowance: the configured stiffness stays.
        #expect(Spring(offset: 0, velocity: 300, angularFrequency: 20, maximumExcursion: 22).angularFrequency == 20)
    }

    @Test("a velocity the spring can absorb keeps the configured stiffness")
    func keepsStiffness() {
        #expect(Spring(offset: -351, velocity: 2000, angularFrequency: 20).angularFrequency == 20)
        #expect(Spring(offset: 100, velocity: 500, angularFrequency: 20).angularFrequency == 20)
    }
}
