import Testing

@testable import CarouselCore

@Suite("Few items: 0 is an empty frame, 1 never moves, 2 and 3 loop with three slots")
struct FewItemsTests {
    @Test("0 items: an empty frame, gestures and commands ignored, time passes safely")
    func noItems() throws {
        var harness = Harness(.coverflow, itemCount: 0)
        let frame = harness.last
        #expect(frame.itemCount == 0 && frame.currentIndex == 0 && frame.phase == .idle)
        #expect(frame.slots.count == 3 && frame.slots.allSatisfy { $0.itemIndex == nil })
        #expect(frame.autoScroll.state == .stopped)
        #expect(harness.pointer(.down, x: 10) == .ignored(.noItems))
        #expect(harness.pointer(.move, x: 0) == .ignored(.pointerNotDown))
        #expect(harness.send(.command(.next)) == .ignored(.noItems))
        #expect(throws: CarouselError.indexOutOfRange(index: 0, itemCount: 0)) {
            try harness.carousel.handle(.command(.go(to: 0, animated: true)))
        }
        harness.advance(milliseconds: 10_000)
        #expect(harness.last.phase == .idle)
    }

    @Test("1 item never moves and auto-scroll stays off")
    func singleItem() {
        var harness = Harness(.coverflow, itemCount: 1)
        #expect(harness.last.autoScroll.state == .stopped)
        #expect(harness.pointer(.down, x: 100) == .ignored(.singleItem))
        #expect(harness.pointer(.move, x: 0) == .ignored(.pointerNotDown))
        #expect(harness.send(.command(.next)) == .ignored(.singleItem))
        #expect(harness.send(.command(.go(to: 0, animated: true))) == .ignored(.unchanged))
        harness.advance(milliseconds: 10_000)
        let frame = harness.last
        #expect(frame.position == 0 && frame.phase == .idle && frame.events.isEmpty)
        #expect(frame.slots.compactMap(\.itemIndex) == [0])
        #expect(frame.slot(showing: 0)?.x == 20)
    }

    @Test("2 items loop with three slots; both side slots show the other item", arguments: [2, 3])
    func smallLoops(itemCount: Int) {
        var harness = Harness(.banner, itemCount: itemCount)
        #expect(harness.last.slots.count == 3)
        let sides = Set([itemCount - 1, 1])
        #expect(Set(harness.last.slots.compactMap(\.itemIndex)) == sides.union([0]))
        var visited: [Int] = []
        for _ in 0..<(2 * itemCount) {
            harness.swipe(moving: -200, over: 40)
            harness.runUntilIdle()
            visited.append(harness.last.currentIndex)
            #expect(harness.last.slots.allSatisfy { $0.itemIndex != nil })
            #expect(harness.last.slot(showing: harness.last.currentIndex)?.x == 16)
        }
        #expect(visited == (1...(2 * itemCount)).map { $0 % itemCount })
        for _ in 0..<(2 * itemCount) {
            harness.swipe(moving: 200, over: 40)
            harness.runUntilIdle()
        }
        #expect(harness.last.currentIndex == 0)
        let changes = harness.events.filter { if case .pageChanged = $0 { true } else { false } }
        #expect(changes.count == 4 * itemCount)
    }
}
