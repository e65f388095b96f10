import CarouselCore

/// What feel reads of one frame: its time, the content's position on the axis that never jumps,
/// its velocity, the distance from the current item's snap point, the current item, and whether it
/// rests or ended a motion.
public struct FeelSample: Equatable, Sendable {
    public var time: Double
    public var offset: Double
    public var velocity: Double
    /// The signed distance from the current item's snap point (0 at rest on the grid).
    public var position: Double
    public var index: Int
    public var isIdle: Bool
    /// A `settled` or `interrupted` event: the motion ended here.
    public var ends: Bool

    public init(
        time: Double,
        offset: Double,
        velocity: Double,
        position: Double = 0,
        index: Int,
        isIdle: Bool,
        ends: Bool = false
    ) {
        self.time = time
        self.offset = offset
        self.velocity = velocity
        self.position = position
        self.index = index
        self.isIdle = isIdle
        self.ends = ends
    }

    public init(_ message: FrameMessage) {
        let frame = message.frame
        self.init(
            time: message.time,
            offset: frame.contentOffset,
            velocity: frame.velocity,
            position: frame.position,
            index: frame.currentIndex,
            isIdle: frame.phase == .idle,
            ends: frame.events.contains {
                if case .settled = $0 { return true }
                if case .interrupted = $0 { return true }
                return false
            }
        )
    }
}
