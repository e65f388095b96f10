import Testing

@testable import CarouselCore

@Suite("Three-slot reuse: a fixed ring of slots, one recycled per pitch crossed")
struct SlotReuseTests {
    @Test("banner, paged and coverflow use exactly three slots", arguments: ["banner", "paged", "coverflow"])
    func threeSlots(preset: String) {
        let harness = Harness(Configuration.preset(named: preset)!, itemCount: 10)
        #expect(harness.last.slots.count == 3)
        #expect(harness.last.slots.map(\.id) == [0, 1, 2])
    }

    @Test("strip uses the most items visible at once + 2")
    func stripSlots() throws {
        // Items of 343 pt at a pitch of 351 in 375 pt: at most 3 show at once.
        #expect(Harness(.strip, itemCount: 10).last.slots.count == 5)
        // Items of 100 pt at a pitch of 108 in 375 pt: at most 5 show at once.
        var narrow = Configuration.strip
        narrow.itemLength = 100
        #expect(Harness(narrow, itemCount: 10).last.slots.count == 7)
    }

    @Test("at rest in banner at viewport 375 the slots are at x = -335, 16, 367")
    func restingPositions() {
        let frame = Harness(.banner, itemCount: 5).last
        #expect(frame.slots.map(\.x).sorted() == [-335, 16, 367])
        #expect(frame.slot(atX: 16)?.itemIndex == 0)
        #expect(frame.slot(atX: -335)?.itemIndex == 4)
        #expect(frame.slot(atX: 367)?.itemIndex == 1)
        #expect(frame.slots.allSatisfy { $0.y == 0 && $0.width == 343 && $0.height == 180 && $0.scale == 1 })
    }

    @Test(
        "crossing one pitch recycles exactly one slot to the other side; the others keep their items",
        arguments: [1.0, -1.0]
    )
    func oneRecyclePerPitch(direction: Double) {
        var harness = Harness(.banner, itemCount: 5)
        let pitch = harness.pitch
        harness.pointer(.down, x: 500)
        var previous = harness.last
        var recycled: [(id: Int, before: SlotFrame, after: SlotFrame)] = []
        for step in 1...100 {
            harness.advance(milliseconds: 8)
            harness.pointer(.move, x: 500 - direction * pitch * Double(step) / 100)
            for (before, after) in zip(previous.slots, harness.last.slots) where before.itemIndex != after.itemIndex {
                recycled.append((before.id, before, after))
            }
            previous = harness.last
        }
        #expect(recycled.count == 1)
        let recycle = recycled[0]
        // Moving forward, the slot leaving on the left reappears on the right with the next item.
        #expect(recycle.before.itemIndex == (direction > 0 ? 4 : 1))
        #expect(recycle.after.itemIndex == (direction > 0 ? 2 : 3))
        #expect((recycle.after.x - recycle.before.x) * direction > 2 * pitch * 0.99)
        harness.advance(milliseconds: 100)
        harness.pointer(.up, x: 500 - direction * pitch)
        harness.runUntilIdle()
        #expect(harness.last.currentIndex == (direction > 0 ? 1 : 4))
        #expect(harness.last.slots.map(\.x).sorted() == [-335, 16, 367])
    }

    @Test("strip recycles one slot per pitch in the middle and none while its window is pinned to an end")
    func stripRecycling() {
        var harness = Harness(.strip, itemCount: 8)
        var recycledPerPage: [Int] = []
        for _ in 0..<7 {
            let before = harness.last
            harness.send(.command(.next))
            harness.runUntilIdle()
            let changed = zip(before.slots, harness.last.slots).filter { $0.itemIndex != $1.itemIndex }.count
            recycledPerPage.append(changed)
        }
        // Window of 5 over 8 items: pinned at the start for 0->1->2, slides for 2->3->4->5, pinned after.
        #expect(recycledPerPage == [0, 0, 1, 1, 1, 0, 0])
        #expect(harness.last.currentIndex == 7)
    }

    @Test("every visible item is in a slot, whatever the position")
    func visibleItemsAreCovered() {
        for configuration in [Configuration.banner, .paged, .coverflow, .strip] {
            var harness = Harness(configuration, itemCount: 7)
            harness.pointer(.down, x: 300)
            for step in 0...400 {
                harness.pointer(.move, x: 300 - Double(step) * 3.7)
                let frame = harness.last
                let pitch = harness.pitch
                let viewport = configuration.viewportWidth
                // Items that overlap the viewport, from the continuous position.
                let continuous = Double(frame.currentIndex) * pitch + frame.position
                let first =
                    Int(
                        ((continuous - configuration.inset - configuration.resolvedItemLength) / pitch)
                            .rounded(.down)
                    ) + 1
                let last = Int(((continuous - configuration.inset + viewport) / pitch).rounded(.up)) - 1
                for virtual in first...last {
                    let item = configuration.isLooping ? ((virtual % 7) + 7) % 7 : virtual
                    guard (0..<7).contains(item) else { continue }
                    let x = configuration.inset + Double(virtual) * pitch - continuous
                    let covered = frame.slots.contains { $0.itemIndex == item && abs($0.x - x) < 1e-6 }
                    #expect(covered, "item \(item) at x \(x) has no slot (\(configuration))")
                }
            }
        }
    }
}
