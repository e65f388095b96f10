import Testing

@testable import CarouselCore

@Suite("Few items: 0 is an empty frame, 1 never moves, 2 and 3 loop with three slots")
struct FewItemsTests {
    @Test("0 items: an empty frame, a gesture accepted and nothing moves, commands ignored, time passes safely")
    func noItems() throws {
        var harness = Harness(.coverflow, itemCount: 0)
        let frame = harness.last
        #expect(frame.itemCount == 0 && frame.currentIndex == 0 && frame.phase == .idle)
        #expect(frame.slots.count == 3 && frame.slots.allSatisfy { $0.itemIndex == nil })
        #expect(frame.autoScroll.state == .stopped)
        #expect(harness.pointer(.down, x: 10) == .applied)
        #expect(harness.pointer(.move, x: 0) == .applied)
        #expect(harness.last.position == 0 && harness.last.slots.allSatisfy { $0.itemIndex == nil })
        #expect(harness.pointer(.up, x: -400) == .applied)
        #expect(harness.last.phase == .idle && harness.last.events == [.settled(index: 0)])
        #expect(harness.send(.command(.next)) == .ignored(.noItems))
        #expect(throws: CarouselError.indexOutOfRange(index: 0, itemCount: 0)) {
            try harness.carousel.handle(.command(.go(to: 0, animated: true)))
        }
        harness.advance(milliseconds: 10_000)
        #expect(harness.last.phase == .idle)
    }

    @Test("1 item never moves, whatever a finger does, and auto-scroll stays off")
    func singleItem() {
        var harness = Harness(.coverflow, itemCount: 1)
        #expect(harness.last.autoScroll.state == .stopped)
        #expect(harness.pointer(.down, x: 100) == .applied)
        for x in [0.0, -300, 900] {
            harness.advance(milliseconds: 8)
            #expect(harness.pointer(.move, x: x) == .applied)
            #expect(harness.last.position == 0 && harness.last.slot(showing: 0)?.x == 20)
        }
        #expect(harness.pointer(.up, x: 900) == .applied)
        #expect(harness.last.phase == .idle && harness.last.events == [.settled(index: 0)])
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
