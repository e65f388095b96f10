extension Carousel {
    /// What holds auto-scroll back right now.
    var pauseReasons: PauseReasons {
        var reasons: PauseReasons = []
        switch motion {
        case .dragging: reasons.insert(.pointerDown)
        case .animating(let animation) where !animation.isAutomatic: reasons.insert(.userMotion)
        case .animating, .resting: break
        }
        if isHidden { reasons.insert(.hidden) }
        return reasons
    }

    /// Stopped when switched off or with fewer than two items; paused while anything holds it.
    var autoScrollState: AutoScrollStatus.State {
        guard configuration.isAutoScrollEnabled, items.count >= 2 else { return .stopped }
        return pauseReasons.isEmpty ? .running : .paused
    }

    /// The timer as a frame reports it.
    var autoScrollStatus: AutoScrollStatus {
        let state = autoScrollState
        return AutoScrollStatus(
            state: state,
            pauseReasons: state == .paused ? pauseReasons : [],
            remaining: timer.remaining
        )
    }
}
