import Testing

@testable import CarouselCore

/// One test per finding reported against the engine (each failed before the fix it names).
@Suite(
    "Where a release rests: finite near a snap point, the nearest item after a long drag, one beyond after a second flick, slots kept, strips that fit"
)
struct ReleaseAndRestTests {
    @Test("a release a hair from the snap point while moving stays finite (the spring's |v/u0| overflowed to NaN)")
    func hairlineReleaseStaysFinite() {
        var harness = Harness(.banner, itemCount: 5)
        harness.clientTime = 0
        harness.pointer(.down, x: 0)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 10)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 5)
        harness.advance(milliseconds: 8)
        harness.pointer(.move, x: 1e-307)
        harness.pointer(.up, x: 1e-307)
        harness.advance(milliseconds: 8)
        harness.advance(milliseconds: 8)
        harness.clientTime = 100
        harness.pointer(.down, x: 0)
        harness.clientTime = 101
        harness.pointer(.up, x: 0)
        harness.runUntilIdle()
        for frame in harness.frames {
            #expect(frame.position.isFinite && frame.slots.allSatisfy { $0.x.isFinite && $0.scale.isFinite })
        }
        #expect(harness.last.phase == .idle && harness.last.position == 0)
    }

    @Test("a 3-item drag released at rest settles on the nearest item, not one from where it began")
    func longDragRestsWhereTheContentIs() {
        var harness = Harness(.banner, itemCount: 9)
        let pitch = harness.pitch
        // A mouse with pointer capture carries the content 3.2 items, then rests before lifting.
        harness.press(at: 3000, moving: -3.2 * pitch, over: 900)
        harness.advance(milliseconds: 100)
        let releaseFrame = harness.frames.count
        harness.pointer(.up, x: 3000 - 3.2 * pitch)
        let settle = harness.runUntilIdle()
        #expect(harness.last.currentIndex == 3)
        let springBack =
            zip(harness.frames[(releaseFrame - 1)...], harness.frames[releaseFrame...])
            .map { abs($1.position - $0.position) / 0.004 }.max() ?? 0
        #expect(Double(settle.count) * 4 <= 400, "release-to-rest \(settle.count * 4) ms")
        // 0.2 pitch back at the spring's own pace: about a thousand pt/s, never thousands.
        #expect(springBack < 1500, "spring-back at \(springBack) pt/s")
    }

    @Test(
        "a second flick the same way 40 to 70 ms after the first goes one item beyond its target",
        arguments: [40.0, 56, 70]
    )
    func quickSecondFlick(gap: Double) {
        var harness = Harness(.banner, itemCount: 9)
        harness.swipe(at: 300, moving: -60, over: 24)
        harness.advance(milliseconds: gap)
        harness.swipe(at: 300, moving: -60, over: 24)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 2)
        // The other way it is an ordinary flick from where the content is.
        harness.swipe(at: 300, moving: -60, over: 24)
        harness.advance(milliseconds: gap)
        harness.swipe(at: 300, moving: 60, over: 24)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 2)
        // A grab and a release at rest still choose the item nearest to where the grab caught it.
        harness.swipe(at: 300, moving: -60, over: 24)
        harness.advance(milliseconds: gap)
        harness.pointer(.down, x: 300)
        let nearest = harness.last.currentIndex
        #expect(nearest == (gap < 50 ? 2 : 3))
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 300)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == nearest)
    }

    @Test("a configure that changes nothing visible keeps every slot's item")
    func configureKeepsSlots() {
        for preset in ["banner", "paged", "coverflow", "strip"] {
            var harness = Harness(Configuration.preset(named: preset)!, itemCount: 5)
            harness.send(.command(.go(to: 1, animated: false)))
            let before = harness.last.slots.map(\.itemIndex)
            var tuned = harness.carousel.configuration
            tuned.decelerationRate = 0.998
            harness.send(.configure(tuned))
            #expect(harness.last.slots.map(\.itemIndex) == before, "\(preset)")
            // Items replaced around the current one: the ones still there keep their slots.
            var items = harness.carousel.items
            items.append(CarouselItem(id: "extra"))
            harness.send(.replaceItems(items))
            #expect(harness.last.slots.map(\.itemIndex) == before, "\(preset)")
        }
    }

    @Test("a strip whose items all fit has one snap point: nothing pages, nothing moves, no blank space")
    func stripThatFits() {
        var strip = Configuration.strip
        strip.itemLength = 100
        var harness = Harness(strip, itemCount: 2)
        let atRest = harness.last.slots
        harness.swipe(at: 300, moving: -200, over: 40)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 0 && harness.last.slots == atRest)
        #expect(harness.frames.allSatisfy { $0.slots == atRest })
        #expect(harness.send(.command(.next)) == .ignored(.atEnd))
        #expect(harness.last.autoScroll.state == .stopped)
    }

    @Test("a strip whose last items fit rests where the content's end meets the viewport's end less the inset")
    func stripEndsAtContentEnd() {
        var strip = Configuration.strip
        strip.itemLength = 100  // pitch 108; six items end 16 + 5 * 108 + 100 = 656 pt in
        var harness = Harness(strip, itemCount: 6)
        for _ in 0..<5 { harness.send(.command(.next)); harness.runUntilIdle() }
        let lastItem = harness.last.slots.first { $0.itemIndex == 5 }!
        #expect(lastItem.x + lastItem.width == 375 - 16)
        #expect(harness.send(.command(.next)) == .ignored(.atEnd))
    }
}

@Suite("Command animations rest within the settle budget, however far they go")
struct CommandSettleTests {
    /// Milliseconds from the command to rest.
    static func settleTime(_ harness: inout Harness, _ command: Command) -> Double {
        harness.send(.command(command))
        return Double(harness.runUntilIdle().count) * 4
    }

    @Test(
        "next, previous, a jump across 999 items and auto-scroll's step each rest within 400 ms",
        arguments: Configuration.presetNames.filter { $0 != "cards" }
    )
    func commands(preset: String) {
        var harness = Harness(Configuration.preset(named: preset)!, itemCount: 1000)
        var worst = 0.0
        for command: Command in [
            .next, .previous, .go(to: 999, animated: true), .go(to: 0, animated: true), .go(to: 500, animated: true),
        ] {
            let time = Self.settleTime(&harness, command)
            worst = max(worst, time)
            #expect(time <= 400, "\(preset) \(command): \(time) ms")
            #expect(harness.last.phase == .idle)
        }
        // next pressed during an animation retargets it one further, still within the budget.
        harness.send(.command(.next))
        harness.advance(milliseconds: 100)
        #expect(Self.settleTime(&harness, .next) <= 400)
        #expect(harness.last.currentIndex == 502)
        print("commands \(preset): worst command-to-rest \(worst) ms")
    }

    @Test("auto-scroll steps, and a strip's rewind from its last item to its first, rest within 400 ms")
    func autoScrollAndRewind() {
        let strip = Configuration.strip.autoScrolling(every: .milliseconds(1000))
        var harness = Harness(strip, itemCount: 40)
        harness.send(.command(.go(to: 38, animated: false)))
        for expected in [39, 0] {
            harness.advance(milliseconds: 1000)
            #expect(harness.last.phase == .animating)
            let time = Double(harness.runUntilIdle().count) * 4
            #expect(harness.last.currentIndex == expected)
            #expect(time <= 400, "auto-scroll to \(expected): \(time) ms")
        }
    }
}
