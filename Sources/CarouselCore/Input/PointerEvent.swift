/// A pointer event as the client saw it, with the client's own timestamp.
public struct PointerEvent: Equatable, Sendable {
    /// What the pointer did.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    /// The largest coordinate magnitude accepted; far outside any screen, small enough to keep
    /// drag arithmetic exact.
    public static let maximumCoordinate = 1_000_000.0
    /// The largest timestamp magnitude accepted, in ms: about 31,000 years of a monotonic clock.
    public static let maximumTimestamp = 1e15

    /// What the pointer did.
    public var kind: Kind
    /// Tells pointers apart; only the pointer that went down first drives a drag.
    public var pointerID: Int
    /// Horizontal position in points, in the viewport's coordinate space.
    public var x: Double
    /// Vertical position in points, in the viewport's coordinate space.
    public var y: Double
    /// The client's timestamp in milliseconds; only differences between events matter.
    public var timestamp: Double

    /// Creates a pointer event.
    public init(_ kind: Kind, pointerID: Int = 0, x: Double, y: Double = 0, timestamp: Double) {
        self.kind = kind
        self.pointerID = pointerID
        self.x = x
        self.y = y
        self.timestamp = timestamp
    }
}
