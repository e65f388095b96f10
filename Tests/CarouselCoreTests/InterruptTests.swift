import Testing

@testable import CarouselCore

@Suite("Interruptible: a grab stops any motion in the same step, with no jump")
struct InterruptTests {
    static func kinds(_ events: [CarouselEvent]) -> [String] {
        events.map {
            switch $0 {
            case .pageChanged: "pageChanged"
            case .settled: "settled"
            case .interrupted: "interrupted"
            case .autoScrolled: "autoScrolled"
            }
        }
    }

    /// Starts a motion of each kind and grabs it after `milliseconds`.
    static let motions: [(String, @Sendable (inout Harness) -> Void)] = [
        ("snap after a swipe", { $0.swipe(moving: -150, over: 50) }),
        ("next", { $0.send(.command(.next)) }),
        ("animated goto", { $0.send(.command(.go(to: 3, animated: true))) }),
        (
            "auto-scroll",
            { harness in
                harness.send(.command(.setAutoScroll(enabled: true)))
                harness.advance(milliseconds: 3000)
            }
        ),
    ]

    @Test(
        "a pointer down mid-animation freezes the frame where it is; the drag continues from there",
        arguments: 0..<motions.count
    )
    func grabFreezes(motion: Int) throws {
        for grabAfter in [4.0, 40, 120, 250] {
            var harness = Harness(.banner, itemCount: 6)
            Self.motions[motion].1(&harness)
            harness.advance(milliseconds: grabAfter)
            try #require(harness.last.phase == .animating, "\(Self.motions[motion].0)")
            let before = harness.last
            harness.pointer(.down, x: 100, pointerID: 7)
            let grabbed = harness.last
            #expect(grabbed.slots == before.slots)
            #expect(grabbed.position == before.position)
            #expect(grabbed.phase == .dragging)
            #expect(grabbed.events == [.interrupted(index: before.currentIndex)])
            // Time no longer moves it.
            harness.advance(milliseconds: 200)
            #expect(harness.last.slots == before.slots)
            // The finger moves it by exactly its own travel.
            harness.pointer(.move, x: 90, pointerID: 7)
            let moved = zip(before.slots, harness.last.slots)
                .filter { $0.itemIndex == $1.itemIndex && $0.isVisible }
                .map { $1.x - $0.x }
            #expect(!moved.isEmpty && moved.allSatisfy { abs($0 + 10) < 1e-9 })
        }
    }

    @Test("every motion ends with exactly one settled, or one interrupted when a grab cut it short")
    func oneEndPerMotion() {
        var harness = Harness(.banner, itemCount: 6)
        harness.send(.command(.next))
        harness.advance(milliseconds: 50)
        harness.swipe(at: 100, moving: -200, over: 60)
        harness.advance(milliseconds: 30)
        harness.pointer(.down, x: 50)
        harness.pointer(.up, x: 50)
        harness.runUntilIdle()
        #expect(Self.kinds(harness.events).filter { $0 != "pageChanged" } == ["interrupted", "interrupted", "settled"])
        // A tap on a resting carousel is a motion of its own that settles at once.
        harness.pointer(.down, x: 10)
        harness.pointer(.up, x: 10)
        #expect(harness.last.events == [.settled(index: harness.last.currentIndex)])
        #expect(harness.last.phase == .idle)
    }

    @Test("every change of the current index emits exactly one pageChanged(index, previous)")
    func pageChangedOnce() {
        var harness = Harness(.banner, itemCount: 4)
        harness.send(.command(.go(to: 3, animated: true)))  // shortest way round: backwards over the seam
        harness.runUntilIdle()
        harness.swipe(moving: -250, over: 80)
        harness.runUntilIdle()
        // Back and forth across the half-pitch line three times in one drag.
        harness.pointer(.down, x: 300)
        for x in [100.0, 200, 100, 200, 100, 300] {
            harness.advance(milliseconds: 16)
            harness.pointer(.move, x: x)
        }
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 300)
        harness.runUntilIdle()
        let changes = harness.events.compactMap { event -> [Int]? in
            if case .pageChanged(let index, let previous) = event { return [previous, index] }
            return nil
        }
        #expect(changes == [[0, 3], [3, 0], [0, 1], [1, 0], [0, 1], [1, 0], [0, 1], [1, 0]])
        // The chain of changes always matches the frames' current index.
        var current = 0
        for frame in harness.frames {
            for case .pageChanged(let index, let previous) in frame.events {
                #expect(previous == current)
                current = index
            }
            #expect(frame.currentIndex == current)
        }
    }

    @Test("a second pointer cannot steal the drag; its events are ignored")
    func secondPointerIgnored() {
        var harness = Harness(.banner, itemCount: 5)
        harness.pointer(.down, x: 200, pointerID: 1)
        #expect(harness.pointer(.down, x: 50, pointerID: 2) == .ignored(.anotherPointerIsDown))
        #expect(harness.pointer(.move, x: 0, pointerID: 2) == .ignored(.pointerNotDown))
        #expect(harness.pointer(.up, x: 0, pointerID: 2) == .ignored(.pointerNotDown))
        #expect(harness.last.position == 0)
        #expect(harness.pointer(.move, x: 150, pointerID: 1) == .applied)
        #expect(harness.last.position == 50)
    }

    @Test("a cancelled pointer settles on the nearest item without throwing the content")
    func cancel() {
        var harness = Harness(.banner, itemCount: 5)
        harness.press(moving: -250, over: 30)
        harness.send(.pointer(PointerEvent(.cancel, x: 0, timestamp: harness.clientTime)))
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 1)
        #expect(harness.events.last == .settled(index: 1))
    }

    @Test("commands wait while a finger owns the carousel")
    func commandsWhileDragging() {
        var harness = Harness(.banner, itemCount: 5)
        harness.pointer(.down, x: 200)
        #expect(harness.send(.command(.next)) == .ignored(.pointerIsDown))
        #expect(harness.send(.command(.go(to: 3, animated: false))) == .ignored(.pointerIsDown))
        #expect(harness.last.phase == .dragging)
    }

    @Test("next during an animation retargets one further, keeping the velocity")
    func nextRetargets() {
        var harness = Harness(.banner, itemCount: 6)
        harness.send(.command(.next))
        harness.advance(milliseconds: 40)
        let before = harness.last
        harness.send(.command(.next))
        #expect(harness.last.slots == before.slots)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == 2)
        #expect(Self.kinds(harness.events).filter { $0 == "settled" }.count == 1)
    }
}
