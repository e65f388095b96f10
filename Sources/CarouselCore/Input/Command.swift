/// A programmatic request to the carousel.
public enum Command: Equatable, Sendable {
    /// Animate to the item after the current target.
    case next
    /// Animate to the item before the current target.
    case previous
    /// Show the item at `index`, animated (the shortest way round in a loop) or at once.
    case go(to: Int, animated: Bool)
    /// Start or stop auto-scroll.
    case setAutoScroll(enabled: Bool)
}
