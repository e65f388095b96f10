/// A wheel or trackpad scroll as the client saw it: how far it asks to scroll, in points, and the
/// client's own timestamp. Positive deltas scroll right and down, as the DOM's `WheelEvent` reports
/// them once its lines or pages are converted to points: toward later content, except in a
/// right-to-left carousel, where later content lies to the left (`ReadingAxis` turns them round).
public struct WheelEvent: Equatable, Sendable {
    /// The largest delta magnitude accepted, in points: far more than any wheel event scrolls.
    public static let maximumDelta = PointerEvent.maximumCoordinate
    /// The largest timestamp magnitude accepted, in ms, as for a pointer.
    public static let maximumTimestamp = PointerEvent.maximumTimestamp
    /// Events stopping this long (ms) end a wheel gesture (`WheelGesture`): what a reader of a
    /// stream of wheel events (feel, splitting a take into gestures) counts as one gesture's end.
    public static let gestureQuietMilliseconds = WheelGesture.quietMilliseconds

    /// Horizontal scroll in points; positive scrolls right.
    public var deltaX: Double
    /// Vertical scroll in points; positive scrolls down.
    public var deltaY: Double
    /// The client's timestamp in milliseconds; only differences between events matter.
    public var timestamp: Double

    /// Creates a wheel event.
    public init(deltaX: Double = 0, deltaY: Double = 0, timestamp: Double) {
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.timestamp = timestamp
    }
}
