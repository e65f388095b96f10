/// Auto-scroll as both engines keep it: the one countdown, whether every viewer hid the carousel,
/// and the rules that hold it back.
struct AutoScroll: Equatable, Sendable {
    /// Idle time left before the next advance.
    var timer: AutoScrollTimer
    /// Whether every viewer has hidden the carousel (a background tab, a locked phone).
    var isHidden = false

    init(interval: Duration) {
        timer = AutoScrollTimer(interval: interval)
    }

    /// What holds auto-scroll back during `motion`.
    func pauseReasons(during motion: Motion) -> PauseReasons {
        var reasons: PauseReasons = []
        switch motion {
        case .dragging: reasons.insert(.pointerDown)
        case .animating(let animation) where !animation.isAutomatic: reasons.insert(.userMotion)
        case .coasting: reasons.insert(.userMotion)
        case .animating, .resting: break
        }
        if isHidden { reasons.insert(.hidden) }
        return reasons
    }
}
