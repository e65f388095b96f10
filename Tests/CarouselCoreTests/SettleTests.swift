import Testing

@testable import CarouselCore

@Suite("Settle: a critically damped spring from the release velocity that never overshoots")
struct SettleTests {
    /// Releases a drag at `position` (points from the start item) moving the content at
    /// `velocity` pt/s: the finger first gets near, rests (so the old samples go stale), then
    /// moves steadily at the velocity for 48 ms, which the fit recovers exactly.
    static func release(
        _ harness: inout Harness,
        at position: Double,
        velocity: Double
    ) {
        let grabX = 2000.0
        let runUp = velocity * 0.048
        harness.pointer(.down, x: grabX)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: grabX - (position - runUp))
        harness.advance(milliseconds: 60)
        for sample in 0...6 {
            if sample > 0 { harness.advance(milliseconds: 8) }
            harness.pointer(.move, x: grabX - (position - runUp + velocity * 0.008 * Double(sample)))
        }
        harness.pointer(.up, x: grabX - position)
    }

    struct Outcome {
        var settleMilliseconds: Double
        var target: Int
        var overshoot: Double
        /// The farthest the content got beyond where it was released, away from the target.
        var excursion: Double
        var firstStepVelocity: Double
        var final: Frame
    }

    static func settle(_ configuration: Configuration, at position: Double, velocity: Double) -> Outcome {
        var harness = Harness(configuration, itemCount: 5)
        release(&harness, at: position, velocity: velocity)
        let releaseFrame = harness.frames.count - 1
        let pitch = harness.pitch
        let frames = harness.runUntilIdle()
        let final = harness.last
        let target = final.currentIndex
        // Continuous positions relative to the start item (0); items 4 and 1 are its neighbours.
        func continuous(_ frame: Frame) -> Double {
            let relative = frame.currentIndex == 4 ? -1 : frame.currentIndex
            return Double(relative) * pitch + frame.position
        }
        let targetPosition = continuous(final)
        let startSide = continuous(harness.frames[releaseFrame]) - targetPosition
        var overshoot = 0.0
        var excursion = 0.0
        for frame in frames {
            let side = continuous(frame) - targetPosition
            if side * startSide < 0 { overshoot = max(overshoot, abs(side)) }
            excursion = max(excursion, abs(side) - abs(startSide))
        }
        let firstStep = frames.first.map { (continuous($0) - continuous(harness.frames[releaseFrame])) / 0.004 } ?? 0
        return Outcome(
            settleMilliseconds: Double(frames.count) * 4,
            target: target,
            overshoot: overshoot,
            excursion: excursion,
            firstStepVelocity: firstStep,
            final: final
        )
    }

    @Test("banner at 375 pt: release-to-rest <= 500 ms over positions -pitch..pitch and velocities -8000..8000 pt/s; it never overshoots and ends exactly on the snap point")
    func sweep() {
        let pitch = Configuration.banner.pitch
        var worst = (milliseconds: 0.0, position: 0.0, velocity: 0.0)
        var runs = 0
        for positionStep in -20...20 {
            for velocityStep in -32...32 {
                let position = pitch * Double(positionStep) / 20
                let velocity = 250 * Double(velocityStep)
                let outcome = Self.settle(.banner, at: position, velocity: velocity)
                runs += 1
                if outcome.settleMilliseconds > worst.milliseconds {
                    worst = (outcome.settleMilliseconds, position, velocity)
                }
                #expect(outcome.overshoot == 0, "overshoot \(outcome.overshoot) at p \(position), v \(velocity)")
                // A release moving away from its (clamped) target turns within a sixteenth of a pitch.
                #expect(outcome.excursion <= pitch / 16 + 1e-9, "excursion \(outcome.excursion) at p \(position), v \(velocity)")
                #expect(outcome.final.phase == .idle)
                #expect(outcome.final.position == 0)
                #expect(outcome.final.slot(showing: outcome.target)?.x == 16)
            }
        }
        print("settle sweep: \(runs) releases, worst release-to-rest \(worst.milliseconds) ms "
            + "at p = \(worst.position) pt, v = \(worst.velocity) pt/s")
        #expect(worst.milliseconds <= 500)
    }

    @Test("the spring starts with the release velocity: no velocity jump at release")
    func noVelocityJump() throws {
        for (position, velocity) in [(40.0, -3000.0), (40, -800), (40, 500), (-100, 2500), (200, 6000)] {
            var harness = Harness(.banner, itemCount: 5)
            Self.release(&harness, at: position, velocity: velocity)
            guard case .animating(let animation) = harness.carousel.motion else {
                Issue.record("not animating after a release at \(position), \(velocity)")
                continue
            }
            #expect(abs(animation.spring.initialVelocity - velocity) < 1e-6 * abs(velocity))
            // The first step follows the spring exactly from the release position.
            let before = harness.last.position
            harness.advance(milliseconds: 4)
            let moved = harness.last.position - before
            let expected = animation.spring.offset(at: 0.004) - animation.spring.initialOffset
            #expect(abs(moved - expected) < 1e-9)
            // ...and its mean speed over 4 ms is within what the spring's acceleration allows.
            let acceleration = abs(-2 * animation.spring.angularFrequency * velocity
                - animation.spring.angularFrequency * animation.spring.angularFrequency * animation.spring.initialOffset)
            #expect(abs(moved / 0.004 - velocity) <= acceleration * 0.004 / 2 + 1)
        }
    }

    @Test("one item per swipe: a fast flick never skips items")
    func fastFlickMovesOneItem() {
        var harness = Harness(.banner, itemCount: 9)
        harness.swipe(moving: -300, over: 24)  // about 12 500 pt/s
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        let pageChanges = harness.events.filter { if case .pageChanged = $0 { true } else { false } }
        #expect(pageChanges == [.pageChanged(index: 1, previous: 0)])
    }

    @Test("a weak release snaps to the nearest item by position")
    func weakRelease() {
        var harness = Harness(.banner, itemCount: 5)
        harness.press(moving: -200, over: 400)
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 0)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        harness.press(moving: -100, over: 400)
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 100)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }
}
