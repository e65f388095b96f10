import CarouselCore

/// The session's motion in the units of the frameworks teams ship, each from that framework's own
/// model of the same physics, so a tuned coast and settle reach the code that ships:
/// - the engine's deceleration rate r multiplies a coast's velocity by r each millisecond, as UIKit's
///   `UIScrollView.DecelerationRate(rawValue: r)` does;
/// - Compose's `exponentialDecay(frictionMultiplier = f)` decays it as exp(-4.2 f t), t in seconds,
///   so f = -1000 ln r / 4.2;
/// - the settle is a critically damped spring of angular frequency w with unit mass: Compose's
///   `spring(dampingRatio = 1, stiffness = w²)`;
/// - the most items a flick moves is Compose's `PagerSnapDistance.atMost(n)` and Splide's
///   `flickMaxPages`; Splide's `flickPower` is r / (1 - r) and Swiper's `freeMode.momentumRatio`
///   2r / (1 - r) / 1000.
/// The logarithm is the engine's own (`Elementary`), so every platform writes the same digits.
public struct FrameworkPhysics: Equatable, Sendable {
    public let uiKitDecelerationRate: Double
    public let composeFrictionMultiplier: Double
    public let composeSpringStiffness: Double
    /// Always 1: the engine's settle never overshoots.
    public let composeSpringDampingRatio: Double
    public let composeSnapDistance: Int
    public let splideFlickPower: Double
    public let splideFlickMaxPages: Int
    public let swiperMomentumRatio: Double

    /// Compose's constant in `exponentialDecay` (`ExponentialDecayFriction`, per second).
    static let composeDecayFriction = 4.2

    public init(_ configuration: Configuration) {
        // The configuration's rules keep the rate strictly between 0 and 1.
        let rate = configuration.decelerationRate
        uiKitDecelerationRate = rate
        composeFrictionMultiplier = -1000 * Elementary.log(rate) / Self.composeDecayFriction
        composeSpringStiffness = configuration.springAngularFrequency * configuration.springAngularFrequency
        composeSpringDampingRatio = 1
        composeSnapDistance = configuration.maxItemsPerFlick
        splideFlickPower = rate / (1 - rate)
        splideFlickMaxPages = configuration.maxItemsPerFlick
        swiperMomentumRatio = 2 * rate / (1 - rate) / 1000
    }
}
