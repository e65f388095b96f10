import TestSupport
import Testing

@testable import CarouselCore

@Suite("Data changes apply atomically")
struct DataChangeTests {
    @Test("the current item keeps its identity when it still exists")
    func keepsIdentity() {
        var harness = Harness(.banner, itemCount: 5)
        harness.send(.command(.go(to: 3, animated: false)))
        var reordered = makeItems(5)
        reordered.insert(CarouselItem(id: "new-a"), at: 0)
        reordered.insert(CarouselItem(id: "new-b"), at: 0)
        harness.send(.replaceItems(reordered))
        #expect(harness.last.currentIndex == 5)
        #expect(harness.carousel.items[harness.last.currentIndex].id == "item-3")
        #expect(harness.last.events == [.pageChanged(index: 5, previous: 3)])
        #expect(harness.last.itemCount == 7)
    }

    @Test("otherwise the index is clamped")
    func clamps() {
        var harness = Harness(.banner, itemCount: 8)
        harness.send(.command(.go(to: 6, animated: false)))
        harness.send(.replaceItems(makeItems(3, prefix: "other")))
        #expect(harness.last.currentIndex == 2)
        harness.send(.replaceItems([]))
        #expect(harness.last.currentIndex == 0 && harness.last.slots.allSatisfy { $0.itemIndex == nil })
        harness.send(.replaceItems(makeItems(4)))
        #expect(harness.last.currentIndex == 0 && harness.last.slots.allSatisfy { $0.itemIndex != nil })
    }

    @Test("a change during a motion ends it on the kept item with one settled event")
    func changeDuringMotion() {
        var harness = Harness(.banner, itemCount: 5)
        harness.send(.command(.next))
        harness.advance(milliseconds: 40)
        harness.send(.replaceItems(makeItems(6)))
        #expect(harness.last.phase == .idle && harness.last.position == 0)
        #expect(harness.last.events.last == .settled(index: harness.last.currentIndex))
        harness.pointer(.down, x: 10)
        harness.send(.replaceItems(makeItems(7)))
        #expect(harness.last.phase == .idle)
        // The old finger no longer drives anything.
        #expect(harness.pointer(.move, x: 200) == .ignored(.pointerNotDown))
    }

    @Test("duplicate ids are rejected and change nothing")
    func duplicates() throws {
        var carousel = try Carousel(configuration: .banner, items: makeItems(3))
        let before = carousel
        #expect(throws: CarouselError.duplicateItemID("x")) {
            try carousel.handle(.replaceItems([CarouselItem(id: "x"), CarouselItem(id: "y"), CarouselItem(id: "x")]))
        }
        #expect(carousel == before)
    }

    @Test("every slot is filled after any jump or data change, and a command right after works")
    func slotsFilledAfterJumps() throws {
        var generator = SeededGenerator(seed: 11)
        for configuration in [Configuration.banner, .paged, .coverflow, .strip] {
            var harness = Harness(configuration, itemCount: 9)
            for _ in 0..<300 {
                let count = harness.carousel.items.count
                if Int.random(in: 0..<4, using: &generator) == 0 {
                    let newCount = Int.random(in: 2...12, using: &generator)
                    harness.send(.replaceItems(makeItems(newCount)))
                } else {
                    harness.send(.command(.go(to: Int.random(in: 0..<count, using: &generator), animated: false)))
                }
                harness.send(.command(.next))
                let frame = harness.last
                let filled = frame.slots.filter { $0.itemIndex != nil }.count
                let expected = configuration.isLooping ? frame.slots.count : min(frame.slots.count, frame.itemCount)
                #expect(filled == expected)
                #expect(frame.slot(showing: frame.currentIndex) != nil)
                harness.runUntilIdle()
            }
        }
    }

    @Test("a reconfiguration keeps the current item and applies the new geometry at once")
    func reconfigure() {
        var harness = Harness(.banner, itemCount: 5)
        harness.send(.command(.go(to: 2, animated: false)))
        harness.send(.configure(.strip))
        #expect(harness.last.currentIndex == 2 && harness.last.slots.count == 5)
        harness.send(.configure(.paged))
        #expect(harness.last.slot(showing: 2)?.x == 0 && harness.last.slots.count == 3)
        #expect(harness.send(.configure(.paged)) == .ignored(.unchanged))
    }
}
