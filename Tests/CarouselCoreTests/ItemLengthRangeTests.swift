import TestSupport
import Testing

@testable import CarouselCore

/// The item lengths a geometry accepts, as the panel offers them: every length in the range
/// validates and the lengths just outside it do not, so the page never offers a width the server
/// refuses, nor refuses one it would take.
@Suite("The item lengths a geometry accepts")
struct ItemLengthRangeTests {
    @Test("a page of one item takes any length from the slot ring's bound up")
    func onePerPage() throws {
        let strip = Configuration.strip
        let range = try #require(strip.itemLengthRange)
        #expect(range.maximum == Configuration.maximumLength)
        #expect(Self.accepts(strip, range.minimum))
        #expect(!Self.accepts(strip, range.minimum - 1), "shorter items would need more than 64 slots")
    }

    @Test("three items a page: at most as long as three fit between the insets")
    func threePerPage() throws {
        var strip = Configuration.strip
        strip.itemLength = 100
        strip.itemsPerPage = 3
        let range = try #require(strip.itemLengthRange)
        // (375 - 2 * 16 - 2 * 8) / 3 = 109
        #expect(range.maximum == 109)
        #expect(!Self.accepts(strip, 110))
    }

    @Test("the card feed's items take their own lengths")
    func cardFeed() {
        #expect(Configuration.cards.itemLengthRange == Configuration.Rules.length)
    }

    @Test("random geometries: the bounds validate and the whole points just outside do not")
    func randomGeometries() {
        var checked = 0
        for seed in UInt64(0)..<UInt64(300) {
            var generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 7)
            var configuration = [Configuration.banner, .paged, .coverflow, .strip].randomElement(using: &generator)!
            configuration.viewportWidth = Double(Int.random(in: 40...1200, using: &generator))
            configuration.inset = Double(Int.random(in: 0...40, using: &generator))
            configuration.spacing = Double(Int.random(in: 0...30, using: &generator))
            configuration.alignment = [.start, .center, .end].randomElement(using: &generator)!
            configuration.itemLength = Double(Int.random(in: 20...400, using: &generator))
            configuration.itemsPerPage = min(Int.random(in: 1...6, using: &generator), configuration.itemsThatFit)
            guard (try? configuration.validate()) != nil else { continue }
            guard let range = configuration.itemLengthRange else {
                Issue.record("seed \(seed): a valid configuration has no item length range")
                continue
            }
            checked += 1
            let context = "seed \(seed): \(range.minimum)...\(range.maximum)"
            #expect(range.contains(configuration.itemLength!), "\(context) holds the current length")
            #expect(Self.accepts(configuration, range.minimum), "\(context): minimum")
            #expect(Self.accepts(configuration, range.maximum), "\(context): maximum")
            let middle = ((range.minimum + range.maximum) / 2).rounded(.down)
            #expect(Self.accepts(configuration, middle), "\(context): middle")
            if range.minimum > Configuration.minimumItemLength {
                #expect(!Self.accepts(configuration, range.minimum - 1), "\(context): below")
            }
            if range.maximum < Configuration.maximumLength {
                #expect(!Self.accepts(configuration, range.maximum + 1), "\(context): above")
            }
        }
        #expect(checked > 200, "most random geometries are valid ones, so the property is tested")
    }

    static func accepts(_ configuration: Configuration, _ length: Double) -> Bool {
        var candidate = configuration
        candidate.itemLength = length
        return (try? candidate.validate()) != nil
    }
}
