import TestSupport
import Testing

@testable import CarouselCore

/// The `down` is a release's first sample (issue 22, the stranger's first finding): a flick that
/// lifts after a single move has a velocity, the line through the down and that move. Each test
/// here failed when a release needed three samples.
@Suite("A release counts the down as a sample: a one-move flick pages, on every layout")
struct ReleaseSampleTests {
    /// A harness whose client clock starts at 0, as the stranger's messages do.
    /// A release frame's velocity is the spring's at its start: the release velocity to a rounding.
    static let tolerance = 1e-9 * 12_500

    static func banner(itemCount: Int = 5) -> Harness {
        var harness = Harness(.banner, itemCount: itemCount)
        harness.clientTime = 0
        return harness
    }

    @Test(
        "down at 300, one move 8 ms later, up at once or 8 ms later: the carousel pages, either way",
        arguments: [(200.0, 0.0, 1), (200, 8, 1), (400, 0, 4), (400, 8, 4)]
    )
    func oneMoveFlickPages(moveTo x: Double, liftAfter delay: Double, expected: Int) {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: x)
        #expect(harness.last.velocity == 0, "a frame's velocity while dragging still waits for a third sample")
        if delay > 0 { harness.advance(milliseconds: delay) }
        harness.pointer(.up, x: x)
        let release = harness.last
        #expect(release.phase == .animating)
        #expect(
            abs(release.velocity - (300 - x) / 0.008) < Self.tolerance,
            "the line through down and move: 12,500 pt/s"
        )
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == expected)
    }

    @Test("the card feed: a one-move flick of 100 pt in 8 ms goes to the next card")
    func cardFeedOneMoveFlick() {
        var harness = FeedHarness(lengths: [nil, nil, nil, nil])
        harness.clientTime = 0
        harness.pointer(.down, y: 400)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, y: 300)
        harness.pointer(.up, y: 300)
        #expect(abs(harness.last.velocity - 12_500) < Self.tolerance)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        #expect(harness.scroll == harness.viewport)
    }

    @Test("a flick that catches the animation of the last one, with one move, goes one beyond its target")
    func caughtAnimationOneMove() {
        var harness = Self.banner(itemCount: 9)
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        harness.advance(milliseconds: 48)
        #expect(harness.last.phase == .animating && harness.last.target?.index == 1)
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 260)
        harness.pointer(.up, x: 260)
        #expect(harness.last.target?.index == 2)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 2)
    }

    @Test("down and move at one timestamp are one sample: no velocity, the drag's distance decides")
    func zeroDuration() {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        #expect(harness.last.velocity.isFinite)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 0, "100 pt of a 351 pt pitch, at no measurable speed")
        // The coalesced sample is where the finger was at that time; the next move 8 ms on reads
        // the speed from it.
        harness.pointer(.down, x: 300)
        harness.pointer(.move, x: 290)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 190)
        harness.pointer(.up, x: 190)
        #expect(abs(harness.last.velocity - 12_500) < Self.tolerance)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }

    @Test("a move repeating the newest timestamp replaces it: the line runs from the down to the latest position")
    func repeatedTimestamp() {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 250)
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        #expect(abs(harness.last.velocity - 12_500) < Self.tolerance)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }

    @Test("a timestamp that goes backwards drops the down (one sample, no velocity); the next move reads one")
    func timeGoesBackwards() {
        var harness = Self.banner()
        harness.clientTime = 100
        harness.pointer(.down, x: 300)
        harness.clientTime = 92
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        #expect(harness.last.velocity == 0)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 0)
        // The restarted clock's first sample and one more move: a line again.
        harness.clientTime = 100
        harness.pointer(.down, x: 300)
        harness.clientTime = 92
        harness.pointer(.move, x: 250)
        harness.clientTime = 100
        harness.pointer(.move, x: 150)
        harness.pointer(.up, x: 150)
        #expect(abs(harness.last.velocity - 12_500) < Self.tolerance)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }

    @Test(
        "a finger that rests, then flicks with one move: the stale down counts for nothing; two moves page",
        arguments: [41.0, 100, 500, 1e12]
    )
    func restThenFlick(rest: Double) {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.clientTime += rest
        harness.pointer(.move, x: 200)
        harness.pointer(.up, x: 200)
        #expect(harness.last.velocity == 0, "no velocity averaged over the rest")
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 0)
        harness.pointer(.down, x: 300)
        harness.clientTime += rest
        harness.pointer(.move, x: 250)
        harness.clientTime += 8
        harness.pointer(.move, x: 150)
        harness.pointer(.up, x: 150)
        #expect(abs(harness.last.velocity - 12_500) < Self.tolerance, "the line through the two moves, not the down")
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }

    @Test("a move of 0 pt has no velocity; a lift 40 ms after the only move keeps its velocity, 41 ms does not")
    func stillFinger() {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 300)
        harness.pointer(.up, x: 300)
        #expect(harness.last.velocity == 0 && harness.last.phase == .idle)
        for (hold, expected) in [(40.0, 1), (41, 0)] {
            let start = harness.last.currentIndex
            harness.pointer(.down, x: 300)
            harness.advance(milliseconds: 8)
            harness.pointer(.move, x: 200)
            harness.advance(milliseconds: hold)
            harness.pointer(.up, x: 200)
            #expect((harness.last.velocity == 0) == (hold > 40), "held \(hold) ms")
            harness.runUntilIdle()
            #expect(harness.last.currentIndex == start + expected, "held \(hold) ms")
        }
    }

    @Test("a flick that slows at its end is released the way it went (the parabola turned it back)")
    func slowingFlickKeepsItsDirection() {
        var harness = Self.banner()
        harness.pointer(.down, x: 300)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 200)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 195)
        let dragging = harness.last.velocity
        harness.pointer(.up, x: 195)
        #expect(harness.last.velocity > 0 && harness.last.velocity == dragging)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
    }
}
