import Testing

@testable import CarouselCore

/// `imageFit` and `cornerRadius` say how a page draws an item, like the template: each preset
/// keeps the page's look, a radius outside its range is refused, and the engine's frames never
/// depend on either.
@Suite("Drawing fields: image fit and corner radius travel with the design, never move an item")
struct DrawingFieldsTests {
    @Test("each preset draws as the page did: images cover, banners rounded 14 pt, the card feed square")
    func presetDefaults() throws {
        for name in Configuration.presetNames {
            let preset = try #require(Configuration.preset(named: name))
            #expect(preset.imageFit == .cover, "\(name)")
            #expect(preset.cornerRadius == (name == "cards" ? 0 : 14), "\(name)")
        }
        #expect(Configuration(layout: .cards).cornerRadius == 0)
        #expect(Configuration(cornerRadius: 3).cornerRadius == 3)
    }

    @Test("a radius from 0 to 200 pt is taken; past either end, or not a number, is refused naming it")
    func radiusRange() {
        for radius in [0, 0.5, 14, 200] {
            #expect(throws: Never.self) { try Configuration(cornerRadius: radius).validate() }
        }
        for radius in [-0.001, 200.001, .infinity, .nan] {
            #expect {
                try Configuration(cornerRadius: radius).validate()
            } throws: { error in
                (error as? ConfigurationError)?.field == "cornerRadius"
            }
        }
    }

    @Test("two engines that differ only in fit and radius give the same frames, through a flick and a reconfigure")
    func framesIgnoreDrawing() {
        func frames(fit: Configuration.ImageFit, radius: Double) -> [Frame] {
            var configuration = Configuration.strip
            configuration.imageFit = fit
            configuration.cornerRadius = radius
            var harness = Harness(configuration, itemCount: 8)
            harness.swipe(at: 300, moving: -180, over: 60)
            harness.advance(milliseconds: 40)
            // Mid-coast, the spacing changes and so does the look: only the spacing may move anything.
            configuration.spacing = 12
            configuration.imageFit = fit == .cover ? .contain : .cover
            configuration.cornerRadius = 200 - radius
            harness.send(.configure(configuration))
            _ = harness.runUntilIdle()
            return harness.frames
        }
        let plain = frames(fit: .cover, radius: 14)
        let drawn = frames(fit: .contain, radius: 200)
        #expect(plain.count > 20)
        #expect(plain == drawn)
    }
}
