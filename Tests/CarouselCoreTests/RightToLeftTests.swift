import TestSupport
import Testing

@testable import CarouselCore

/// Drives two engines that differ only in their reading direction with mirrored inputs: a pointer
/// at `x` in LTR is at `width - x` in RTL, a wheel's `dx` is `-dx`. After every input and every
/// slice of time the RTL frame must be the LTR frame mirrored, bit for bit.
struct MirroredPair {
    var ltr: any PagingEngine
    var rtl: any PagingEngine
    /// The client's clock, in ms.
    var clientTime = 1000.0
    /// Frames compared so far.
    var comparedFrames = 0
    /// The first difference found, if any (later ones follow from it).
    var mismatch: String?
    /// What the pair was doing, for the mismatch's message.
    var context = ""

    init(_ configuration: Configuration, items: [CarouselItem]) {
        var left = configuration
        left.layoutDirection = .ltr
        var right = configuration
        right.layoutDirection = .rtl
        ltr = try! makePagingEngine(configuration: left, items: items)
        rtl = try! makePagingEngine(configuration: right, items: items)
        compare()
    }

    var width: Double { ltr.configuration.viewportWidth }

    /// The LTR frame as the RTL engine should draw it: every slot with a span mirrored about the
    /// viewport's centre (a free card slot has none), everything else the same.
    static func mirrored(_ frame: Frame, width: Double) -> Frame {
        var mirror = frame
        for index in mirror.slots.indices where mirror.slots[index].width != 0 {
            mirror.slots[index].x = width - mirror.slots[index].x - mirror.slots[index].width
        }
        return mirror
    }

    mutating func compare() {
        let left = ltr.takeFrame()
        let right = rtl.takeFrame()
        comparedFrames += 1
        guard mismatch == nil, right != Self.mirrored(left, width: width) else { return }
        mismatch = "\(context), frame \(comparedFrames):\nLTR \(left)\nRTL \(right)"
    }

    mutating func send(_ ltrInput: Input, _ rtlInput: Input) {
        let left = try? ltr.handle(ltrInput)
        let right = try? rtl.handle(rtlInput)
        if mismatch == nil, left != right {
            mismatch = "\(context): LTR \(String(describing: left)), RTL \(String(describing: right))"
        }
        compare()
    }

    /// A pointer at `x` in LTR and at its mirror image in RTL.
    mutating func pointer(_ kind: PointerEvent.Kind, x: Double, y: Double = 90) {
        send(
            .pointer(PointerEvent(kind, x: x, y: y, timestamp: clientTime)),
            .pointer(PointerEvent(kind, x: width - x, y: y, timestamp: clientTime))
        )
    }

    /// A wheel scrolling `dx` right in LTR and as far left in RTL.
    mutating func wheel(dx: Double, dy: Double = 0) {
        send(
            .wheel(WheelEvent(deltaX: dx, deltaY: dy, timestamp: clientTime)),
            .wheel(WheelEvent(deltaX: -dx, deltaY: dy, timestamp: clientTime))
        )
    }

    mutating func both(_ input: Input) { send(input, input) }

    mutating func advance(milliseconds: Double) {
        clientTime += milliseconds
        let duration = Duration.microseconds(Int64((milliseconds * 1000).rounded()))
        ltr.advance(by: duration)
        rtl.advance(by: duration)
        compare()
    }

    /// A drag from `x` by `distance` (LTR's way: negative is leftward) over `samples` moves 8 ms apart.
    mutating func swipe(from x: Double, by distance: Double, samples: Int = 12) {
        pointer(.down, x: x)
        for sample in 1...samples {
            advance(milliseconds: 8)
            pointer(.move, x: x + distance * Double(sample) / Double(samples))
        }
        pointer(.up, x: x + distance)
    }

    mutating func runUntilIdle() {
        var waited = 0.0
        while ltr.frame.phase != .idle || rtl.frame.phase != .idle, waited < 10_000 {
            advance(milliseconds: 4)
            waited += 4
        }
    }
}

@Suite("Right-to-left: an RTL carousel moves exactly as its LTR twin, mirrored")
struct RightToLeftTests {
    /// A horizontal card feed: cards of the viewport's width and two longer ones that scroll within.
    static let horizontalCards = Configuration(
        axis: .horizontal,
        layout: .cards,
        isLooping: false,
        viewportWidth: 375,
        viewportHeight: 300,
        inset: 0,
        spacing: 0
    )
    static let cardItems = [nil, 700, nil, 1000, nil, nil].enumerated().map { index, length in
        CarouselItem(id: "card-\(index)", length: length, kind: index % 2 == 0 ? "photo" : "text")
    }

    /// Every horizontal layout, named.
    static let horizontalLayouts: [(String, Configuration, [CarouselItem])] =
        ["banner", "paged", "coverflow", "strip"].map { ($0, Configuration.preset(named: $0)!, makeItems(6)) }
        + [("horizontal cards", horizontalCards, cardItems)]

    static func rtl(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        configuration.layoutDirection = .rtl
        return configuration
    }

    @Test("in RTL the first item rests at the trailing (right) edge and the next one is to its left")
    func firstItemAtTheRight() throws {
        let strip = Self.rtl(Configuration(isLooping: false, inset: 16, spacing: 8, itemLength: 200))
        let frame = try Carousel(configuration: strip, items: makeItems(4)).frame
        let first = try #require(frame.slots.first { $0.itemIndex == 0 })
        let second = try #require(frame.slots.first { $0.itemIndex == 1 })
        #expect(first.x + first.width == 375 - 16)
        #expect(second.x + second.width == first.x - 8)
    }

    @Test("a drag to the right pages forward in RTL and back in LTR; to the left the other way")
    func dragDirections() {
        for (name, configuration) in [("banner", Configuration.banner), ("strip", .strip)] {
            var rtl = Harness(Self.rtl(configuration), itemCount: 5)
            rtl.swipe(at: 100, moving: 150, over: 100)
            rtl.runUntilIdle()
            #expect(rtl.carousel.currentIndex == 1, "\(name): RTL drag right")
            rtl.swipe(at: 300, moving: -150, over: 100)
            rtl.runUntilIdle()
            #expect(rtl.carousel.currentIndex == 0, "\(name): RTL drag left")

            var ltr = Harness(configuration, itemCount: 5)
            ltr.swipe(at: 300, moving: -150, over: 100)
            ltr.runUntilIdle()
            #expect(ltr.carousel.currentIndex == 1, "\(name): LTR drag left")
        }
    }

    @Test("slot frames in RTL mirror LTR's at every step of a drag, its release and the settle")
    func dragAndReleaseMirrored() {
        for (name, configuration, items) in Self.horizontalLayouts {
            for distance in [-150.0, -40, 60, -900] {
                var pair = MirroredPair(configuration, items: items)
                pair.context = "\(name), drag \(distance)"
                pair.swipe(from: 250, by: distance)
                pair.runUntilIdle()
                // A slow drag that stops, then a grab of the settling spring.
                pair.swipe(from: 200, by: distance / 2, samples: 30)
                pair.advance(milliseconds: 60)
                pair.swipe(from: 200, by: distance, samples: 3)
                pair.runUntilIdle()
                #expect(pair.mismatch == nil, "\(pair.mismatch ?? "")")
                #expect(pair.ltr.currentIndex == pair.rtl.currentIndex, "\(name)")
                #expect(pair.comparedFrames > 50)
            }
        }
    }

    @Test("a wheel's swipe is mirrored: scrolling left in RTL pages forward, as right does in LTR")
    func wheelMirrored() {
        for (name, configuration, items) in Self.horizontalLayouts {
            var pair = MirroredPair(configuration, items: items)
            pair.context = "\(name), wheel"
            for delta in WheelTests.trackpadSwipe {
                pair.wheel(dx: delta, dy: delta / 4)
                pair.advance(milliseconds: 10)
            }
            pair.runUntilIdle()
            #expect(pair.rtl.currentIndex == 1, "\(name)")
            for _ in 0..<3 {
                pair.wheel(dx: -100)
                pair.advance(milliseconds: 70)
            }
            pair.advance(milliseconds: 600)
            pair.runUntilIdle()
            #expect(pair.rtl.currentIndex == 0, "\(name)")
            #expect(pair.mismatch == nil, "\(pair.mismatch ?? "")")
        }
        // The RTL engine on its own: a positive dx scrolls right, toward earlier items.
        var strip = Harness(Self.rtl(.strip), itemCount: 5)
        strip.send(.command(.go(to: 2, animated: false)))
        for _ in 0..<3 {
            strip.wheel(dx: 100)
            strip.advance(milliseconds: 70)
        }
        strip.advance(milliseconds: 600)
        strip.runUntilIdle()
        #expect(strip.carousel.currentIndex == 1)
        // At the first item (the right end) scrolling further right is the page's.
        strip.send(.command(.go(to: 0, animated: false)))
        #expect(strip.wheel(dx: 100) == .ignored(.atEnd))
    }

    @Test("random drags, flicks, wheels and commands: RTL with mirrored inputs gives mirrored frames bit for bit")
    func randomSequencesMirrored() {
        for seed in UInt64(1)...UInt64(40) {
            print("RightToLeftTests.randomSequencesMirrored seed \(seed)")
            var generator = SeededGenerator(seed: seed)
            var (name, configuration, items) = Self.horizontalLayouts.randomElement(using: &generator)!
            if configuration.layout == .uniform, Bool.random(using: &generator) {
                // Items narrower than the viewport, so that nothing about the layout is symmetric.
                configuration.itemLength = Double(Int.random(in: 120...300, using: &generator))
                name += " of \(configuration.itemLength!) pt items"
            }
            var pair = MirroredPair(configuration, items: items)
            // Coordinates in quarter points, so a mirror image (width - x) is exact.
            func quarters(_ range: ClosedRange<Int>) -> Double {
                Double(Int.random(in: range, using: &generator)) / 4
            }
            for operation in 0..<120 {
                pair.context = "seed \(seed) (\(name)), operation \(operation)"
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<4:
                    var x = quarters(0...1500)
                    pair.pointer(.down, x: x)
                    for _ in 0..<Int.random(in: 1...20, using: &generator) {
                        pair.advance(milliseconds: quarters(4...80))
                        x += quarters(-240...240)
                        pair.pointer(.move, x: x)
                    }
                    if Bool.random(using: &generator) { pair.advance(milliseconds: quarters(0...200)) }
                    pair.pointer(Int.random(in: 0..<8, using: &generator) == 0 ? .cancel : .up, x: x)
                case 4..<6:
                    for _ in 0..<Int.random(in: 1...30, using: &generator) {
                        pair.wheel(dx: Double.random(in: -120...120, using: &generator))
                        pair.advance(milliseconds: quarters(8...200))
                    }
                case 6:
                    pair.both(.command([.next, .previous].randomElement(using: &generator)!))
                case 7:
                    let index = Int.random(in: 0..<items.count, using: &generator)
                    pair.both(.command(.go(to: index, animated: Bool.random(using: &generator))))
                default:
                    pair.advance(milliseconds: quarters(4...2000))
                }
            }
            pair.runUntilIdle()
            #expect(pair.mismatch == nil, "\(pair.mismatch ?? "")")
        }
    }

    @Test("the vertical axis ignores the direction: the same inputs give the same frames")
    func verticalUnaffected() {
        let verticalBanner = Configuration(axis: .vertical, viewportWidth: 300, viewportHeight: 400)
        let feedItems = [nil, 900, nil].enumerated().map { CarouselItem(id: "c\($0)", length: $1) }
        for (configuration, items) in [(verticalBanner, makeItems(5)), (Configuration.cards, feedItems)] {
            var ltr = try! makePagingEngine(configuration: configuration, items: items)
            var rtl = try! makePagingEngine(configuration: Self.rtl(configuration), items: items)
            var time = 0.0
            for (kind, y) in [(PointerEvent.Kind.down, 300.0), (.move, 250), (.move, 180), (.up, 150)] {
                time += 8
                let event = PointerEvent(kind, x: 40, y: y, timestamp: time)
                _ = try! ltr.handle(.pointer(event))
                _ = try! rtl.handle(.pointer(event))
                #expect(ltr.takeFrame() == rtl.takeFrame())
            }
            _ = try! ltr.handle(.wheel(WheelEvent(deltaX: 3, deltaY: 40, timestamp: time)))
            _ = try! rtl.handle(.wheel(WheelEvent(deltaX: 3, deltaY: 40, timestamp: time)))
            for _ in 0..<150 {
                ltr.advance(by: .milliseconds(4))
                rtl.advance(by: .milliseconds(4))
                #expect(ltr.takeFrame() == rtl.takeFrame())
            }
        }
    }

    @Test("flipping the direction at rest keeps the item and mirrors the slots")
    func flipAtRest() {
        for (name, configuration, items) in Self.horizontalLayouts {
            var engine = try! makePagingEngine(configuration: configuration, items: items)
            _ = try! engine.handle(.command(.go(to: 2, animated: false)))
            _ = engine.takeFrame()
            let before = engine.frame
            _ = try! engine.handle(.configure(Self.rtl(configuration)))
            let after = engine.takeFrame()
            #expect(engine.currentIndex == 2, "\(name)")
            #expect(after.events.isEmpty, "\(name)")
            #expect(after == MirroredPair.mirrored(before, width: 375), "\(name)")
        }
    }

    @Test("flipping the direction mid-spring goes on toward the same item, mirrored on screen")
    func flipWhileAnimating() {
        for (name, configuration, items) in Self.horizontalLayouts {
            var pair = MirroredPair(configuration, items: items)
            pair.both(.command(.next))
            pair.advance(milliseconds: 40)
            // The LTR twin turns RTL and the RTL twin LTR: each now draws what the other drew.
            let ltrTarget = pair.ltr.frame.target
            _ = try! pair.ltr.handle(.configure(Self.rtl(configuration)))
            _ = try! pair.rtl.handle(.configure(configuration))
            swap(&pair.ltr, &pair.rtl)
            pair.compare()
            pair.context = "\(name), after the flip"
            #expect(pair.rtl.frame.phase == .animating, "\(name)")
            #expect(pair.rtl.frame.target == ltrTarget, "\(name)")
            pair.runUntilIdle()
            #expect(pair.rtl.currentIndex == 1, "\(name)")
            #expect(pair.mismatch == nil, "\(pair.mismatch ?? "")")
        }
    }

    @Test("flipping the direction mid-drag cancels the drag: the item stays, later moves change nothing")
    func flipWhileDragging() {
        for (name, configuration, items) in Self.horizontalLayouts {
            var engine = try! makePagingEngine(configuration: configuration, items: items)
            _ = try! engine.handle(.command(.go(to: 2, animated: false)))
            _ = try! engine.handle(.pointer(PointerEvent(.down, x: 200, timestamp: 0)))
            _ = try! engine.handle(.pointer(PointerEvent(.move, x: 180, timestamp: 16)))
            _ = engine.takeFrame()
            _ = try! engine.handle(.configure(Self.rtl(configuration)))
            #expect(engine.activePointerID == nil, "\(name)")
            #expect(engine.currentIndex == 2, "\(name)")
            #expect(
                try! engine.handle(.pointer(PointerEvent(.move, x: 20, timestamp: 32))) == .ignored(.pointerNotDown)
            )
            for _ in 0..<200 { engine.advance(by: .milliseconds(4)) }
            #expect(engine.frame.phase == .idle, "\(name)")
            #expect(engine.currentIndex == 2, "\(name)")
        }
    }

    @Test("an RTL engine restored from its rest state sends the frames the original sends")
    func restStateRestores() throws {
        for (name, configuration, items) in Self.horizontalLayouts {
            var original = try makePagingEngine(configuration: Self.rtl(configuration), items: items)
            _ = try original.handle(.command(.go(to: 3, animated: true)))
            for _ in 0..<200 { original.advance(by: .milliseconds(4)) }
            _ = original.takeFrame()
            let state = try #require(original.restState, "\(name)")
            var restored = try makePagingEngine(
                configuration: original.configuration,
                items: items,
                restingAt: state
            )
            #expect(restored.frame == original.frame, "\(name)")
            _ = try original.handle(.wheel(WheelEvent(deltaX: -60, timestamp: 5)))
            _ = try restored.handle(.wheel(WheelEvent(deltaX: -60, timestamp: 5)))
            for _ in 0..<100 {
                original.advance(by: .milliseconds(4))
                restored.advance(by: .milliseconds(4))
                #expect(restored.takeFrame() == original.takeFrame(), "\(name)")
            }
        }
    }
}
