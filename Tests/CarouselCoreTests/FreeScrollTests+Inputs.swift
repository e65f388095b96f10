import Testing

@testable import CarouselCore

/// Free scroll with everything else that moves the content: the wheel, commands, auto-scroll,
/// configure (switching snapping at rest and mid-coast) and rest states.
extension FreeScrollTests {
    /// The trackpad swipe of `WheelTests` up to the event whose decay ends the gesture, and its tail.
    static var swipeAndTail: (swipe: [Double], tail: [Double]) {
        let deltas = WheelTests.trackpadSwipe
        var gesture = WheelGesture()
        for (index, delta) in deltas.enumerated() where gesture.receive(delta, at: Double(index) * 10).ending != nil {
            return (Array(deltas[...index]), Array(deltas[(index + 1)...]))
        }
        return (deltas, [])
    }

    @Test("a trackpad swipe scrolls by its deltas, then coasts; its inertial tail adds no second push")
    func wheelSwipeCoastsAndTailAddsNothing() throws {
        let (swipe, tail) = Self.swipeAndTail
        try #require(!tail.isEmpty)
        var harness = Harness(Self.free(.strip), itemCount: 30)
        WheelTests.send(swipe, to: &harness)
        try #require(harness.last.phase == .animating, "the swipe ended by its decay and coasts")
        let target = try #require(harness.last.target?.contentOffset)
        #expect(target > swipe.reduce(0, +), "it coasts beyond the deltas")
        WheelTests.send(tail, to: &harness)
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == target)
        #expect(harness.last.position != 0)

        // A lone notch of a mouse wheel scrolls its delta and rests there.
        let before = Self.place(harness.last)
        harness.wheel(dx: 100)
        harness.advance(milliseconds: 400)
        #expect(harness.last.phase == .idle)
        #expect(Self.place(harness.last) == before + 100)
    }

    @Test("next, previous and auto-scroll move whole items from where free scroll rests")
    func commandsMoveWholeItems() throws {
        var harness = Harness(Self.free(.strip), itemCount: 10)
        let pitch = harness.pitch
        // Rest 2.3 items on: the current item is 2, `next` goes to 3.
        harness.press(at: 300, moving: -2.3 * pitch, over: 500)
        harness.advance(milliseconds: 200)
        harness.pointer(.up, x: 300 - 2.3 * pitch)
        try #require(harness.last.phase == .idle && harness.carousel.currentIndex == 2)
        harness.send(.command(.next))
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == 3 * pitch && harness.carousel.currentIndex == 3)
        // Rest 0.4 item back (2.6 items: current item 3); `previous` goes to 2.
        harness.press(at: 100, moving: 0.4 * pitch, over: 300)
        harness.advance(milliseconds: 200)
        harness.pointer(.up, x: 100 + 0.4 * pitch)
        try #require(harness.carousel.currentIndex == 3 && harness.last.position != 0)
        harness.send(.command(.previous))
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == 2 * pitch)

        var automatic = Self.free(.banner)
        automatic.isAutoScrollEnabled = true
        var looping = Harness(automatic, itemCount: 5)
        looping.press(at: 300, moving: -0.3 * looping.pitch, over: 300)
        looping.advance(milliseconds: 200)
        looping.pointer(.up, x: 300 - 0.3 * looping.pitch)
        try #require(looping.last.phase == .idle && looping.last.position != 0)
        looping.advance(milliseconds: 3000)
        looping.runUntilIdle()
        #expect(looping.carousel.currentIndex == 1 && looping.last.position == 0)
    }

    @Test("configure: item to free at rest stays; free to item at rest off a snap point springs to the nearest")
    func switchingSnappingAtRest() throws {
        var harness = Harness(.strip, itemCount: 10)
        harness.send(.command(.go(to: 4, animated: false)))
        let onItem = Self.place(harness.last)
        harness.send(.configure(Self.free(.strip)))
        #expect(harness.last.phase == .idle && Self.place(harness.last) == onItem)

        // Rest off the grid, then change the spacing: still free, the place in items is kept.
        harness.press(at: 300, moving: -100, over: 300)
        harness.advance(milliseconds: 200)
        harness.pointer(.up, x: 200)
        let off = Self.place(harness.last)
        let fraction = (off - onItem) / harness.pitch
        var wider = Self.free(.strip)
        wider.spacing = 20
        harness.send(.configure(wider))
        #expect(harness.last.phase == .idle)
        #expect(abs(Self.place(harness.last) - (4 + fraction) * wider.pitch) < 1e-9)

        // Back to snapping: a spring to the nearest snap point, which it rests on exactly.
        var snapping = wider
        snapping.snapping = .item
        harness.send(.configure(snapping))
        #expect(harness.last.phase == .animating)
        #expect(harness.last.target?.contentOffset == 4 * wider.pitch)
        let waited = harness.runUntilIdle()
        #expect(Self.place(harness.last) == 4 * wider.pitch)
        #expect(Self.settledCount(waited) == 1)
    }

    @Test("configure mid-coast: to item it becomes a release's spring to a snap point; a new rate coasts on")
    func switchingSnappingMidCoast() throws {
        var harness = try Self.coastingStrip(after: 40)
        let coasting = harness.last
        var slower = Self.free(.strip, rate: 0.998)
        slower.maxItemsPerFlick = 3
        harness.send(.configure(slower))
        #expect(Self.place(harness.last) == Self.place(coasting), "no jump")
        #expect(harness.last.phase == .animating && harness.last.velocity == coasting.velocity)
        #expect(try #require(harness.last.target?.contentOffset) > coasting.target!.contentOffset)
        harness.advance(milliseconds: 40)
        var snapping = slower
        snapping.snapping = .item
        let before = Self.place(harness.last)
        harness.send(.configure(snapping))
        #expect(Self.place(harness.last) == before)
        let target = try #require(harness.last.target?.contentOffset)
        #expect(target.truncatingRemainder(dividingBy: harness.pitch) == 0)
        harness.runUntilIdle()
        #expect(Self.place(harness.last) == target && harness.last.position == 0)
    }

    @Test("a rest state off the grid is written and restored exactly; outside the ends it is refused")
    func restStates() throws {
        for configuration in [Self.free(.strip), Self.free(.banner)] {
            var harness = Harness(configuration, itemCount: 8)
            harness.send(.command(.go(to: 3, animated: false)))
            harness.swipe(at: 300, moving: -80, over: 80)
            harness.runUntilIdle()
            let state = try #require(harness.carousel.restState)
            #expect(state.position != 0 && state.position != 3 * harness.pitch)
            let restored = try Carousel(configuration: configuration, items: makeItems(8), restingAt: state)
            #expect(restored.frame == harness.carousel.frame)
            #expect(restored.restState == state)

            var beyond = state
            beyond.position = configuration.isLooping ? harness.pitch * 0.6 : -1
            #expect(throws: CarouselError.self) {
                try Carousel(configuration: configuration, items: makeItems(8), restingAt: beyond)
            }
            beyond.position = .nan
            #expect(throws: CarouselError.self) {
                try Carousel(configuration: configuration, items: makeItems(8), restingAt: beyond)
            }
            // With snapping, the same off-grid state is no rest.
            var snapping = configuration
            snapping.snapping = .item
            #expect(throws: CarouselError.self) {
                try Carousel(configuration: snapping, items: makeItems(8), restingAt: state)
            }
        }
    }
}
