import Testing

@testable import CarouselCore

@Suite("Release rule: one item per swipe")
struct ReleaseRuleTests {
    let pitch = Configuration.banner.pitch

    func target(_ pitches: Double, _ velocity: Double, _ configuration: Configuration = .banner) -> Int {
        ReleaseRule.steps(displacement: pitches * pitch, velocity: velocity, pitch: pitch, configuration: configuration)
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

    @Test("a slow release goes to the snap point nearest p - v/(1000 ln d)")
    func projection() {
        // 0.4 pitch = 140.4 pt; 200 pt/s coasts 19.9 pt at d = 0.99: 160.3 < 175.5 stays.
        #expect(target(0.4, 200) == 0)
        // 0.45 pitch = 157.95 pt; 250 pt/s coasts 24.87 pt: 182.8 > 175.5 moves on.
        #expect(target(0.45, 250) == 1)
        #expect(target(-0.45, -250) == -1)
        #expect(target(0.6, 0) == 1)
        #expect(target(0.4, 0) == 0)
        var slow = Configuration.banner
        slow.decelerationRate = 0.998  // coasts 5x further: 0.4 pitch + 99.9 pt passes half a pitch
        #expect(target(0.4, 200, slow) == 1)
    }

    @Test("the target is clamped to one item from where the gesture began")
    func clamped() {
        #expect(target(1.7, 0) == 1)
        #expect(target(0.9, 8000) == 1)
        #expect(target(-2.2, -8000) == -1)
        #expect(target(1.0, 8000) == 1)
    }

    @Test("the flick threshold is configurable")
    func threshold() {
        var lax = Configuration.banner
        lax.flickVelocityThreshold = 100
        #expect(target(0.1, 150, lax) == 1)
        #expect(target(0.1, 150) == 0)
    }
}
