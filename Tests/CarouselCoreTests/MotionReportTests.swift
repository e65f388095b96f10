import Testing

@testable import CarouselCore

@Suite("What a frame says about the motion: the unwrapped offset, the velocity and the target")
struct MotionReportTests {
    @Test(
        "a flick's release frame carries the velocity the drag last reported and the target it settles on",
        arguments: [(Configuration.banner, -150.0), (.banner, 200), (.strip, -300), (.coverflow, 90)]
    )
    func release(configuration: Configuration, move: Double) {
        var harness = Harness(configuration, itemCount: 8)
        harness.press(moving: move, over: 50)
        let dragging = harness.last
        #expect(dragging.phase == .dragging && dragging.target == nil)
        #expect(dragging.velocity != 0 && (dragging.velocity > 0) == (move < 0), "content moves against the finger")
        harness.pointer(.up, x: 200 + move)
        let released = harness.last
        let target = try! #require(released.target)
        #expect(released.phase == .animating)
        #expect(released.velocity == dragging.velocity, "released at the newest sample: the same estimate")
        harness.runUntilIdle()
        let rest = harness.last
        #expect(rest.phase == .idle && rest.velocity == 0 && rest.target == nil)
        #expect(rest.currentIndex == target.index)
        #expect(rest.contentOffset == target.contentOffset, "it rests exactly where the release said")
    }

    @Test("the offset never jumps in a loop: backward over the seam it goes below 0, not up by a lap")
    func seam() {
        var harness = Harness(.banner, itemCount: 5)
        let pitch = harness.pitch
        harness.press(moving: 0.75 * pitch, over: 200)
        harness.advance(milliseconds: 100)  // a pause: the release has no velocity
        harness.pointer(.up, x: 200 + 0.75 * pitch)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 4)
        #expect(harness.last.contentOffset == -pitch)
        var previous = harness.frames[0].contentOffset
        for frame in harness.frames.dropFirst() {
            #expect(
                abs(frame.contentOffset - previous) < pitch / 2,
                "a jump from \(previous) to \(frame.contentOffset)"
            )
            previous = frame.contentOffset
        }
        // An unanimated jump goes the short way round, as the slots turn.
        harness.send(.command(.go(to: 1, animated: false)))
        #expect(harness.last.contentOffset == pitch)
    }

    @Test("auto-scroll says when it fires: autoScrolled on the item it leaves, the target the next one")
    func autoScrolled() {
        var harness = Harness(.banner, itemCount: 5)
        let configuration = Configuration.banner.autoScrolling(every: .seconds(1))
        harness.send(.configure(configuration))
        harness.send(.command(.go(to: 4, animated: false)))
        harness.advance(milliseconds: 1000)
        let fired = harness.frames.filter { $0.events.contains(.autoScrolled(index: 4)) }
        #expect(fired.count == 1)
        #expect(fired.first?.target?.index == 0, "a loop wraps to its first item")
        // Item 4 was reached the short way round (one item back from 0), so the next is 0 again.
        #expect(fired.first?.contentOffset == -harness.pitch)
        #expect(fired.first?.target?.contentOffset == 0)
        #expect(harness.events.filter { if case .autoScrolled = $0 { true } else { false } }.count == 1)
    }
}

@Suite("What time changes: a server may sleep exactly as long as an engine says")
struct TimeUntilChangeTests {
    static func events(_ engine: inout some PagingEngine) -> [CarouselEvent] { engine.takeFrame().events }

    @Test(
        "auto-scroll fires after exactly timeUntilChange, whatever time was taken before, not a nanosecond sooner",
        arguments: [
            ("banner", 1000.0, 0.0), ("banner", 3000, 2.5), ("coverflow", 1001.5, 3.999), ("cards", 2000, 7.25),
        ]
    )
    func countdown(preset: String, intervalMs: Double, takenMs: Double) throws {
        var configuration = try #require(Configuration.preset(named: preset))
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = .microseconds(Int64(intervalMs * 1000))
        let items =
            preset == "cards" ? makeItems(6).map { CarouselItem(id: $0.id, length: 300, kind: "card") } : makeItems(6)
        var engine = try makePagingEngine(configuration: configuration, items: items)
        _ = engine.takeFrame()
        engine.advance(by: .microseconds(Int64(takenMs * 1000)))
        let wait = try #require(engine.timeUntilChange)
        var early = engine
        early.advance(by: wait - .nanoseconds(1))
        #expect(!Self.events(&early).contains(.autoScrolled(index: 0)), "fired early")
        #expect(early.timeUntilChange != nil && early.timeUntilChange! > .zero)
        engine.advance(by: wait)
        #expect(Self.events(&engine) == [.autoScrolled(index: 0)])
        #expect(engine.timeUntilChange == .zero, "it moves now")
    }

    @Test("nothing changes with time at rest without auto-scroll, or while a finger holds the content")
    func still() throws {
        var engine = try makePagingEngine(configuration: .banner, items: makeItems(5))
        #expect(engine.timeUntilChange == nil)
        try engine.handle(.command(.next))
        #expect(engine.timeUntilChange == .zero)
        try engine.handle(.pointer(PointerEvent(.down, x: 100, timestamp: 0)))
        #expect(engine.timeUntilChange == nil)
    }
}
