import Foundation
import TestSupport
import Testing

@testable import CarouselCore

/// A `configure` while the carousel moves never jumps it to rest: new physics take over from the
/// content's position and velocity, a new geometry keeps the motion's target item.
@Suite("A configure while the carousel moves: the motion goes on")
struct ConfigureInMotionTests {
    /// The stranger's flick: down, 8 ms, one move of 100 pt, up, 20 ms: a spring is under way.
    static func springing(_ configuration: Configuration = .banner) -> Harness {
        var harness = Harness(configuration, itemCount: 5)
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        harness.advance(milliseconds: 20)
        return harness
    }

    static func settledCount(_ frames: some Sequence<Frame>) -> Int {
        frames.flatMap(\.events).filter { if case .settled = $0 { true } else { false } }.count
    }

    /// About the most a spring's velocity changes over one step: its acceleration `-w²u - 2wv` at
    /// the step's start times the step.
    static func velocityStepBound(_ frame: Frame, frequency: Double) -> Double {
        let u = frame.contentOffset - (frame.target?.contentOffset ?? frame.contentOffset)
        let v = frame.velocity
        return (frequency * frequency * abs(u) + 2 * frequency * abs(v)) * StepClock.stepSeconds
    }

    @Test("physics only, mid-spring: position and velocity continuous, no settled, same target")
    func physicsMidSpring() {
        var harness = Self.springing()
        let before = harness.last
        #expect(before.phase == .animating)
        var tuned = harness.carousel.configuration
        tuned.flickVelocityThreshold = 500
        tuned.sideScale = 0.9
        tuned.springAngularFrequency = 30
        harness.send(.configure(tuned))
        let after = harness.last
        #expect(after.phase == .animating)
        #expect(Self.settledCount([after]) == 0)
        // No time passed: the content is exactly where it was, at exactly its speed (to rounding).
        #expect(after.contentOffset == before.contentOffset)
        #expect(abs(after.velocity - before.velocity) <= 1e-9 * max(1, abs(before.velocity)))
        #expect(after.target == before.target)
        // One step on, the velocity changed by no more than one step of the rebuilt spring's pull
        // (-w²u - 2wv at the change, w the frequency it really uses after any raise): the
        // frequency changes the acceleration, never the velocity itself. A loose bound would hide
        // a jump; this one is what 4 ms of that spring can do, and 10% for the pull's own change.
        guard case .animating(let animation) = harness.carousel.scroller.motion else {
            Issue.record("not animating")
            return
        }
        harness.advance(milliseconds: 4)
        let bound = 1.1 * Self.velocityStepBound(after, frequency: animation.spring.angularFrequency)
        #expect(abs(harness.last.velocity - after.velocity) <= bound)
        let waited = harness.runUntilIdle()
        #expect(Self.settledCount(waited) == 1)
        #expect(harness.last.currentIndex == before.target?.index)
    }

    @Test("a change of appearance only leaves the spring untouched: the same frames as without it")
    func appearanceLeavesSpring() {
        var plain = Self.springing()
        var tuned = Self.springing()
        var configuration = tuned.carousel.configuration
        configuration.sideScale = 0.8
        let changedAt = tuned.frames.count
        tuned.send(.configure(configuration))
        tuned.frames.remove(at: changedAt)
        plain.runUntilIdle()
        tuned.runUntilIdle()
        #expect(plain.frames.map(\.contentOffset) == tuned.frames.map(\.contentOffset))
        #expect(plain.frames.map(\.velocity) == tuned.frames.map(\.velocity))
    }

    @Test(
        "a layout change mid-flick keeps the target item and the item under the snap line, without settled",
        arguments: ["banner", "paged", "coverflow", "strip"]
    )
    func layoutMidFlick(preset: String) {
        var harness = Harness(Configuration.preset(named: preset)!, itemCount: 8)
        harness.swipe(at: 300, moving: -120, over: 40)
        harness.advance(milliseconds: 24)
        let before = harness.last
        #expect(before.phase == .animating)
        var changed = harness.carousel.configuration
        changed.spacing += 12
        changed.inset += 4
        harness.send(.configure(changed))
        let after = harness.last
        #expect(after.phase == .animating, "\(preset)")
        #expect(Self.settledCount([after]) == 0, "\(preset)")
        #expect(after.target?.index == before.target?.index, "\(preset)")
        #expect(after.currentIndex == before.currentIndex, "\(preset)")
        // The fraction of a pitch off the current item's snap point is kept.
        let oldPitch = Configuration.preset(named: preset)!.pitch
        #expect(abs(after.position / changed.pitch - before.position / oldPitch) < 1e-9, "\(preset)")
        let waited = harness.runUntilIdle()
        #expect(Self.settledCount(waited) == 1, "\(preset)")
        #expect(harness.last.currentIndex == before.target?.index, "\(preset)")
    }

    @Test("a change during auto-scroll's animation: it goes on, and the countdown restarts only when it settles")
    func duringAutoScroll() {
        var configuration = Configuration.banner.autoScrolling(every: .seconds(1))
        var harness = Harness(configuration, itemCount: 5)
        harness.advance(milliseconds: 1000)
        harness.advance(milliseconds: 60)
        let before = harness.last
        #expect(before.phase == .animating && before.target?.index == 1)
        configuration.spacing = 20
        configuration.springAngularFrequency = 25
        harness.send(.configure(configuration))
        #expect(harness.last.phase == .animating)
        #expect(Self.settledCount([harness.last]) == 0)
        #expect(harness.last.target?.index == 1)
        #expect(harness.last.autoScroll.state == .running)
        let waited = harness.runUntilIdle()
        #expect(Self.settledCount(waited) == 1 && harness.last.currentIndex == 1)
        // The next advance comes a full interval after the motion settled, not sooner, not later.
        let settledTime = harness.clientTime
        while harness.last.phase == .idle { harness.advance(milliseconds: 4) }
        #expect(abs(harness.clientTime - settledTime - 1000) <= 4)
    }

    @Test("a configure at rest that leaves auto-scroll on keeps its countdown (cut to a shorter interval)")
    func countdownKept() {
        var configuration = Configuration.banner.autoScrolling(every: .seconds(2))
        var harness = Harness(configuration, itemCount: 5)
        harness.advance(milliseconds: 1200)
        #expect(harness.last.autoScroll.remaining == .milliseconds(800))
        configuration.sideScale = 0.9
        configuration.spacing = 12
        harness.send(.configure(configuration))
        #expect(harness.last.autoScroll.remaining == .milliseconds(800))
        configuration.autoScrollInterval = .milliseconds(500)
        harness.send(.configure(configuration))
        #expect(harness.last.autoScroll.remaining == .milliseconds(500))
        #expect(harness.last.phase == .idle && harness.events.filter { $0 == .autoScrolled(index: 0) }.isEmpty)
    }

    @Test("a configure during a drag keeps the drag under the same finger, in the new geometry")
    func duringDrag() {
        var harness = Harness(.banner, itemCount: 5)
        harness.press(at: 300, moving: -100, over: 50)
        let before = harness.last
        var changed = harness.carousel.configuration
        changed.spacing = 24
        changed.flickVelocityThreshold = 200
        harness.send(.configure(changed))
        let after = harness.last
        #expect(after.phase == .dragging && harness.carousel.activePointerID == 0)
        #expect(Self.settledCount([after]) == 0)
        #expect(abs(after.position / changed.pitch - before.position / Configuration.banner.pitch) < 1e-9)
        // The finger goes on from where it is: 10 pt more moves the content 10 pt, no jump.
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 190)
        #expect(abs(harness.last.contentOffset - after.contentOffset - 10) < 1e-9)
        harness.pointer(.up, x: 190)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }

    @Test("an axis switch during a drag cancels it: a spring to the nearest snap point, no jump to rest")
    func axisSwitchDuringDrag() {
        var harness = Harness(.banner, itemCount: 5)
        harness.press(at: 300, moving: -60, over: 50)
        let before = harness.last
        var changed = harness.carousel.configuration
        changed.axis = .vertical
        harness.send(.configure(changed))
        #expect(harness.last.phase == .animating && harness.carousel.activePointerID == nil)
        #expect(Self.settledCount([harness.last]) == 0)
        #expect(abs(harness.last.position / changed.pitch - before.position / Configuration.banner.pitch) < 1e-9)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 0)
    }

    @Test("the card feed: a physics or layout change mid-motion goes on to the same card without settled")
    func cardFeed() throws {
        for change in ["physics", "layout"] {
            var feed = try CardFeed(configuration: .cards, items: makeItems(6))
            _ = feed.takeFrame()
            try feed.handle(.command(.next))
            feed.advance(by: .milliseconds(40))
            let before = feed.takeFrame()
            #expect(before.phase == .animating)
            var changed = feed.configuration
            if change == "physics" {
                changed.springAngularFrequency = 35
                changed.flickVelocityThreshold = 700
            } else {
                changed.spacing += 16
            }
            try feed.handle(.configure(changed))
            let after = feed.takeFrame()
            #expect(after.phase == .animating, "\(change)")
            #expect(Self.settledCount([after]) == 0, "\(change)")
            #expect(after.target?.index == before.target?.index, "\(change)")
            if change == "physics" { #expect(after.contentOffset == before.contentOffset) }
            var frames: [Frame] = []
            while feed.frame.phase != .idle {
                feed.advance(by: .milliseconds(4))
                frames.append(feed.takeFrame())
            }
            #expect(Self.settledCount(frames) == 1, "\(change)")
            #expect(feed.currentIndex == 1, "\(change)")
        }
    }

    @Test("random motion, random configure at a random time: no frame-to-frame jump beyond the motion's own")
    func neverJumps() {
        let seed =
            ProcessInfo.processInfo.environment["CONFIGURE_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("configure-in-motion property seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        var worst = 0.0
        for run in 0..<200 {
            var configuration = RandomizedGestureTests.randomConfiguration(&generator)
            var harness = Harness(configuration, itemCount: Int.random(in: 2...9, using: &generator))
            if Bool.random(using: &generator) {
                harness.swipe(
                    at: 300,
                    moving: Double.random(in: -400...400, using: &generator),
                    over: Double.random(in: 30...200, using: &generator)
                )
            } else {
                harness.send(.command([.next, .previous].randomElement(using: &generator)!))
            }
            let start = harness.frames.count - 1
            harness.advance(milliseconds: Double(Int.random(in: 1...60, using: &generator)) * 4)
            guard harness.last.phase == .animating else { continue }
            // A physics tweak or a layout tweak of the same preset (a loop stays a loop).
            var changed = configuration
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: changed.springAngularFrequency = Double.random(in: 8...60, using: &generator)
            case 1: changed.sideScale = Double.random(in: 0.7...1, using: &generator)
            case 2: changed.spacing = Double(Int.random(in: 0...30, using: &generator))
            default: changed.inset = Double(Int.random(in: 0...40, using: &generator))
            }
            // A wider gap may leave room for fewer items than a page holds.
            changed.itemsPerPage = min(changed.itemsPerPage, changed.itemsThatFit)
            guard changed != configuration else { continue }
            let pitchBefore = configuration.pitch
            let changedAt = harness.frames.count
            harness.send(.configure(changed))
            configuration = changed
            harness.runUntilIdle()
            // In items, so that a new pitch is no jump by itself.
            func items(_ index: Int) -> Double {
                harness.frames[index].contentOffset / (index < changedAt ? pitchBefore : configuration.pitch)
            }
            var largest = 0.0
            for index in (start + 1)..<harness.frames.count where index != changedAt {
                largest = max(largest, abs(items(index) - items(index - 1)))
            }
            let jump = abs(items(changedAt) - items(changedAt - 1))
            worst = max(worst, jump / max(largest, 1e-12))
            #expect(
                jump <= largest + 1e-9,
                """
                run \(run), seed \(seed): a jump of \(jump) items, motion's largest \(largest); \
                \(harness.frames[changedAt - 1]) -> \(harness.frames[changedAt]); to \(changed)
                """
            )
            #expect(Self.settledCount([harness.last]) <= 1)
            #expect(Self.settledCount(harness.frames[changedAt...changedAt]) == 0, "run \(run), seed \(seed)")
        }
        print("configure-in-motion: worst jump / motion's largest step = \(worst)")
    }
}
