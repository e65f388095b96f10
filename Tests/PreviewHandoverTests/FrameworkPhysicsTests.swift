import CarouselCore
import Testing

@testable import PreviewHandover

/// The tuned coast and settle in the units of UIKit, Compose, Splide and Swiper: for each rate,
/// spring frequency and flick reach, the values written out by hand from each framework's formula
/// (see `FrameworkPhysics`), to 1e-9 relative.
@Suite("Framework physics: the engine's rate, spring and reach in each framework's units")
struct FrameworkPhysicsTests {
    /// rate: (Compose's friction multiplier, Splide's flick power, Swiper's momentum ratio), from
    /// -1000 ln r / 4.2, r / (1 - r) and 2r / (1 - r) / 1000 worked out apart from the code.
    static let byRate: [Double: (friction: Double, flickPower: Double, momentum: Double)] = [
        0.99: (2.392937107976536, 99.0, 0.198),
        0.998: (0.47666730254120937, 499.0, 0.998),
    ]

    static func close(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) <= 1e-9 * abs(expected)
    }

    @Test("each rate, spring frequency and flick reach", arguments: [0.99, 0.998], [8.0, 20.0, 40.0])
    func table(rate: Double, frequency: Double) throws {
        for reach in [1, 3] {
            var configuration = Configuration.strip
            configuration.decelerationRate = rate
            configuration.springAngularFrequency = frequency
            configuration.maxItemsPerFlick = reach
            let physics = FrameworkPhysics(configuration)
            let expected = try #require(Self.byRate[rate])
            let context = "rate \(rate), w \(frequency), reach \(reach)"
            #expect(physics.uiKitDecelerationRate == rate, "\(context)")
            #expect(Self.close(physics.composeFrictionMultiplier, expected.friction), "\(context)")
            #expect(Self.close(physics.composeSpringStiffness, frequency * frequency), "\(context)")
            #expect(physics.composeSpringDampingRatio == 1, "\(context)")
            #expect(physics.composeSnapDistance == reach && physics.splideFlickMaxPages == reach, "\(context)")
            #expect(Self.close(physics.splideFlickPower, expected.flickPower), "\(context)")
            #expect(Self.close(physics.swiperMomentumRatio, expected.momentum), "\(context)")
        }
    }

    @Test("Compose's friction multiplier for 0.998 is 0.4767; w = 20 is Compose's own StiffnessMediumLow, 400")
    func composeAnchors() {
        var configuration = Configuration.strip
        configuration.decelerationRate = 0.998
        configuration.springAngularFrequency = 20
        let physics = FrameworkPhysics(configuration)
        #expect((physics.composeFrictionMultiplier * 10_000).rounded() == 4767)
        #expect(physics.composeSpringStiffness == 400)
    }
}
