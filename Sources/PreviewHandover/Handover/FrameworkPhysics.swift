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
/// - Flutter's `FrictionSimulation(drag, ...)` keeps drag of the velocity each second: r^1000; its
///   `SpringDescription(mass: 1, stiffness: w², damping: 2w)` is the same critically damped spring;
/// - the web libraries' settles take a fixed time (Swiper's and Splide's `speed`): the time the
///   spring takes to close 99 % of a move, 6.638/w seconds (where (1 + x) e^-x = 0.01); Embla's
///   `duration` is no time, so it scales its default, 25, with the spring's period (500/w).
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
    public let flutterFrictionDrag: Double
    public let flutterSpringDamping: Double
    /// Swiper's and Splide's `speed`, whole milliseconds.
    public let settleMilliseconds: Int
    public let emblaDuration: Int

    /// Compose's constant in `exponentialDecay` (`ExponentialDecayFriction`, per second).
    static let composeDecayFriction = 4.2
    /// x with (1 + x) e^-x = 0.01: a critically damped spring of angular frequency w has closed 99 %
    /// of its move after x / w seconds.
    static let settleAngle = 6.638352067993813

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
        let frequency = configuration.springAngularFrequency
        flutterFrictionDrag = Elementary.exp(1000 * Elementary.log(rate))
        flutterSpringDamping = 2 * frequency
        settleMilliseconds = Int((1000 * Self.settleAngle / frequency).rounded())
        emblaDuration = Int((500 / frequency).rounded())
    }
}
