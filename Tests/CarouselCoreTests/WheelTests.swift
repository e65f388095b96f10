import Foundation
import TestSupport
import Testing

@testable import CarouselCore

/// Wheel and trackpad: where a wheel gesture begins and ends, and that one swipe or one turn of a
/// mouse wheel pages exactly once.
@Suite("Wheel: a trackpad swipe or a wheel's turn pages once; its inertial tail never pages again")
struct WheelTests {
    /// The deltas of a synthetic trackpad swipe: 60 events 10 ms apart over 600 ms, rising for 15
    /// (the fingers speed up) and then decaying by 8 % an event (the OS's momentum after they lift).
    static let trackpadSwipe: [Double] = (0..<60).map { (event: Int) -> Double in
        let rising = 2.0 * Double(event + 1)
        let decaying = 30.0 * pow(0.92, Double(event - 14))
        return event < 15 ? rising : decaying
    }

    /// Sends `deltas` along x (or y with `vertical`), `interval` ms apart, time passing between.
    static func send(_ deltas: [Double], interval: Double = 10, vertical: Bool = false, to harness: inout Harness) {
        for delta in deltas {
            if vertical { harness.wheel(dy: delta) } else { harness.wheel(dx: delta) }
            harness.advance(milliseconds: interval)
        }
    }

    static func pageChanges(_ frames: ArraySlice<Frame>) -> Int {
        frames.flatMap(\.events).filter { if case .pageChanged = $0 { true } else { false } }.count
    }

    @Test("a trackpad swipe (60 events rising then decaying over 600 ms) moves exactly one item")
    func trackpadSwipePagesOnce() {
        for (configuration, name) in [(Configuration.banner, "banner"), (.strip, "strip"), (.paged, "paged")] {
            var harness = Harness(configuration, itemCount: 6)
            let start = harness.frames.count
            Self.send(Self.trackpadSwipe, to: &harness)
            harness.runUntilIdle()
            #expect(harness.carousel.currentIndex == 1, "\(name)")
            #expect(Self.pageChanges(harness.frames[start...]) == 1, "\(name)")
            #expect(harness.last.position == 0, "\(name)")
        }
    }

    @Test("three swipes in a row move one item each, back to back or with pauses")
    func threeSwipesThreeItems() {
        for pause in [0.0, 60, 400] {
            var harness = Harness(.banner, itemCount: 8)
            for swipe in 1...3 {
                Self.send(Self.trackpadSwipe, to: &harness)
                harness.advance(milliseconds: pause)
                if pause >= 400 { #expect(harness.carousel.currentIndex == swipe, "pause \(pause)") }
            }
            harness.runUntilIdle()
            #expect(harness.carousel.currentIndex == 3, "pause \(pause)")
            #expect(Self.pageChanges(harness.frames[...]) == 3, "pause \(pause)")
        }
    }

    @Test("a mouse wheel's turn (notches of 100 pt, 50 to 100 ms apart) moves one item per turn")
    func notchBurstsPageOnceEach() {
        var harness = Harness(.banner, itemCount: 8)
        let bursts: [[Double]] = [[60, 60, 60], [50, 100, 75, 90], [100, 100]]
        for (turn, gaps) in bursts.enumerated() {
            for gap in gaps {
                harness.wheel(dx: 100)
                harness.advance(milliseconds: gap)
            }
            harness.advance(milliseconds: 600)
            #expect(harness.carousel.currentIndex == turn + 1, "turn \(turn)")
            #expect(harness.carousel.phase == .idle, "turn \(turn)")
        }
        // Backward, as Shift+wheel up sends it.
        for _ in 0..<4 {
            harness.wheel(dx: -100)
            harness.advance(milliseconds: 70)
        }
        harness.advance(milliseconds: 600)
        #expect(harness.carousel.currentIndex == 2)
    }

    @Test("a single notch pages once")
    func singleNotch() {
        var harness = Harness(.banner, itemCount: 5)
        harness.wheel(dx: 100)
        harness.advance(milliseconds: 800)
        #expect(harness.carousel.currentIndex == 1)
        #expect(harness.carousel.phase == .idle)
    }

    @Test("an inertial tail alone never starts a gesture: nothing moves")
    func tailAloneChangesNothing() {
        for tail in [Array(Self.trackpadSwipe[15...]), Array(Self.trackpadSwipe[15...]).map { $0.rounded() }] {
            var harness = Harness(.banner, itemCount: 5)
            let before = harness.last
            Self.send(tail, to: &harness)
            harness.advance(milliseconds: 600)
            #expect(harness.frames.allSatisfy { $0.phase == .idle && $0.position == 0 })
            #expect(harness.last == before)
        }
    }

    @Test("a vertical wheel over a horizontal carousel changes nothing, and is told apart for the page")
    func verticalWheelIgnored() {
        var harness = Harness(.banner, itemCount: 5)
        var results: [InputResult] = []
        for delta in Self.trackpadSwipe {
            results.append(harness.wheel(dx: delta / 3, dy: delta))
            harness.advance(milliseconds: 10)
        }
        harness.advance(milliseconds: 600)
        #expect(results.allSatisfy { $0 == .ignored(.offAxis) })
        #expect(harness.frames.allSatisfy { $0.phase == .idle && $0.position == 0 && $0.currentIndex == 0 })
        #expect(harness.carousel.restState != nil)
    }

    @Test("a vertical carousel takes the vertical wheel")
    func verticalCarousel() {
        var configuration = Configuration.banner
        configuration.axis = .vertical
        var harness = Harness(configuration, itemCount: 5)
        #expect(harness.wheel(dx: 30) == .ignored(.offAxis))
        Self.send(Self.trackpadSwipe, vertical: true, to: &harness)
        harness.runUntilIdle()
        #expect(harness.carousel.currentIndex == 1)
    }

    @Test("at the ends of a finite strip a wheel pushing outward is ignored (the page scrolls)")
    func releaseOnEdges() {
        var harness = Harness(.strip, itemCount: 3)
        #expect(harness.wheel(dx: -40) == .ignored(.atEnd))
        for _ in 0..<4 {
            Self.send(Self.trackpadSwipe, to: &harness)
            harness.advance(milliseconds: 400)
        }
        harness.runUntilIdle()
        harness.advance(milliseconds: 400)
        #expect(harness.carousel.currentIndex > 0)
        #expect(harness.wheel(dx: 40) == .ignored(.atEnd))
        #expect(harness.wheel(dx: -40) == .applied)
    }

    @Test("a finger down keeps the carousel: a wheel meanwhile is refused")
    func fingerOwnsTheCarousel() {
        var harness = Harness(.banner, itemCount: 5)
        harness.pointer(.down, x: 200)
        #expect(harness.wheel(dx: 30) == .ignored(.pointerIsDown))
        harness.pointer(.up, x: 200)
    }

    @Test("no rest state while a wheel's stream goes on, and the stream's quiet time is what changes next")
    func noRestStateDuringStream() {
        var harness = Harness(.banner, itemCount: 5)
        harness.wheel(dx: 5)
        #expect(harness.carousel.restState == nil)
        #expect(harness.carousel.timeUntilChange == WheelGesture.quietTimeout)
        harness.advance(milliseconds: 10)
        harness.wheel(dx: 8)
        #expect(harness.carousel.phase == .dragging)
        #expect(harness.carousel.activePointerID == nil)
        #expect(harness.carousel.restState == nil)
        harness.advance(milliseconds: 1000)
        #expect(harness.carousel.restState != nil)
    }

    @Test("the card feed pages one card per swipe")
    func cardFeed() throws {
        var feed = try CardFeed(
            configuration: .cards,
            items: (0..<5).map { CarouselItem(id: "c\($0)", length: 300) }
        )
        var time = 0.0
        for _ in 0..<2 {
            for delta in Self.trackpadSwipe {
                try feed.handle(.wheel(WheelEvent(deltaY: delta, timestamp: time)))
                feed.advance(by: .milliseconds(10))
                time += 10
            }
        }
        feed.advance(by: .seconds(2))
        _ = feed.takeFrame()
        #expect(feed.currentIndex == 2)
        #expect(feed.restState != nil)
    }
}
