import TestSupport
import Testing

@testable import CarouselCore

/// `maxItemsPerFlick`: a release coasts as far as `decelerationRate` projects it, to the nearest
/// snap point, at most that many snap points on from the one behind where it is released.
@Suite("Flick reach: the deceleration rate decides how far a flick goes, within maxItemsPerFlick")
struct FlickReachTests {
    static func strip(reach: Int, rate: Double) -> Configuration {
        var configuration = Configuration.strip
        configuration.maxItemsPerFlick = reach
        configuration.decelerationRate = rate
        return configuration
    }

    /// The item a 2,000 pt/s swipe of 100 pt from rest lands on, with the carousel at rest again.
    static func landing(_ configuration: Configuration) -> Int {
        var harness = Harness(configuration, itemCount: 10)
        harness.swipe(at: 300, moving: -100, over: 50)
        harness.runUntilIdle()
        #expect(harness.carousel.phase == .idle)
        return harness.last.currentIndex
    }

    @Test("the same flick on a strip with maxItemsPerFlick 3 lands on item 1 at 0.99 and on item 3 at 0.998")
    func rateDecidesTheLanding() {
        // 2,000 pt/s coasts 198 pt at 0.99 (100 + 198 = 298 pt: nearest the first pitch, 351 pt)
        // and 998 pt at 0.998 (1,098 pt: 3.1 pitches, within the reach of 3).
        #expect(Self.landing(Self.strip(reach: 3, rate: 0.99)) == 1)
        #expect(Self.landing(Self.strip(reach: 3, rate: 0.998)) == 3)
        // With a reach of 1 the rate changes nothing for a flick: both land on the next item.
        #expect(Self.landing(Self.strip(reach: 1, rate: 0.99)) == 1)
        #expect(Self.landing(Self.strip(reach: 1, rate: 0.998)) == 1)
    }

    @Test("the strip preset reaches 3 items; the banner presets and the card feed 1, as their seeds page")
    func presets() {
        #expect(Configuration.strip.maxItemsPerFlick == 3)
        for name in ["banner", "paged", "coverflow", "cards"] {
            #expect(Configuration.preset(named: name)!.maxItemsPerFlick == 1, "\(name)")
        }
        #expect(Configuration().maxItemsPerFlick == 1)
    }

    @Test("maxItemsPerFlick takes 1 to 20; 0 and 21 are refused naming the field")
    func validation() throws {
        for reach in [1, 2, 20] {
            var configuration = Configuration.strip
            configuration.maxItemsPerFlick = reach
            try configuration.validate()
        }
        for reach in [0, -1, 21, Int.max, Int.min] {
            var configuration = Configuration.strip
            configuration.maxItemsPerFlick = reach
            #expect(throws: ConfigurationError.self, "\(reach)") { try configuration.validate() }
            do {
                try configuration.validate()
            } catch {
                #expect(error.field == "maxItemsPerFlick")
            }
        }
    }
}

/// The release rule through its layouts, with a reach and a rate.
@Suite("Flick reach: counted from the snap point behind the release, clamped at the ends")
struct FlickReachRuleTests {
    let pitch = Configuration.banner.pitch
    let loop = TrackSnapPoints(track: Track(configuration: .banner, itemCount: 5), origin: 0)
    /// Ten strip items, measured from the first: snap points 0, 1, ... 9 pitches.
    let strip = TrackSnapPoints(track: Track(configuration: .strip, itemCount: 10), origin: 0)

    /// The target, in pitches, of a release at `pitches` moving at `velocity`.
    func target(
        _ pitches: Double,
        _ velocity: Double,
        reach: Int,
        rate: Double = 0.998,
        in layout: TrackSnapPoints? = nil,
        caught: Drag.Caught? = nil
    ) -> Double {
        var configuration = Configuration.banner
        configuration.maxItemsPerFlick = reach
        configuration.decelerationRate = rate
        return ReleaseRule.target(
            releasedAt: pitches * pitch,
            velocity: velocity,
            caught: caught,
            layout: layout ?? loop,
            configuration: configuration
        ) / pitch
    }

    @Test("the reach is counted from the snap point behind the release, not from where the drag began")
    func countedFromBehindTheRelease() {
        // Projections of 9,980 pt (28 pitches) at 20,000 pt/s, from 1.4 pitches: behind is 1.
        #expect(target(1.4, 20_000, reach: 3) == 4)
        #expect(target(-1.4, -20_000, reach: 3) == -4)
        #expect(target(0, 20_000, reach: 3) == 3)  // on a snap point, that one is behind
        #expect(target(1.4, 20_000, reach: 20) == 21)
        #expect(target(1.4, 20_000, reach: 1) == 2)
    }

    @Test("within the reach, the snap point nearest the projection; a flick still moves at least one on")
    func nearestTheProjection() {
        // 1,000 pt/s at 0.998 coasts 499 pt = 1.42 pitches: from 0.1, 1.52 pitches: item 2 is nearer than 1.
        #expect(target(0.1, 1000, reach: 3) == 2)
        // At 0.99, 99 pt: 0.38 pitch, nearer 0 than 1, but a flick goes at least to the next one.
        #expect(target(0.1, 1000, reach: 3, rate: 0.99) == 1)
        // A slow release may stay behind or coast past the next one when the rate lets it.
        #expect(target(0.1, 100, reach: 3, rate: 0.99) == 0)
        #expect(target(0.1, 290, reach: 3, rate: 0.9999) == 3)  // 2,900 pt: capped at 3
        #expect(target(0.1, 290, reach: 1, rate: 0.9999) == 1)
    }

    @Test("velocity 0, -0 and subnormal are slow releases to the nearest; a huge one goes the whole reach")
    func velocityEdges() {
        for velocity in [0, -0.0, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, 1e-307] {
            #expect(target(0.6, velocity, reach: 20) == 1, "\(velocity)")
            #expect(target(0.4, velocity, reach: 20) == 0, "\(velocity)")
            #expect(target(-0.4, velocity, reach: 20) == 0, "\(velocity)")
        }
        for velocity in [Double.greatestFiniteMagnitude, 1e300, 100_000] {
            #expect(target(0.5, velocity, reach: 20) == 20, "\(velocity)")
            #expect(target(0.5, -velocity, reach: 20) == -19, "\(velocity)")  // behind is 1
            #expect(target(0.5, velocity, reach: 1) == 1, "\(velocity)")
        }
        // A rate next to 1 projects 10^18 pt: still a finite landing at the reach.
        #expect(target(0, 100_000, reach: 20, rate: 1.0.nextDown) == 20)
    }

    @Test("a non-looping strip clamps at its ends, whatever the reach")
    func endsClamp() {
        #expect(target(7.2, 20_000, reach: 3, in: strip) == 9)
        #expect(target(8.9, 20_000, reach: 20, in: strip) == 9)
        #expect(target(9, 20_000, reach: 20, in: strip) == 9)  // at the end: nowhere further
        #expect(target(1.5, -20_000, reach: 3, in: strip) == 0)
        #expect(target(0, -20_000, reach: 20, in: strip) == 0)
        // Past an end (in the rubber band), moving back in: the end is the first snap point of the reach.
        #expect(target(-0.3, 20_000, reach: 3, in: strip) == 2)
        #expect(target(9.3, -20_000, reach: 3, in: strip) == 7)
        #expect(target(9.3, 20_000, reach: 3, in: strip) == 9)
    }

    @Test("a flick after a caught animation goes at least one beyond its target, whatever the reach")
    func caughtAnimation() {
        let forward = Drag.Caught(target: pitch, direction: .forward)
        // The projection (0.4 pitch at 0.99) is short: one beyond the caught target.
        #expect(target(0.2, 1000, reach: 3, rate: 0.99, caught: forward) == 2)
        // The projection is longer: the reach from behind the release decides.
        #expect(target(0.2, 20_000, reach: 3, caught: forward) == 3)
        #expect(target(0.2, 0, reach: 3, caught: forward) == 0)  // a grab released at rest: the nearest
    }

    @Test("the card feed counts stops: a flick in a feed of viewport-high cards passes up to the reach of cards")
    func cardStops() {
        let cards = CardLayout(items: makeItems(8), viewport: 560, spacing: 0)
        let stops = CardStops(layout: cards, anchor: 0, rubberBand: RubberBand(dimension: 560, coefficient: 0.55))
        var configuration = Configuration.cards
        configuration.decelerationRate = 0.998
        func target(_ reach: Int) -> Double {
            configuration.maxItemsPerFlick = reach
            return ReleaseRule.target(
                releasedAt: 100,
                velocity: 5000,
                caught: nil,
                layout: stops,
                configuration: configuration
            )
        }
        #expect(target(1) == 560)
        #expect(target(3) == 3 * 560)  // 100 + 2,495 pt: 4.6 cards, capped at 3 on from 0
        #expect(target(20) == 5 * 560)  // the nearest stop to 2,595 pt
    }

    @Test("with a reach of 1 the rule is the one before the reach, over 20,000 random releases")
    func reachOfOneIsTheOldRule() {
        let seed = UInt64(0x5EED_F11C)
        var generator = SeededGenerator(seed: seed)
        var failures = 0
        for release in 0..<20_000 {
            let sample = RandomRelease(&generator)
            let old = Self.ruleBeforeTheReach(sample)
            let new = sample.target(reach: 1)
            if old != new && !(old.isNaN && new.isNaN) {
                Issue.record("seed \(seed) release \(release): \(sample) went to \(new), not \(old)")
                failures += 1
                if failures >= 5 { break }
            }
        }
    }

    /// The release rule as it was before `maxItemsPerFlick`, copied as it stood.
    static func ruleBeforeTheReach(_ sample: RandomRelease) -> Double {
        let position = sample.position
        let velocity = sample.velocity
        let configuration = sample.configuration
        let layout = sample.layout
        let direction = Direction(of: velocity) ?? .forward
        let behind = layout.snapPoint(atOrBehind: position, toward: direction)
        let ahead = layout.snapPoint(ahead: position, toward: direction)
        let isFlick = velocity != 0 && abs(velocity) >= configuration.flickVelocityThreshold
        guard isFlick else {
            let projected =
                position + Deceleration.projectedDistance(velocity: velocity, rate: configuration.decelerationRate)
            guard let behind else { return ahead ?? position }
            guard let ahead else { return behind }
            return abs(ahead - projected) <= abs(projected - behind) ? ahead : behind
        }
        var target = ahead ?? behind ?? position
        if let caught = sample.caught, caught.direction == direction {
            let beyond = layout.snapPoint(after: caught.target, toward: direction) ?? caught.target
            if direction.isFurther(beyond, than: target) { target = beyond }
        }
        return target
    }
}

/// One random release: a loop or a strip (sometimes of one item, or with every item fitting), a
/// position on, between or past the snap points, a velocity from the edges of the numbers, maybe a
/// caught animation, and a random rate and flick threshold.
struct RandomRelease: CustomStringConvertible {
    let layout: TrackSnapPoints
    let position: Double
    let velocity: Double
    let caught: Drag.Caught?
    let configuration: Configuration

    init(_ generator: inout SeededGenerator) {
        var configuration = [Configuration.banner, .paged, .coverflow, .strip].randomElement(using: &generator)!
        if Bool.random(using: &generator) { configuration.isLooping.toggle() }
        if Int.random(in: 0..<4, using: &generator) == 0 {
            configuration.itemLength = [40, 100, 200, 343].randomElement(using: &generator)!
        }
        configuration.decelerationRate = [0.5, 0.98, 0.99, 0.995, 0.998, 0.9999, 1.0.nextDown]
            .randomElement(using: &generator)!
        configuration.flickVelocityThreshold = [0, 1, 300, 300, 2000, 100_000].randomElement(using: &generator)!
        let itemCount = [0, 1, 2, 3, 5, 12].randomElement(using: &generator)!
        let track = Track(configuration: configuration, itemCount: itemCount)
        let origin = track.isLooping ? Int.random(in: 0..<itemCount, using: &generator) : 0
        layout = TrackSnapPoints(track: track, origin: origin)
        let pitch = configuration.pitch
        let steps = Double(Int.random(in: -14...14, using: &generator))
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: position = steps * pitch
        case 1: position = (steps + [0.5, 1e-12, -1e-12].randomElement(using: &generator)!) * pitch
        default: position = Double.random(in: -14...14, using: &generator) * pitch
        }
        let speeds: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, 1e-307, 1, 150, 299.99, 300, 300.01, 1000, 2000, 5000, 20_000, 100_000,
            1e300, .greatestFiniteMagnitude,
        ]
        let speed =
            Bool.random(using: &generator)
            ? speeds.randomElement(using: &generator)! : Double.random(in: 0...20_000, using: &generator)
        velocity = Bool.random(using: &generator) ? speed : -speed
        if Int.random(in: 0..<3, using: &generator) == 0 {
            let target = Double(Int.random(in: -15...15, using: &generator)) * pitch
            caught = Drag.Caught(target: target, direction: Bool.random(using: &generator) ? .forward : .backward)
        } else {
            caught = nil
        }
        self.configuration = configuration
    }

    func target(reach: Int) -> Double {
        var configuration = configuration
        configuration.maxItemsPerFlick = reach
        return ReleaseRule.target(
            releasedAt: position,
            velocity: velocity,
            caught: caught,
            layout: layout,
            configuration: configuration
        )
    }

    var description: String {
        "position \(position) velocity \(velocity) caught \(String(describing: caught)) rate "
            + "\(configuration.decelerationRate) threshold \(configuration.flickVelocityThreshold) "
            + "pitch \(configuration.pitch) loop \(layout.track.isLooping) items \(layout.track.itemCount)"
    }
}
