/// A wheel's gesture as a drag without a finger: `WheelGesture` says when it begins and ends; here
/// its deltas move the content and its end goes through the finger's release rule. A wheel drag
/// reaches at most one snap point either way of where it began (a caught animation's target, or
/// the snap point nearest the content), so one swipe or one turn of a wheel pages once, however
/// many points its events add up to. With free scroll it reaches as far as its deltas take it up to
/// the ends of a finite strip, and its end coasts (see `releaseWheel`).
extension Scroller {
    /// Whether a wheel drives a drag.
    var isWheelDragging: Bool {
        guard case .dragging(let drag) = motion else { return false }
        return drag.isWheel
    }

    /// A wheel gesture begins: the content stops where it is and follows the wheel's deltas from
    /// there. Returns whether it caught an animation.
    mutating func grabWheel(time: Double, layout: some SnapLayout, scrollsFreely: Bool = false) -> Bool {
        let heading = self.heading
        let wasAnimating = grab(pointerID: 0, at: 0, time: time, layout: layout)
        guard case .dragging(var drag) = motion else { return wasAnimating }
        let anchor = drag.caught?.target ?? layout.nearestSnapPoint(to: wasAnimating ? heading : position)
        let start = drag.startTravel
        if scrollsFreely {
            let bounds = layout.bounds ?? -Double.infinity...Double.infinity
            drag.wheelReach = min(bounds.lowerBound, start)...max(bounds.upperBound, start)
            motion = .dragging(drag)
            return wasAnimating
        }
        let lower = layout.snapPoint(after: anchor, toward: .backward) ?? anchor
        let upper = layout.snapPoint(after: anchor, toward: .forward) ?? anchor
        drag.wheelReach = min(lower, start)...max(upper, start)
        motion = .dragging(drag)
        return wasAnimating
    }

    /// The wheel scrolls `delta` points further toward later content, within its reach.
    mutating func dragWheel(by delta: Double, time: Double, layout: some SnapLayout) {
        guard case .dragging(var drag) = motion, let reach = drag.wheelReach else { return }
        motion = .resting  // release the enum's copy, so the tracker is mutated in place
        // The wheel's coordinate moves against the content, as a finger's does.
        let travel = min(max(drag.travel + delta, reach.lowerBound), reach.upperBound)
        drag.coordinate = drag.grabCoordinate - (travel - drag.startTravel)
        drag.tracker.addSample(position: drag.coordinate, time: time)
        motion = .dragging(drag)
        position = draggedPosition(drag, layout: layout)
    }

    /// The wheel gesture ends: with `velocity` (pt/s, toward later content) through the release
    /// rule, or, when `velocity` is `nil`, on the nearest snap point as a cancelled touch; either
    /// way within its reach. With free scroll it coasts with `velocity` instead (the gesture's own
    /// momentum stands in for the inertial tail it swallows), or rests where it is when `nil`.
    mutating func releaseWheel(
        velocity: Double?,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome? {
        guard case .dragging(let drag) = motion, let reach = drag.wheelReach else { return nil }
        let released = layout.isScrollable ? Self.releaseVelocity(fingerVelocity: -(velocity ?? 0)) : 0
        if configuration.scrollsFreely {
            return coast(velocity: released, layout: layout, configuration: configuration)
        }
        var target =
            velocity == nil
            ? layout.nearestSnapPoint(to: position)
            : ReleaseRule.target(
                releasedAt: position,
                velocity: released,
                caught: drag.caught,
                layout: layout,
                configuration: configuration
            )
        target = min(max(target, reach.lowerBound), reach.upperBound)
        if !layout.isSnapPoint(target) { target = layout.nearestSnapPoint(to: target) }
        return settle(
            to: target,
            velocity: released * layout.resistance(at: drag.travel),
            layout: layout,
            configuration: configuration
        )
    }
}
