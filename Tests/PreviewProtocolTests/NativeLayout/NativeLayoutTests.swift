import CarouselCore
import PreviewHandover
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Each native file lays the items out where the engine does: for every uniform preset and 200
/// seeded random geometries, the items at rest on the first page, the next, one mid-way and the
/// last, by each framework's documented rules for the numbers its file writes (`NativeLayout`),
/// against the engine's slots, within 0.5 pt; where a framework cannot, its file says how far in
/// a `Layout:` line of its header. The card feed has its own engine and is not a strip.
@Suite("Native layout: each framework's documented rules against the engine's slots")
struct NativeLayoutTests {
    static let tolerance = 0.5

    @Test("every uniform preset, 7 items")
    func presets() throws {
        for name in Configuration.presetNames where name != "cards" {
            let config = try #require(SessionConfiguration(preset: name))
            try Self.compare(config, itemCount: 7, context: name)
        }
    }

    @Test("200 seeded random geometries")
    func randomGeometries() throws {
        var seeds = SplitMix(seed: 50)
        for _ in 0..<200 {
            let seed = seeds.next()
            var random = SplitMix(seed: seed)
            guard let (config, count) = Self.geometry(&random) else { continue }
            try Self.compare(config, itemCount: count, context: "seed \(seed)")
        }
    }

    /// A valid random uniform configuration and item count, or nil when the draw is refused.
    static func geometry(_ random: inout SplitMix) -> (SessionConfiguration, Int)? {
        var c = Configuration.strip
        c.axis = random.bool() ? .horizontal : .vertical
        c.viewportWidth = random.double(in: 200...600).rounded()
        c.viewportHeight = random.double(in: 120...700).rounded()
        c.inset = random.double(in: 0...40).rounded()
        c.spacing = random.double(in: 0...24).rounded()
        c.isLooping = random.int(in: 0...3) == 0
        c.layoutDirection = random.bool() ? .ltr : .rtl
        c.alignment = [.start, .center, .end][random.int(in: 0...2)]
        c.snapping = random.int(in: 0...3) == 0 ? .free : .item
        if random.bool() {
            c.itemLength = random.double(in: 60...(c.viewportMainLength - 2 * c.inset)).rounded()
            c.itemsPerPage = random.int(in: 1...max(1, min(4, c.itemsThatFit)))
        }
        guard (try? c.validate()) != nil else { return nil }
        var config = SessionConfiguration(preset: "strip")!
        config.configuration = c
        return (config, random.int(in: 1...15))
    }

    static func compare(_ config: SessionConfiguration, itemCount: Int, context: String) throws {
        let c = config.configuration
        let model = HandoverModel(config, itemCount: itemCount)
        let files = Dictionary(uniqueKeysWithValues: FrameworkSnippets.write(model).map { ($0.target, $0.code) })
        let layouts: [(ExportTarget, NativeLayout?)] = [
            (.swiftUI, EmittedCode.swiftUI(files[.swiftUI] ?? "", c, itemCount: itemCount)),
            (.uiKit, EmittedCode.uiKit(files[.uiKit] ?? "", c)),
            (.compose, EmittedCode.compose(files[.compose] ?? "", c, itemCount: itemCount)),
            (.flutter, EmittedCode.flutter(files[.flutter] ?? "", c)),
        ]
        let items = (0..<itemCount).map { CarouselItem(id: "item \($0)") }
        let restingItems = Set([0, c.itemsPerPage, itemCount / 2, itemCount - 1].filter { $0 < itemCount })
        for (target, layout) in layouts {
            guard let layout else {
                Issue.record(
                    "\(context): \(target)'s parameters could not be read from\n\(files[target] ?? "")" as Comment
                )
                continue
            }
            var worst = 0.0
            for resting in restingItems.sorted() {
                var carousel = try Carousel(configuration: c, items: items)
                try carousel.handle(.command(.go(to: resting, animated: false)))
                let frame = carousel.takeFrame()
                let restingPage = Self.pageStart(of: resting, c)
                for slot in frame.slots {
                    guard let index = slot.itemIndex else { continue }
                    let leading = Self.leadingEdge(of: slot, c)
                    // A loop's copies before its first item or after its last: no native file loops.
                    let unwrapped = c.snapLine + Double(index - restingPage) * c.pitch
                    if c.isLooping, abs(leading - unwrapped) > c.pitch / 2 { continue }
                    let native = layout.placement(of: index, restingOn: restingPage, itemCount: itemCount)
                    let length = c.axis == .horizontal ? slot.width : slot.height
                    #expect(
                        abs(native.length - length) <= Self.tolerance,
                        "\(context): \(target) item \(index) is \(native.length) long, the engine's \(length)"
                    )
                    worst = max(worst, abs(native.leading - leading))
                }
            }
            guard worst > Self.tolerance else { continue }
            let noted = Self.notedDifferences(files[target] ?? "")
            let shape =
                "\(c.alignment), \(c.isLooping ? "loop" : "strip"), \(c.itemsPerPage) a page, \(itemCount) items"
            #expect(
                noted.contains { abs($0 - worst) <= Self.tolerance },
                "\(context): \(target) rests items up to \(worst) pt from the engine's; its Layout notes say \(noted) (\(shape))"
            )
        }
    }

    /// A slot's leading edge along the reading direction: the frame's x is from the left, mirrored
    /// already in a right-to-left carousel.
    static func leadingEdge(of slot: SlotFrame, _ c: Configuration) -> Double {
        guard c.axis == .horizontal else { return slot.y }
        return c.layoutDirection == .rtl ? c.viewportWidth - slot.x - slot.width : slot.x
    }

    /// The first item of the page holding `index`.
    static func pageStart(of index: Int, _ c: Configuration) -> Int { index / c.itemsPerPage * c.itemsPerPage }

    /// The numbers the file's `Layout:` header lines give, in points.
    static func notedDifferences(_ code: String) -> [Double] {
        code.split(separator: "\n").filter { $0.contains("Layout: ") }.flatMap { line in
            line.split(separator: " ").compactMap { Double($0) }
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing geometry is found again from its seed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }

    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func bool() -> Bool { next() & 1 == 1 }
}
