import Foundation
import TestSupport
import Testing

@testable import CarouselCore

/// Free scroll (`snapping: free`): a release coasts with `decelerationRate` and rests wherever it
/// stops; the ends of a finite strip still hold; events and the three slots keep working.
@Suite("Free scroll: a release coasts as UIKit decelerates and rests where it stops")
struct FreeScrollTests {
    /// `configuration` with free scroll.
    /// A free-scrolling strip of 30 items, swiped from item 10 and left coasting for `milliseconds`.
    static func coastingStrip(after milliseconds: Int) throws -> Harness {
        var harness = Harness(free(.strip), itemCount: 30)
        harness.send(.command(.go(to: 10, animated: false)))
        harness.swipe(at: 300, moving: -120, over: 60)
        harness.advance(milliseconds: Double(milliseconds))
        try #require(harness.last.phase == .animating)
        return harness
    }

    static func free(_ configuration: Configuration, rate: Double? = nil) -> Configuration {
        var configuration = configuration
        configuration.snapping = .free
        if let rate { configuration.decelerationRate = rate }
        return configuration
    }

    /// The content's place on the unwrapped axis.
    static func place(_ frame: Frame) -> Double { frame.contentOffset }

    static func count(_ frames: some Sequence<Frame>, _ matches: (CarouselEvent) -> Bool) -> Int {
        frames.flatMap(\.events).filter(matches).count
    }

    static func settledCount(_ frames: some Sequence<Frame>) -> Int {
        count(frames) { if case .settled = $0 { true } else { false } }
    }

    /// A flick from the middle of a long strip: its travel after the release is the closed form of
    /// UIKit's model for the release velocity, within what remains below the rest speed, and it
    /// rests between snap points.
    @Test("a flick coasts the distance the deceleration model predicts and rests off the grid")
    func flickCoastsProjectedDistance() throws {
        for rate in [0.99, 0.998] {
            var harness = Harness(Self.free(.strip, rate: rate), itemCount: 40)
            harness.send(.command(.go(to: 10, animated: false)))
            harness.swipe(at: 300, moving: -120, over: 60)
            let release = harness.last
            try #require(release.phase == .animating)
            let velocity = release.velocity
            #expect(velocity > 1000)
            let start = Self.place(release)
            let waited = harness.runUntilIdle()
            let rest = Self.place(harness.last)
            let remainder = Coast.restSpeed / 1000 * rate / (1 - rate)
            let projected = Deceleration.projectedDistance(velocity: velocity, rate: rate)
            #expect(rest - start <= projected && rest - start >= projected - remainder, "rate \(rate)")
            // Exactly the curve's closed form at its end step.
            let coast = Coast(from: start, velocity: velocity, rate: rate)
            #expect(rest == coast.end, "rate \(rate)")
            #expect(waited.count == coast.endStep, "rate \(rate)")
            #expect(harness.last.position != 0, "rests between snap points")
            #expect(harness.last.phase == .idle && harness.last.velocity == 0)
            #expect(Self.settledCount(waited) == 1)
            // The frames in between follow the curve: never backwards, never past the end.
            let places = waited.map(Self.place)
            #expect(zip(places, places.dropFirst()).allSatisfy { $0 <= $1 })
            #expect(waited.allSatisfy { $0.phase == .idle || $0.target?.contentOffset == rest })
        }
    }

    @Test("a faster flick goes further")
    func fasterFlickGoesFurther() {
        var distances: [Double] = []
        for duration in [120.0, 80, 40] {
            var harness = Harness(Self.free(.strip), itemCount: 60)
            harness.send(.command(.go(to: 20, animated: false)))
            let start = Self.place(harness.last)
            harness.swipe(at: 300, moving: -120, over: duration)
            harness.runUntilIdle()
            distances.append(Self.place(harness.last) - start)
        }
        #expect(distances[0] < distances[1] && distances[1] < distances[2], "\(distances)")
    }

    @Test("a release without velocity rests in place, with one settled")
    func stillReleaseRestsInPlace() {
        for configuration in [Configuration.strip, .banner] {
            var harness = Harness(Self.free(configuration), itemCount: 8)
            harness.send(.command(.go(to: 3, animated: false)))
            let first = harness.frames.count
            harness.press(at: 300, moving: -100, over: 100)
            harness.advance(milliseconds: 200)  // the finger stops before it lifts
            let held = Self.place(harness.last)
            harness.pointer(.up, x: 200)
            #expect(harness.last.phase == .idle)
            #expect(Self.place(harness.last) == held)
            #expect(harness.last.position != 0)
            #expect(Self.settledCount(harness.frames[first...]) == 1)
        }
    }

    /// A hard flick toward each end of a non-looping strip: the coast runs into the end, bounces a
    /// little past it (at most a sixteenth of a page) and rests exactly on it.
    @Test("a coast into either end of a non-looping strip rests exactly on the end")
    func coastIntoEndsRestsOnEnds() throws {
        // At 0.998 the flick of 5,000 pt/s projects 2,495 pt: past either end from anywhere.
        var harness = Harness(Self.free(.strip, rate: 0.998), itemCount: 6)
        let pitch = harness.pitch
        let last = harness.carousel.track.lastSnapPoint
        harness.send(.command(.go(to: 3, animated: false)))
        harness.swipe(at: 300, moving: -200, over: 40)
        try #require(harness.last.phase == .animating)
        #expect(harness.last.target?.contentOffset == last)
        var waited = harness.runUntilIdle()
        #expect(waited.allSatisfy { Self.place($0) <= last + pitch / 16 + 1e-9 })
        #expect(waited.contains { Self.place($0) > last }, "it bounces past the end")
        #expect(Self.place(harness.last) == last && harness.last.phase == .idle)
        #expect(harness.carousel.currentIndex == 5)
        #expect(Self.settledCount(waited) == 1)

        harness.swipe(at: 50, moving: 200, over: 40)
        #expect(harness.last.target?.contentOffset == 0)
        waited = harness.runUntilIdle()
        #expect(waited.allSatisfy { Self.place($0) >= -pitch / 16 - 1e-9 })
        #expect(Self.place(harness.last) == 0 && harness.last.phase == .idle)
        #expect(Self.settledCount(waited) == 1)
    }

    /// As UIScrollView: a release outside the content bounces back onto its end, even one flicked
    /// back inward (which snapping would carry on to the next item).
    @Test("a release in the rubber band past either end springs back exactly onto the end")
    func releaseInOverscrollSpringsBack() {
        var harness = Harness(Self.free(.strip), itemCount: 6)
        let last = harness.carousel.track.lastSnapPoint
        // Past the start: drag right from the first item, then flick back left while still past it.
        harness.press(at: 100, moving: 150, over: 100)
        harness.advance(milliseconds: 60)  // the finger stops: the window starts afresh
        for x in [220.0, 190, 160] {  // 3,750 pt/s: snapping would carry it on to the next item
            harness.pointer(.move, x: x)
            harness.advance(milliseconds: 8)
        }
        #expect(Self.place(harness.last) < 0)
        harness.pointer(.up, x: 160)
        #expect(harness.last.velocity > 300, "a flick inward")
        #expect(harness.last.target?.contentOffset == 0)
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == 0)
        // Past the end, with a flick outward.
        harness.send(.command(.go(to: 5, animated: false)))
        harness.swipe(at: 300, moving: -150, over: 50)
        #expect(harness.last.target?.contentOffset == last)
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == last && harness.last.phase == .idle)
    }

    /// A loop coasts through many items: one `pageChanged` for each item crossed, in order, on
    /// three slots, with every invariant of the snapping carousel except the snap point at rest.
    @Test("in a loop a coast crosses many items with a pageChanged each, on three slots")
    func loopCoastsManyItems() throws {
        var harness = Harness(Self.free(.banner, rate: 0.998), itemCount: 7)
        var checker = InvariantChecker(first: harness.last)
        let first = harness.frames.count
        harness.swipe(at: 300, moving: -180, over: 30)  // about 6000 pt/s: 16 pt a step, under a pitch
        harness.runUntilIdle()
        let frames = harness.frames[first...]
        for (offset, frame) in frames.enumerated() {
            checker.check(
                frame,
                isContinuous: true,
                configuration: harness.carousel.configuration,
                context: "frame \(offset)"
            )
        }
        let crossed = Int((Self.place(harness.last) / harness.pitch).rounded())
        #expect(crossed >= 7, "coasted \(Self.place(harness.last)) pt")
        let changes = frames.flatMap(\.events).compactMap { event -> (Int, Int)? in
            if case .pageChanged(let index, let previous) = event { (index, previous) } else { nil }
        }
        #expect(changes.count == crossed)
        #expect(changes.allSatisfy { $0.0 == ($0.1 + 1) % 7 })
        #expect(frames.allSatisfy { $0.slots.count == 3 })
        #expect(harness.last.position != 0 && harness.last.phase == .idle)
        #expect(Self.settledCount(frames) == 1)
    }

    @Test("a finger catches a coast where it is, without a jump")
    func fingerCatchesCoast() throws {
        var harness = try Self.coastingStrip(after: 100)
        let coasting = harness.last
        harness.pointer(.down, x: 200)
        #expect(harness.last.phase == .dragging)
        #expect(Self.place(harness.last) == Self.place(coasting))
        #expect(harness.last.events.contains(.interrupted(index: coasting.currentIndex)))
        harness.advance(milliseconds: 300)
        #expect(Self.place(harness.last) == Self.place(coasting), "time alone moves nothing under a finger")
        harness.pointer(.up, x: 200)
        #expect(harness.last.phase == .idle && Self.place(harness.last) == Self.place(coasting))
    }

    /// The coast's curve with the edge numbers the fuzzer uses: rates near 0 and near 1, start
    /// velocities of 0, -0, a subnormal and the release limit. Every coast stops within its step
    /// bound on a finite position inside the ends, and its last step is where the curve ends.
    @Test("edge numbers: rates near 0 and 1, velocities 0, -0, subnormal and the release limit")
    func edgeNumbers() {
        let rates = [Double.leastNonzeroMagnitude, 1e-300, 0.01, 0.5, 0.99, 0.998, 0.999999, (1.0).nextDown]
        let velocities = [
            0, -0.0, Double.leastNonzeroMagnitude, -Double.leastNormalMagnitude.nextDown, Coast.restSpeed,
            Coast.restSpeed.nextUp, 1e-9,
            Scroller.maximumReleaseVelocity, -Scroller.maximumReleaseVelocity,
        ]
        for rate in rates {
            for velocity in velocities {
                for looping in [false, true] {
                    var configuration = Self.free(.strip, rate: rate)
                    configuration.isLooping = looping
                    let track = Track(configuration: configuration, itemCount: 12)
                    let layout = TrackSnapPoints(track: track, origin: 0)
                    var scroller = Scroller()
                    scroller.position = looping ? 0 : 3.5 * track.pitch
                    let start = scroller.position
                    var outcome = scroller.coast(velocity: velocity, layout: layout, configuration: configuration)
                    var steps = 0
                    var settled = outcome == .settled ? 1 : 0
                    while outcome == .moving, steps < Coast.maximumSteps + 200 {
                        outcome = scroller.step() ?? .settled
                        if outcome == .settled { settled += 1 }
                        steps += 1
                        #expect(scroller.position.isFinite)
                    }
                    let context = "rate \(rate), velocity \(velocity), loop \(looping)"
                    #expect(settled == 1 && scroller.motion == .resting, "\(context)")
                    #expect(steps <= Coast.maximumSteps + 100, "\(steps) steps, \(context)")
                    if let bounds = layout.bounds { #expect(bounds.contains(scroller.position), "\(context)") }
                    if abs(velocity) <= Coast.restSpeed { #expect(scroller.position == start, "\(context)") }
                    let coast = Coast(from: start, velocity: velocity, rate: rate)
                    if looping { #expect(scroller.position == coast.end, "\(context)") }
                    #expect(coast.end.isFinite && coast.endStep <= Coast.maximumSteps, "\(context)")
                }
            }
        }
    }

    /// Random free-scroll sessions (loops and strips, both rates, swipes, grabs, commands, wheel
    /// swipes, time, reconfigures): every invariant holds, every rest lies within the ends and
    /// every motion ends with exactly one `settled`.
    @Test("property: every rest is within the ends, and each motion settles exactly once")
    func randomSessions() {
        let seed = TestSeed.pick("FREE_SCROLL_SEED", for: "FreeScrollTests.randomSessions")
        var generator = SeededGenerator(seed: seed)
        for session in 0..<12 {
            var configuration = Self.free(
                [Configuration.strip, .banner, .paged, .coverflow].randomElement(using: &generator)!,
                rate: [0.99, 0.998, 0.9].randomElement(using: &generator)!
            )
            if Bool.random(using: &generator) { configuration.isLooping.toggle() }
            configuration.isAutoScrollEnabled = Bool.random(using: &generator)
            var harness = Harness(configuration, itemCount: Int.random(in: 2...9, using: &generator))
            var checker = InvariantChecker(first: harness.last)
            for operation in 0..<150 {
                let first = harness.frames.count
                var isContinuous = true
                var mayBeginMotions = false
                let choice = Int.random(in: 0..<100, using: &generator)
                switch choice {
                case 0..<35:
                    let start = Double.random(in: 0...375, using: &generator)
                    let distance = Double.random(in: -600...600, using: &generator)
                    let duration = max(abs(distance) / 8, Double.random(in: 8...300, using: &generator))
                    harness.swipe(at: start, moving: distance, over: duration)
                case 35..<55:
                    harness.advance(milliseconds: Double.random(in: 4...1500, using: &generator))
                    mayBeginMotions = true
                case 55..<65:
                    harness.send(.command([.next, .previous].randomElement(using: &generator)!))
                case 65..<72:
                    let deltas = WheelTests.trackpadSwipe.map { $0 * (Bool.random(using: &generator) ? 1 : -1.5) }
                    WheelTests.send(Array(deltas.prefix(Int.random(in: 1...60, using: &generator))), to: &harness)
                    mayBeginMotions = true
                case 72..<78:
                    var changed = harness.carousel.configuration
                    changed.snapping = Bool.random(using: &generator) ? .free : .item
                    // Whole spacings, as in RandomizedGestureTests: with a fractional pitch a finite strip's
                    // last snap point may lie an ulp off the grid, and snapping's steps from it too.
                    if Bool.random(using: &generator) {
                        changed.spacing = Double(Int.random(in: 0...20, using: &generator))
                    }
                    harness.send(.configure(changed))
                    isContinuous = false
                case 78..<83:
                    let index = Int.random(in: 0..<harness.carousel.items.count, using: &generator)
                    harness.send(.command(.go(to: index, animated: true)))
                default:
                    harness.press(at: 200, moving: Double.random(in: -200...200, using: &generator), over: 48)
                    harness.send(.pointer(PointerEvent(.cancel, x: 50, timestamp: harness.clientTime)))
                }
                for index in first..<harness.frames.count {
                    checker.check(
                        harness.frames[index],
                        isContinuous: isContinuous || index > first,
                        mayBeginMotions: mayBeginMotions,
                        configuration: harness.carousel.configuration,
                        context:
                            "seed \(seed) session \(session) operation \(operation) choice \(choice) frame \(index)"
                    )
                }
            }
            harness.runUntilIdle()
            harness.advance(milliseconds: 200)  // a wheel's stream falls quiet
            harness.runUntilIdle()
            #expect(harness.carousel.phase == .idle, "seed \(seed) session \(session)")
            #expect(harness.carousel.restState != nil, "seed \(seed) session \(session)")
        }
    }
}
