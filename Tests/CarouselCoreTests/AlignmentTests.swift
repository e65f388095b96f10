import Testing

@testable import CarouselCore

/// `alignment`: where a resting item sits (start: `inset` in; center: centred; end: `inset` from
/// the viewport's end), and where a non-looping strip rests at its ends.
@Suite("Alignment: start, center and end, at both ends of a strip and in a loop")
struct AlignmentTests {
    /// A 375 pt strip of 100 pt items, 8 pt apart (pitch 108), inset 16: three fit at once.
    static func strip(_ alignment: Configuration.Alignment, viewport: Double = 375) -> Configuration {
        var configuration = Configuration.strip
        configuration.itemLength = 100
        configuration.viewportWidth = viewport
        configuration.alignment = alignment
        return configuration
    }

    /// Every rest `next` visits from the first, as positions from the first item's snap point.
    static func rests(_ configuration: Configuration, count: Int) -> [Double] {
        var harness = Harness(configuration, itemCount: count)
        var rests = [absolute(harness.last, configuration)]
        while harness.send(.command(.next)) == .applied {
            harness.runUntilIdle()
            rests.append(absolute(harness.last, configuration))
        }
        return rests
    }

    static func absolute(_ frame: Frame, _ configuration: Configuration) -> Double {
        Double(frame.currentIndex) * configuration.pitch + frame.position
    }

    static func isClose(_ lhs: [Double], _ rhs: [Double]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("with the derived item length start, center and end are one place: every preset moves alike")
    func derivedLengthCoincides() throws {
        for name in Configuration.presetNames {
            let preset = try #require(Configuration.preset(named: name))
            guard preset.layout == .uniform else { continue }
            var reference = Harness(preset, itemCount: 6)
            for alignment in Configuration.Alignment.allCases {
                var aligned = preset
                aligned.alignment = alignment
                #expect(aligned.snapLine == preset.inset, "\(name) \(alignment)")
                var harness = Harness(aligned, itemCount: 6)
                for input: Input in [.command(.next), .command(.next), .command(.go(to: 5, animated: true))] {
                    harness.send(input)
                    harness.runUntilIdle()
                    if alignment == .start {
                        reference.send(input)
                        reference.runUntilIdle()
                    }
                }
                harness.swipe(moving: -200, over: 60)
                harness.runUntilIdle()
                if alignment == .start {
                    reference.swipe(moving: -200, over: 60)
                    reference.runUntilIdle()
                }
                #expect(harness.frames == reference.frames, "\(name) aligned \(alignment)")
            }
        }
    }

    @Test("start: the first item at the inset, the last items without blank space")
    func startEnds() throws {
        let configuration = Self.strip(.start)
        let rests = Self.rests(configuration, count: 10)
        #expect(Self.isClose(rests, ReferenceGeometry.finiteSnapPoints(configuration, count: 10)))
        // 0, 108, ... 648, then the end: 9 * 108 + 100 + 32 - 375 = 729.
        #expect(rests == [0, 108, 216, 324, 432, 540, 648, 729])
        var harness = Harness(configuration, itemCount: 10)
        #expect(harness.last.slot(showing: 0)?.x == 16)
        harness.send(.command(.go(to: 9, animated: false)))
        let last = try #require(harness.last.slot(showing: 9))
        #expect(last.x + last.width == 375 - 16)
        #expect(harness.last.currentIndex == 7, "the item nearest the snap line")
    }

    @Test("end: the last item at the end inset, the first items without blank space")
    func endEnds() throws {
        let configuration = Self.strip(.end)
        #expect(configuration.snapLine == 259)
        let rests = Self.rests(configuration, count: 10)
        #expect(Self.isClose(rests, ReferenceGeometry.finiteSnapPoints(configuration, count: 10)))
        // The content's start at the inset: 375 - 2 * 16 - 100 = 243; then whole pitches to 972.
        #expect(rests == [243, 324, 432, 540, 648, 756, 864, 972])
        var harness = Harness(configuration, itemCount: 10)
        #expect(harness.last.slot(showing: 0)?.x == 16, "a new strip rests with its first item at the inset")
        #expect(harness.last.phase == .idle && harness.events.isEmpty)
        harness.send(.command(.go(to: 9, animated: false)))
        let last = try #require(harness.last.slot(showing: 9))
        #expect(last.x == 259 && last.x + last.width == 375 - 16)
        harness.send(.command(.go(to: 0, animated: true)))
        harness.runUntilIdle()
        #expect(harness.last.slot(showing: 0)?.x == 16)
        #expect(harness.send(.command(.previous)) == .ignored(.atEnd))
    }

    @Test("center: every item centred, first and last included")
    func centerEnds() throws {
        let configuration = Self.strip(.center)
        #expect(configuration.snapLine == 137.5)
        let rests = Self.rests(configuration, count: 10)
        #expect(rests == (0..<10).map { Double($0) * 108 })
        var harness = Harness(configuration, itemCount: 10)
        #expect(harness.last.slot(showing: 0)?.x == 137.5)
        harness.send(.command(.go(to: 9, animated: false)))
        #expect(harness.last.slot(showing: 9)?.x == 137.5)
        #expect(harness.last.position == 0 && harness.last.currentIndex == 9)
    }

    @Test("items that all fit rest in one place: at the start inset, at the end inset, or centred")
    func allFit() throws {
        // Three items: 2 * 108 + 100 = 316 pt, within 375 - 32.
        let expectations: [(Configuration.Alignment, first: Double, lastEnd: Double)] = [
            (.start, 16, 16 + 316), (.end, 375 - 16 - 316, 375 - 16), (.center, 29.5, 345.5),
        ]
        for (alignment, first, lastEnd) in expectations {
            let configuration = Self.strip(alignment)
            var harness = Harness(configuration, itemCount: 3)
            #expect(harness.last.slot(showing: 0)?.x == first, "\(alignment)")
            let last = try #require(harness.last.slot(showing: 2))
            #expect(last.x + last.width == lastEnd, "\(alignment)")
            #expect(harness.send(.command(.next)) == .ignored(.atEnd), "\(alignment)")
            #expect(harness.send(.command(.go(to: 2, animated: true))) == .ignored(.unchanged), "\(alignment)")
            // A drag only meets the rubber band and springs back.
            harness.swipe(moving: -150, over: 50)
            harness.runUntilIdle()
            #expect(harness.last.slot(showing: 0)?.x == first, "\(alignment)")
            #expect(Self.rests(configuration, count: 3).count == 1)
        }
    }

    @Test("exactly one pitch left: two rests a pitch apart")
    func onePitchLeft() {
        // Four items in 348 pt: 3 * 108 + 100 + 32 - 348 = 108.
        #expect(Self.rests(Self.strip(.start, viewport: 348), count: 4) == [0, 108])
        #expect(Self.rests(Self.strip(.end, viewport: 348), count: 4) == [216, 324])
        #expect(Self.rests(Self.strip(.center, viewport: 348), count: 4) == [0, 108, 216, 324])
        for alignment in Configuration.Alignment.allCases {
            let configuration = Self.strip(alignment, viewport: 348)
            #expect(
                Self.isClose(
                    Self.rests(configuration, count: 4),
                    ReferenceGeometry.finiteSnapPoints(configuration, count: 4)
                ),
                "\(alignment)"
            )
        }
    }

    @Test("a drag past either end springs back to that end's rest", arguments: Configuration.Alignment.allCases)
    func springBackAtEnds(alignment: Configuration.Alignment) {
        let configuration = Self.strip(alignment)
        let rests = ReferenceGeometry.finiteSnapPoints(configuration, count: 10)
        var harness = Harness(configuration, itemCount: 10)
        harness.swipe(moving: 250, over: 200)
        harness.runUntilIdle()
        #expect(abs(Self.absolute(harness.last, configuration) - rests.first!) < 1e-9)
        harness.send(.command(.go(to: 9, animated: false)))
        harness.swipe(moving: -250, over: 200)
        harness.runUntilIdle()
        #expect(abs(Self.absolute(harness.last, configuration) - rests.last!) < 1e-9)
    }

    @Test(
        "flicks rest only on snap points, and auto-scroll rewinds to the first rest",
        arguments: Configuration.Alignment.allCases
    )
    func flicksAndAutoScroll(alignment: Configuration.Alignment) {
        var configuration = Self.strip(alignment)
        configuration.isAutoScrollEnabled = true
        configuration.autoScrollInterval = .milliseconds(500)
        let rests = ReferenceGeometry.finiteSnapPoints(configuration, count: 10)
        var harness = Harness(configuration, itemCount: 10)
        for distance in [-90.0, -300, -40, 200, -600, -600, -600] {
            harness.swipe(moving: distance, over: 40)
            harness.runUntilIdle()
            let rest = Self.absolute(harness.last, configuration)
            #expect(rests.contains { abs($0 - rest) < 1e-9 }, "\(alignment): rest \(rest)")
        }
        // At the last rest auto-scroll goes back to the first.
        harness.send(.command(.go(to: 9, animated: false)))
        harness.advance(milliseconds: 520)
        harness.runUntilIdle()
        #expect(abs(Self.absolute(harness.last, configuration) - rests.first!) < 1e-9)
    }

    @Test("in a loop the resting item's leading edge is on the snap line", arguments: Configuration.Alignment.allCases)
    func loop(alignment: Configuration.Alignment) {
        var configuration = Self.strip(alignment)
        configuration.isLooping = true
        var harness = Harness(configuration, itemCount: 6)
        for _ in 0..<8 {
            #expect(harness.last.slot(showing: harness.last.currentIndex)?.x == configuration.snapLine)
            harness.send(.command(.previous))
            harness.runUntilIdle()
        }
        #expect(harness.last.currentIndex == 4)
    }

    @Test("a vertical strip aligns along its main axis, top as the start")
    func vertical() throws {
        var configuration = Self.strip(.end)
        configuration.axis = .vertical
        configuration.viewportWidth = 200
        configuration.viewportHeight = 375
        var harness = Harness(configuration, itemCount: 10)
        #expect(harness.last.slot(showing: 0)?.y == 16)
        // Rests at 243 pt: item 2's top (at 232 pt) is the nearest to the snap line at 259 pt.
        #expect(harness.last.currentIndex == 2 && harness.last.position == 27)
        harness.send(.command(.go(to: 9, animated: false)))
        let last = try #require(harness.last.slot(showing: 9))
        #expect(last.y == 259 && last.height == 100 && last.x == 0)
    }

    @Test("a rest state at every rest of every alignment comes back equal", arguments: Configuration.Alignment.allCases)
    func restStateRoundTrip(alignment: Configuration.Alignment) throws {
        for isLooping in [false, true] {
            var configuration = Self.strip(alignment)
            configuration.isLooping = isLooping
            var carousel = try Carousel(configuration: configuration, items: makeItems(10))
            try expectEveryRestRestores(&carousel, items: 10, rests: 12, "\(alignment) loop \(isLooping)") {
                restored,
                state in
                let frame = restored.frame
                #expect(
                    frame.slots.contains {
                        $0.itemIndex == state.index && $0.x == configuration.snapLine - frame.position
                    },
                    "\(alignment) loop \(isLooping): the current item is off the snap line"
                )
            }
        }
        // A position between two rests is refused.
        let carousel = try Carousel(configuration: Self.strip(alignment), items: makeItems(10))
        var state = try #require(carousel.restState)
        state.position += 30
        #expect(throws: CarouselError.self) {
            try Carousel(configuration: Self.strip(alignment), items: makeItems(10), restingAt: state)
        }
    }
}
