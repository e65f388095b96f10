import TestSupport
import Testing

@testable import CarouselCore

/// Drives a card feed with vertical pointer events stamped by a client clock in step with time.
struct FeedHarness {
    var feed: CardFeed
    var clientTime = 1000.0
    var frames: [Frame] = []

    init(lengths: [Double?], kinds: [String]? = nil) {
        let items = lengths.enumerated().map { index, length in
            CarouselItem(id: "card-\(index)", length: length, kind: kinds?[index % kinds!.count] ?? "card")
        }
        feed = try! CardFeed(configuration: .cards, items: items)
        frames.append(feed.takeFrame())
    }

    var viewport: Double { feed.configuration.viewportHeight }
    var last: Frame { frames[frames.count - 1] }
    var scroll: Double { feed.scroll }

    mutating func pointer(_ kind: PointerEvent.Kind, y: Double) {
        _ = try! feed.handle(.pointer(PointerEvent(kind, x: 100, y: y, timestamp: clientTime)))
        frames.append(feed.takeFrame())
    }

    mutating func advance(milliseconds: Double) {
        clientTime += milliseconds
        feed.advance(by: .microseconds(Int64(milliseconds * 1000)))
        frames.append(feed.takeFrame())
    }

    /// A finger moving `distance` points up (positive: toward later cards) over `duration` ms.
    mutating func swipe(by distance: Double, over duration: Double, pauseBeforeLifting: Double = 0) {
        pointer(.down, y: 400)
        let samples = max(1, Int(duration / 8))
        for sample in 1...samples {
            advance(milliseconds: duration / Double(samples))
            pointer(.move, y: 400 - distance * Double(sample) / Double(samples))
        }
        if pauseBeforeLifting > 0 { advance(milliseconds: pauseBeforeLifting) }
        pointer(.up, y: 400 - distance)
    }

    mutating func runUntilIdle() {
        var waited = 0.0
        while feed.phase != .idle, waited < 5000 {
            advance(milliseconds: 4)
            waited += 4
        }
    }

    /// A flick and the settle that follows; returns where the feed rests.
    mutating func flick(forward: Bool) -> Double {
        swipe(by: forward ? 150 : -150, over: 40)
        runUntilIdle()
        return scroll
    }
}

@Suite("Card feed: variable heights, per-kind reuse, paging within long cards")
struct CardFeedTests {
    @Test("a card is never shorter than the viewport; starts are exact from any anchor, and nothing is kept per card")
    func layout() {
        let layout = CardLayout(
            items: [100.0, 1200, 560, 2000, nil].enumerated().map { CarouselItem(id: "\($0)", length: $1) },
            viewport: 560,
            spacing: 0
        )
        #expect(layout.restRange(of: 0) == 0...0)
        #expect(layout.restRange(of: 1) == 560...1200)
        #expect(layout.restRange(of: 3) == 2320...3760)
        #expect(layout.maximumScroll == 4880 - 560)
        // Lengths are whole multiples of 1/1024 pt, capped at the longest a card may be.
        let odd = CardLayout(
            items: [CarouselItem(id: "a", length: 1000.0 / 3), CarouselItem(id: "b", length: 1e9)],
            viewport: 300,
            spacing: 0
        )
        #expect(odd.length(of: 0) == (1000.0 / 3 * 1024).rounded() / 1024)
        #expect(odd.length(of: 1) == Configuration.maximumLength)

        var generator = SeededGenerator(seed: 5)
        let lengths = (0..<500).map { _ in Double.random(in: 100...2500, using: &generator) }
        var big = CardLayout(
            items: lengths.enumerated().map { CarouselItem(id: "\($0)", length: $1) },
            viewport: 560,
            spacing: 12.3
        )
        let starts = (0..<big.count).map { big.start(of: $0) }
        for _ in 0..<2000 {
            // Wherever the anchor is, every start comes out bit for bit the same, and a lookup finds
            // what a scan of the starts finds.
            big.anchor(at: Int.random(in: 0..<big.count, using: &generator))
            let probe = Int.random(in: 0..<big.count, using: &generator)
            #expect(big.start(of: probe) == starts[probe])
            let offset = Double.random(in: -100...(big.maximumScroll + 100), using: &generator)
            let scan = starts.lastIndex { $0 <= offset } ?? 0
            #expect(big.card(at: offset) == scan)
        }
        #expect(big.maximumScroll == starts.last! + big.length(of: big.count - 1) - 560)
    }

    @Test("a long card scrolls within itself one viewport per swipe until its end, then the feed pages on")
    func longCardInSteps() {
        var harness = FeedHarness(lengths: [nil, 1960, nil])  // 3.5 viewports of 560
        let v = harness.viewport
        #expect(harness.flick(forward: true) == v)  // next card's start
        #expect(harness.last.currentIndex == 1)
        #expect(harness.flick(forward: true) == 2 * v)
        #expect(harness.flick(forward: true) == 3 * v)
        #expect(harness.flick(forward: true) == v + 1960 - v)  // bottom edges meet
        #expect(harness.flick(forward: true) == v + 1960)  // next card
        #expect(harness.last.currentIndex == 2)
        // Backward mirrors it: the long card shows its end first, then one viewport at a time.
        #expect(harness.flick(forward: false) == v + 1960 - v)
        #expect(harness.flick(forward: false) == v + 1960 - 2 * v)
        #expect(harness.flick(forward: false) == v + 1960 - 3 * v)
        #expect(harness.flick(forward: false) == v)
        #expect(harness.flick(forward: false) == 0)
        #expect(harness.flick(forward: false) == 0)  // the first card's start is an end
        #expect(harness.last.position == 0 && harness.last.phase == .idle)
    }

    @Test("a drag without a flick settles by position: the nearer edge wins")
    func dragWithoutFlick() {
        var harness = FeedHarness(lengths: [nil, nil, nil])
        harness.swipe(by: 0.6 * 560, over: 600, pauseBeforeLifting: 100)
        harness.runUntilIdle()
        #expect(harness.scroll == 560)
        harness.swipe(by: 0.3 * 560, over: 600, pauseBeforeLifting: 100)
        harness.runUntilIdle()
        #expect(harness.scroll == 560)
        harness.swipe(by: -0.45 * 560, over: 600, pauseBeforeLifting: 100)
        harness.runUntilIdle()
        #expect(harness.scroll == 560)
        harness.swipe(by: -0.55 * 560, over: 600, pauseBeforeLifting: 100)
        harness.runUntilIdle()
        #expect(harness.scroll == 0)
    }

    @Test("both ends rubber-band with d = the viewport height and spring back")
    func rubberBand() {
        var harness = FeedHarness(lengths: [nil, 900])
        harness.pointer(.down, y: 100)
        harness.pointer(.move, y: 200)
        let expected = (1 - 1 / (100 * 0.55 / 560 + 1)) * 560
        #expect(abs(harness.scroll + expected) < 1e-9)
        harness.pointer(.up, y: 200)
        harness.runUntilIdle()
        #expect(harness.scroll == 0 && harness.last.events.last == .settled(index: 0))
        _ = harness.flick(forward: true)
        _ = harness.flick(forward: true)
        let end = harness.scroll
        #expect(end == 560 + 900 - 560)
        harness.pointer(.down, y: 300)
        harness.pointer(.move, y: 200)
        #expect(abs(harness.scroll - end - expected) < 1e-9)
        harness.pointer(.up, y: 200)
        harness.runUntilIdle()
        #expect(harness.scroll == end)
    }

    @Test("slots are pooled per kind: at most the visible count + 1 per kind, even with 100,000 cards")
    func poolPerKind() {
        var generator = SeededGenerator(seed: 9)
        let lengths: [Double?] = (0..<100_000).map { _ in [nil, 300, 800, 1500, 2200].randomElement(using: &generator)!
        }
        var harness = FeedHarness(lengths: lengths, kinds: ["photo", "text", "text", "video"])
        for _ in 0..<300 {
            let target = Int.random(in: 0..<100_000, using: &generator)
            _ = try! harness.feed.handle(.command(.go(to: target, animated: Bool.random(using: &generator))))
            _ = harness.flick(forward: Bool.random(using: &generator))
            let frame = harness.feed.takeFrame()
            let perKind = Dictionary(grouping: frame.slots, by: { $0.kind! }).mapValues(\.count)
            #expect(perKind.values.allSatisfy { $0 <= 3 }, "\(perKind)")
            let visible = frame.slots.filter { $0.itemIndex != nil }
            #expect((1...2).contains(visible.count))
            for slot in visible {
                #expect(slot.kind == ["photo", "text", "text", "video"][slot.itemIndex! % 4])
                #expect(slot.y < 560 && slot.y + slot.height > 0)
            }
        }
        #expect(harness.feed.pool.slots.count <= 9)
    }

    @Test("a grab stops an animation in the same step; every motion ends once; page changes are reported once")
    func interruptAndEvents() {
        var harness = FeedHarness(lengths: [nil, 1200, nil, nil])
        _ = try! harness.feed.handle(.command(.next))
        harness.advance(milliseconds: 40)
        let before = harness.last
        harness.pointer(.down, y: 300)
        #expect(harness.last.slots == before.slots)
        #expect(harness.last.events == [.interrupted(index: before.currentIndex)])
        harness.pointer(.move, y: 250)
        harness.pointer(.up, y: 250)
        harness.runUntilIdle()
        _ = harness.flick(forward: true)
        _ = harness.flick(forward: true)
        _ = harness.flick(forward: true)
        let events = harness.frames.flatMap(\.events)
        #expect(events.filter { if case .settled = $0 { true } else { false } }.count == 4)
        var current = 0
        for case .pageChanged(let index, let previous) in events {
            #expect(previous == current)
            current = index
        }
        #expect(current == harness.last.currentIndex)
    }

    @Test("a release never overshoots its stop and ends exactly on it", arguments: [300.0, 900, 2500, 6000])
    func noOvershoot(speed: Double) {
        var harness = FeedHarness(lengths: [nil, 1300, nil])
        let stop = harness.flick(forward: true)
        harness.swipe(by: speed * 0.04, over: 40)
        let released = harness.scroll
        var farthest = released
        while harness.feed.phase != .idle {
            harness.advance(milliseconds: 4)
            farthest = max(farthest, harness.scroll)
        }
        let target = harness.scroll
        #expect(target == stop + 560)
        #expect(farthest <= max(target, released + 560 / 16) + 1e-9)
    }
}
