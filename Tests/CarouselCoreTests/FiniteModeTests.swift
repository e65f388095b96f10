import Testing

@testable import CarouselCore

@Suite("Finite mode: rubber band past the ends, spring back to the end item")
struct FiniteModeTests {
    /// b = (1 - 1 / (x * 0.55 / d + 1)) * d with d the viewport width.
    static func band(_ x: Double, viewport: Double = 375) -> Double {
        (1 - 1 / (x * 0.55 / viewport + 1)) * viewport
    }

    @Test("past the first item the drag follows the rubber band")
    func bandAtStart() {
        var harness = Harness(.strip, itemCount: 5)
        harness.pointer(.down, x: 100)
        for x in [150.0, 200, 300, 1100] {
            harness.pointer(.move, x: x)
            #expect(abs(harness.last.position + Self.band(x - 100)) < 1e-9, "dragged \(x - 100)")
            #expect(harness.last.currentIndex == 0)
        }
    }

    @Test("past the last item the drag follows the rubber band")
    func bandAtEnd() {
        var harness = Harness(.strip, itemCount: 3)
        harness.send(.command(.go(to: 2, animated: false)))
        harness.pointer(.down, x: 300)
        harness.pointer(.move, x: 200)
        #expect(abs(harness.last.position - Self.band(100)) < 1e-9)
        // A drag that starts inside and leaves: only the part beyond the end is banded.
        var inside = Harness(.strip, itemCount: 3)
        inside.send(.command(.go(to: 1, animated: false)))
        inside.pointer(.down, x: 600)
        inside.pointer(.move, x: 600 - 351 - 100)
        #expect(inside.last.currentIndex == 2)
        #expect(abs(inside.last.position - Self.band(100)) < 1e-9)
    }

    @Test("the rubber band uses the configured viewport as d")
    func bandDimension() {
        var wide = Configuration.strip
        wide.viewportWidth = 390
        var harness = Harness(wide, itemCount: 3)
        harness.pointer(.down, x: 0)
        harness.pointer(.move, x: 100)
        #expect(abs(harness.last.position + 48.20) < 0.005)  // the rubber band's reference value for d = 390
    }

    @Test("release springs back to the end item, even after a fling outwards", arguments: [0.0, 1500, -1500])
    func springBack(velocity: Double) {
        for (index, direction) in [(0, 1.0), (4, -1.0)] {
            var harness = Harness(.strip, itemCount: 5)
            harness.send(.command(.go(to: index, animated: false)))
            harness.press(at: 500, moving: 250 * direction, over: 200)
            harness.pointer(.move, x: 500 + 250 * direction + velocity * direction * 0.016)
            harness.pointer(.up, x: 500 + 250 * direction + velocity * direction * 0.016)
            let frames = harness.runUntilIdle()
            #expect(harness.last.currentIndex == index)
            #expect(harness.last.position == 0)
            #expect(harness.last.slot(showing: index)?.x == 16)
            #expect(frames.allSatisfy { $0.currentIndex == index })
            #expect(harness.events.last == .settled(index: index))
        }
    }

    @Test("a grab during the spring-back continues from where the content is")
    func grabDuringSpringBack() {
        var harness = Harness(.strip, itemCount: 5)
        harness.press(at: 100, moving: 300, over: 100)
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 400)
        harness.advance(milliseconds: 40)
        let before = harness.last
        harness.pointer(.down, x: 250)
        #expect(harness.last.slots == before.slots)
        harness.pointer(.move, x: 251)
        #expect(abs(harness.last.position - before.position) < 1)
        #expect(harness.last.position < before.position)
    }

    @Test("paging stops at the ends")
    func commandsAtEnds() {
        var harness = Harness(.strip, itemCount: 3)
        #expect(harness.send(.command(.previous)) == .ignored(.atEnd))
        harness.send(.command(.go(to: 2, animated: false)))
        #expect(harness.send(.command(.next)) == .ignored(.atEnd))
        harness.swipe(moving: -300, over: 30)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 2)
    }

    @Test("a loop preset with looping turned off behaves as a finite strip")
    func loopOff() {
        var finiteBanner = Configuration.banner
        finiteBanner.isLooping = false
        var harness = Harness(finiteBanner, itemCount: 3)
        harness.pointer(.down, x: 100)
        harness.pointer(.move, x: 200)
        #expect(abs(harness.last.position + Self.band(100)) < 1e-9)
        #expect(harness.last.slots.allSatisfy { $0.itemIndex != 2 || $0.x > 0 })
    }
}
