import Testing

@testable import CarouselCore

@Suite("Configuration: presets, overrides and rejection of invalid values")
struct ConfigurationTests {
    @Test(
        "banner: loop, 375x180, inset 16, spacing 8, item = viewport - 2*inset, deceleration 0.99, no scale, no auto-scroll"
    )
    func bannerPreset() {
        let banner = Configuration.banner
        #expect(banner.isLooping)
        #expect(banner.viewportWidth == 375 && banner.viewportHeight == 180)
        #expect(banner.inset == 16 && banner.spacing == 8)
        #expect(banner.resolvedItemLength == 343)
        #expect(banner.pitch == 351)
        #expect(banner.decelerationRate == 0.99)
        #expect(banner.sideScale == 1)
        #expect(!banner.isAutoScrollEnabled)
        #expect(banner.axis == .horizontal)
    }

    @Test("paged: loop, no inset, no spacing, full-width pages")
    func pagedPreset() {
        let paged = Configuration.paged
        #expect(paged.isLooping && paged.inset == 0 && paged.spacing == 0)
        #expect(paged.resolvedItemLength == 375 && paged.pitch == 375)
    }

    @Test("coverflow: loop, inset 20, spacing 10, side scale 0.8, auto-scroll every 3000 ms")
    func coverflowPreset() {
        let coverflow = Configuration.coverflow
        #expect(coverflow.isLooping && coverflow.inset == 20 && coverflow.spacing == 10)
        #expect(coverflow.sideScale == 0.8)
        #expect(coverflow.isAutoScrollEnabled && coverflow.autoScrollInterval == .milliseconds(3000))
    }

    @Test("strip: finite, inset 16, spacing 8, page = item width + spacing with neighbours peeking")
    func stripPreset() throws {
        let strip = Configuration.strip
        #expect(!strip.isLooping && strip.inset == 16 && strip.spacing == 8)
        #expect(strip.pitch == strip.resolvedItemLength + strip.spacing)
        #expect(strip.pitch != strip.viewportWidth)
        var carousel = try Carousel(configuration: .strip, items: makeItems(5))
        try carousel.handle(.command(.go(to: 2, animated: false)))
        let frame = carousel.takeFrame()
        // The neighbours peek in: both show a sliver of 8 pt inside the viewport.
        let previous = try #require(frame.slot(showing: 1))
        let next = try #require(frame.slot(showing: 3))
        #expect(previous.x + previous.width == 8)
        #expect(next.x == 375 - 8)
    }

    @Test("presets are found by name; unknown names are not")
    func presetLookup() {
        #expect(Configuration.preset(named: "banner") == .banner)
        #expect(Configuration.preset(named: "strip") == .strip)
        #expect(Configuration.preset(named: "nope") == nil)
        #expect(Configuration.presetNames.allSatisfy { Configuration.preset(named: $0) != nil })
    }

    @Test("every value can be overridden and the engine uses the override")
    func overrides() throws {
        var custom = Configuration.banner
        custom.spacing = 20
        custom.inset = 30
        custom.itemLength = 200
        custom.viewportWidth = 400
        var carousel = try Carousel(configuration: .banner, items: makeItems(5))
        #expect(try carousel.handle(.configure(custom)) == .applied)
        let frame = carousel.takeFrame()
        let centred = try #require(frame.slot(showing: 0))
        #expect(centred.x == 30 && centred.width == 200)
        #expect(try #require(frame.slot(showing: 1)).x == 30 + 220)
    }

    static let invalidOverrides: [(String, @Sendable (inout Configuration) -> Void)] = [
        ("spacing", { $0.spacing = -1 }),
        ("itemLength", { $0.itemLength = 0 }),
        ("itemLength", { $0.itemLength = -5 }),
        ("viewportWidth", { $0.viewportWidth = 0 }),
        ("viewportHeight", { $0.viewportHeight = -180 }),
        ("decelerationRate", { $0.decelerationRate = 0 }),
        ("decelerationRate", { $0.decelerationRate = 1 }),
        ("decelerationRate", { $0.decelerationRate = 1.5 }),
        ("viewportWidth", { $0.viewportWidth = .nan }),
        ("inset", { $0.inset = .nan }),
        ("spacing", { $0.spacing = .nan }),
        ("itemLength", { $0.itemLength = .nan }),
        ("itemThickness", { $0.itemThickness = .nan }),
        ("decelerationRate", { $0.decelerationRate = .nan }),
        ("sideScale", { $0.sideScale = .nan }),
        ("flickVelocityThreshold", { $0.flickVelocityThreshold = .nan }),
        ("springAngularFrequency", { $0.springAngularFrequency = .nan }),
        ("rubberBandCoefficient", { $0.rubberBandCoefficient = .nan }),
        ("viewportWidth", { $0.viewportWidth = .infinity }),
        ("inset", { $0.inset = 200 }),
        ("autoScrollInterval", { $0.autoScrollInterval = .zero }),
        (
            "itemLength",
            {
                $0.itemLength = 0.5; $0.spacing = 0
            }
        ),
    ]

    @Test(
        "invalid values are rejected with an error naming the field, and the previous configuration stays",
        arguments: 0..<invalidOverrides.count
    )
    func invalidValuesRejected(case index: Int) throws {
        let (field, breakIt) = Self.invalidOverrides[index]
        var carousel = try Carousel(configuration: .coverflow, items: makeItems(5))
        try carousel.handle(.command(.go(to: 3, animated: false)))
        let before = carousel
        var bad = Configuration.coverflow
        breakIt(&bad)
        #expect(throws: CarouselError.self) { try carousel.handle(.configure(bad)) }
        do {
            try carousel.handle(.configure(bad))
        } catch let error {
            guard case .invalidConfiguration(let reason) = error else {
                Issue.record("expected invalidConfiguration, got \(error)")
                return
            }
            #expect(reason.field == field)
            #expect(error.description.contains(field))
            #expect(reason.message.count > 10)
        }
        #expect(carousel == before)
        #expect(carousel.configuration == .coverflow)
        #expect(throws: CarouselError.self) { try Carousel(configuration: bad, items: []) }
    }
}
