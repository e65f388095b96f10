import Testing

@testable import CarouselCore

@Suite("Release rule: the snap point behind or ahead of where the content is")
struct ReleaseRuleTests {
    let pitch = Configuration.banner.pitch
    let loop = TrackSnapPoints(track: Track(configuration: .banner, itemCount: 5), origin: 0)

    /// The target, in pitches, of a release at `pitches` moving at `velocity` in the banner loop.
    func target(
        _ pitches: Double,
        _ velocity: Double,
        _ configuration: Configuration = .banner,
        caught: Drag.Caught? = nil
    ) -> Double {
        ReleaseRule.target(
            releasedAt: pitches * pitch,
            velocity: velocity,
            caught: caught,
            layout: loop,
            configuration: configuration
        ) / pitch
    }

    @Test("|v| >= 300 pt/s goes to the next snap point in the direction of v (ceil forward, floor backward)")
    func flick() {
        #expect(target(0.1, 300) == 1)
        #expect(target(-0.4, 1000) == 0)
        #expect(target(0.4, -1000) == 0)
        #expect(target(-0.1, -300) == -1)
        #expect(target(0.9, -299.99) == 1)  // below the threshold: by projection instead
    }

    @Test("a flick released exactly on a snap point still moves on, so it never springs out and back")
    func flickOnSnapPoint() {
        #expect(target(0, 500) == 1)
        #expect(target(0, -500) == -1)
    }

    @Test("a slow release goes to whichever neighbouring snap point is nearest p + v/1000 * d/(1 - d)")
    func projection() {
        // 0.4 pitch = 140.4 pt; 200 pt/s coasts 19.8 pt at d = 0.99: 160.2 < 175.5 stays.
        #expect(target(0.4, 200) == 0)
        // 0.45 pitch = 157.95 pt; 250 pt/s coasts 24.75 pt: 182.7 > 175.5 moves on.
        #expect(target(0.45, 250) == 1)
        #expect(target(-0.45, -250) == -1)
        #expect(target(0.6, 0) == 1)
        #expect(target(0.4, 0) == 0)
        var slow = Configuration.banner
        slow.decelerationRate = 0.998  // coasts 5x further: 0.4 pitch + 99.8 pt passes half a pitch
        #expect(target(0.4, 200, slow) == 1)
        // A projection many pitches away still stops at the neighbour (a reach of one item).
        slow.decelerationRate = 0.99999
        #expect(target(0.1, 290, slow) == 1)
        #expect(target(0, 290, slow) == 1)
    }

    @Test("a long drag rests behind or ahead of where the content is, never back where it began")
    func longDrags() {
        #expect(target(2.7, 0) == 3)
        #expect(target(2.3, 0) == 2)
        #expect(target(3.0, 0) == 3)
        #expect(target(-3.6, 8000) == -3)
        #expect(target(4.2, -8000) == 4)
        #expect(target(1.0, 8000) == 2)
    }

    @Test("a flick the same way as a caught animation goes one beyond that animation's target")
    func successiveFlicks() {
        let forward = Drag.Caught(target: pitch, direction: .forward)
        #expect(target(0.2, 2000, caught: forward) == 2)
        #expect(target(0.2, 0, caught: forward) == 0)  // a grab and a release at rest: the nearest
        #expect(target(0.2, -2000, caught: forward) == 0)  // the other way: the usual rule
        let backward = Drag.Caught(target: -pitch, direction: .backward)
        #expect(target(-0.3, -2000, caught: backward) == -2)
        // A drag that carried the content past the caught target keeps the usual rule's target.
        #expect(target(2.4, 2000, caught: forward) == 3)
    }

    @Test("the flick threshold is configurable")
    func threshold() {
        var lax = Configuration.banner
        lax.flickVelocityThreshold = 100
        #expect(target(0.1, 150, lax) == 1)
        #expect(target(0.1, 150) == 0)
    }
}
