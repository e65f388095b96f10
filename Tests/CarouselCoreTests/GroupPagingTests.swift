import TestSupport
import Testing

@testable import CarouselCore

/// `itemsPerPage`: snap points at the pages' starts, every move a page, the dots a page each.
@Suite("Group paging: snap points at the pages' starts, a flick or a command moves a page")
struct GroupPagingTests {
    /// A 375 pt strip of 100 pt items, 8 pt apart (pitch 108), inset 16: three fit, pages of `k`.
    static func strip(
        _ k: Int = 2,
        alignment: Configuration.Alignment = .start,
        isLooping: Bool = false
    ) -> Configuration {
        var configuration = Configuration.strip
        configuration.itemLength = 100
        configuration.itemsPerPage = k
        configuration.alignment = alignment
        configuration.isLooping = isLooping
        configuration.maxItemsPerFlick = 1
        return configuration
    }

    static func absolute(_ frame: Frame, _ configuration: Configuration) -> Double {
        Double(frame.currentIndex) * configuration.pitch + frame.position
    }

    @Test("a finite strip rests on every page's start, then its trimmed end; the last dot lights there")
    func finiteRests() throws {
        let configuration = Self.strip()
        var harness = Harness(configuration, itemCount: 10)
        var rests = [Self.absolute(harness.last, configuration)]
        var pages = [harness.last.page]
        while harness.send(.command(.next)) == .applied {
            harness.runUntilIdle()
            rests.append(Self.absolute(harness.last, configuration))
            pages.append(harness.last.page)
        }
        // Items 0, 2, 4, 6 start pages; the end (9 * 108 + 100 + 32 - 375 = 729) shows items 7 to 9.
        #expect(rests == [0, 216, 432, 648, 729])
        #expect(rests == ReferenceGeometry.finiteSnapPoints(configuration, count: 10))
        #expect(pages == (0..<5).map { PagePosition(index: $0, count: 5) })
        var back: [Double] = []
        while harness.send(.command(.previous)) == .applied {
            harness.runUntilIdle()
            back.append(Self.absolute(harness.last, configuration))
        }
        #expect(back == [648, 432, 216, 0])
    }

    @Test("one item a page adds nothing to the frame")
    func noPageMember() {
        #expect(Harness(Self.strip(1), itemCount: 10).last.page == nil)
        #expect(Harness(.banner, itemCount: 10).last.page == nil)
    }

    @Test("go to an item rests on the page holding it")
    func goTo() {
        let configuration = Self.strip()
        var harness = Harness(configuration, itemCount: 10)
        let expected: [(Int, Double)] = [(5, 432), (1, 0), (3, 216), (8, 729), (9, 729), (6, 648)]
        for (index, rest) in expected {
            harness.send(.command(.go(to: index, animated: index % 2 == 0)))
            harness.runUntilIdle()
            #expect(Self.absolute(harness.last, configuration) == rest, "go to \(index)")
        }
        var loop = Harness(Self.strip(2, isLooping: true), itemCount: 7)
        for (index, start) in [(5, 4), (6, 6), (1, 0), (3, 2)] {
            loop.send(.command(.go(to: index, animated: false)))
            #expect(loop.last.currentIndex == start && loop.last.position == 0, "loop go to \(index)")
        }
    }

    @Test("a flick moves one page; maxItemsPerFlick counts pages")
    func flicks() {
        var configuration = Self.strip()
        var harness = Harness(configuration, itemCount: 10)
        harness.swipe(moving: -60, over: 30)
        harness.runUntilIdle()
        #expect(Self.absolute(harness.last, configuration) == 216)
        harness.swipe(moving: 60, over: 30)
        harness.runUntilIdle()
        #expect(Self.absolute(harness.last, configuration) == 0)
        configuration.maxItemsPerFlick = 2
        var far = Harness(configuration, itemCount: 10)
        far.swipe(moving: -100, over: 10)
        far.runUntilIdle()
        #expect(Self.absolute(far.last, configuration) == 432, "two pages at most")
    }

    @Test("a slow drag rests on the nearer page start")
    func drags() {
        let configuration = Self.strip()
        for (distance, rest) in [(-100.0, 0.0), (-120, 216), (-330, 432), (-420, 432)] {
            var harness = Harness(configuration, itemCount: 10)
            harness.press(at: 300, moving: distance, over: 400)
            harness.advance(milliseconds: 200)
            harness.pointer(.up, x: 300 + distance)
            harness.runUntilIdle()
            #expect(Self.absolute(harness.last, configuration) == rest, "drag \(distance)")
        }
    }

    @Test("auto-scroll moves a page, and rewinds a strip from its end")
    func autoScroll() {
        var configuration = Self.strip()
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = .milliseconds(500)
        var harness = Harness(configuration, itemCount: 10)
        var rests: [Double] = []
        for _ in 0..<6 {
            harness.advance(milliseconds: 504)
            harness.runUntilIdle()
            rests.append(Self.absolute(harness.last, configuration))
        }
        #expect(rests == [216, 432, 648, 729, 0, 216])
    }

    @Test("a loop whose count the page does not divide restarts its pages every lap, both ways")
    func loopLaps() {
        for (count, k) in [(7, 2), (10, 3), (5, 3), (2, 2)] {
            let configuration = Self.strip(k, isLooping: true)
            var harness = Harness(configuration, itemCount: count)
            let starts = Array(stride(from: 0, to: count, by: k))
            var visited: [Int] = []
            var offsets = [harness.last.contentOffset]
            for _ in 0..<(3 * starts.count) {
                harness.send(.command(.next))
                harness.runUntilIdle()
                visited.append(harness.last.currentIndex)
                offsets.append(harness.last.contentOffset)
                #expect(harness.last.position == 0)
            }
            let expected = (1...(3 * starts.count)).map { starts[$0 % starts.count] }
            #expect(visited == expected, "\(count) items, pages of \(k)")
            #expect(offsets.last == Double(3 * count) * configuration.pitch, "three laps forward")
            #expect(harness.last.page == PagePosition(index: 0, count: starts.count))
            for _ in 0..<(3 * starts.count) {
                harness.send(.command(.previous))
                harness.runUntilIdle()
                #expect(starts.contains(harness.last.currentIndex))
            }
            #expect(harness.last.contentOffset == 0, "three laps back")
        }
    }

    @Test("property: every rest of a loop of pages is a page's start", arguments: [(7, 2), (10, 3), (11, 3)])
    func loopProperty(count: Int, k: Int) {
        let seed = UInt64(count * 1000 + k)
        print("GroupPagingTests.loopProperty seed \(seed)")
        var generator = SeededGenerator(seed: seed)
        let configuration = Self.strip(k, isLooping: true)
        var harness = Harness(configuration, itemCount: count)
        for step in 0..<400 {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<5:
                let distance = Double.random(in: -900...900, using: &generator)
                let duration = Double.random(in: 16...500, using: &generator)
                harness.swipe(at: 200, moving: distance, over: duration)
            case 5..<7:
                harness.send(.command(Bool.random(using: &generator) ? .next : .previous))
            case 7..<9:
                let index = Int.random(in: 0..<count, using: &generator)
                harness.send(.command(.go(to: index, animated: Bool.random(using: &generator))))
            default:
                // A grab in the middle of a motion, released where it is.
                harness.advance(milliseconds: Double.random(in: 0...120, using: &generator))
                harness.pointer(.down, x: 100)
                harness.pointer(.up, x: 100)
            }
            harness.runUntilIdle()
            let last = harness.last
            #expect(
                last.position == 0 && last.currentIndex % k == 0,
                "seed \(seed) step \(step): rests on \(last.currentIndex) at \(last.position)"
            )
            #expect(last.page == PagePosition(index: last.currentIndex / k, count: (count + k - 1) / k))
            if harness.frames.count > 2000 { harness.frames.removeFirst(harness.frames.count - 1) }
        }
    }

    @Test("center and end align the whole page")
    func pageAlignment() throws {
        let center = Harness(Self.strip(2, alignment: .center, isLooping: true), itemCount: 7)
        // The page is 2 * 100 + 8 = 208 pt: centred, it starts at (375 - 208) / 2.
        #expect(center.last.slot(showing: 0)?.x == 83.5)
        let second = try #require(center.last.slot(showing: 1))
        #expect(second.x + second.width == 375 - 83.5)
        let end = Harness(Self.strip(2, alignment: .end, isLooping: true), itemCount: 7)
        let endSlot = try #require(end.last.slot(showing: 0))
        #expect(endSlot.x == 375 - 16 - 208, "\(endSlot.x.bitPattern) \(endSlot)")
        // A finite strip aligned to the end: its last page ends at the end inset; the first rest
        // puts the content's start at the inset.
        let configuration = Self.strip(2, alignment: .end)
        #expect(ReferenceGeometry.finiteSnapPoints(configuration, count: 9) == [135, 216, 432, 648, 756])
        var harness = Harness(configuration, itemCount: 9)
        #expect(harness.last.slot(showing: 0)?.x == 16)
        var rests = [Self.absolute(harness.last, configuration)]
        while harness.send(.command(.next)) == .applied {
            harness.runUntilIdle()
            rests.append(Self.absolute(harness.last, configuration))
        }
        #expect(rests == [135, 216, 432, 648, 756])
        let last = try #require(harness.last.slot(showing: 8))
        #expect(last.x + last.width == 375 - 16)
        #expect(harness.last.page == PagePosition(index: 4, count: 5))
    }

    @Test("more items a page than fit is refused, naming the field and how many fit")
    func validation() {
        var configuration = Self.strip(4)
        #expect(configuration.itemsThatFit == 3)
        #expect(throws: CarouselError.self) { try Carousel(configuration: configuration, items: makeItems(10)) }
        do {
            try configuration.validate()
            Issue.record("accepted")
        } catch {
            #expect(error.field == "itemsPerPage")
            #expect(error.message.contains("3"))
        }
        configuration.itemsPerPage = 3
        #expect((try? configuration.validate()) != nil)
    }

    @Test("a configure at rest onto pages rests on the page holding the current item")
    func configureAtRest() throws {
        for isLooping in [false, true] {
            var carousel = try Carousel(configuration: Self.strip(1, isLooping: isLooping), items: makeItems(9))
            try carousel.handle(.command(.go(to: 3, animated: false)))
            try carousel.handle(.configure(Self.strip(2, isLooping: isLooping)))
            let frame = carousel.takeFrame()
            #expect(Self.absolute(frame, carousel.configuration) == 216, "loop \(isLooping)")
            #expect(frame.currentIndex == 2)
        }
    }

    @Test("a configure onto pages during a spring lands on a page's start")
    func configureInMotion() throws {
        var harness = Harness(Self.strip(1, isLooping: true), itemCount: 7)
        harness.send(.command(.go(to: 3, animated: true)))
        harness.advance(milliseconds: 40)
        harness.send(.configure(Self.strip(2, isLooping: true)))
        harness.runUntilIdle()
        #expect(harness.last.currentIndex % 2 == 0 && harness.last.position == 0)
    }

    @Test("a rest state at every rest comes back equal; a loop refuses a rest off a page's start")
    func restStates() throws {
        for isLooping in [false, true] {
            for alignment in Configuration.Alignment.allCases {
                let configuration = Self.strip(2, alignment: alignment, isLooping: isLooping)
                var carousel = try Carousel(configuration: configuration, items: makeItems(9))
                try expectEveryRestRestores(&carousel, items: 9, rests: 8, "\(alignment) loop \(isLooping)")
            }
        }
        let loop = Self.strip(2, isLooping: true)
        var state = try #require(try Carousel(configuration: loop, items: makeItems(7)).restState)
        state.index = 3
        state.unwrappedIndex = 3
        #expect(throws: CarouselError.self) { try Carousel(configuration: loop, items: makeItems(7), restingAt: state) }
    }
}
