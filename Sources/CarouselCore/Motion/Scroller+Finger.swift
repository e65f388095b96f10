/// A finger on the content: it goes down (catching a motion where it is), drags with the
/// rubber band past the ends, and lifts into the release rule's spring or a coast; or its gesture
/// is taken away.
extension Scroller {
    /// A finger goes down: the content stops where it is, in this very step, and follows the finger
    /// from there. Returns whether it caught an animation (that animation's end).
    mutating func grab(pointerID: Int, at coordinate: Double, time: Double, layout: some SnapLayout) -> Bool {
        var caught: Drag.Caught?
        if case .animating(let animation) = motion,
            let direction = Direction(of: animation.target - position) ?? Direction(of: velocity)
        {
            caught = Drag.Caught(target: animation.target, direction: direction)
        }
        // A finger taking over a wheel's drag goes on with the same motion: nothing was caught.
        let wasAnimating = caught != nil || motion.phase == .animating
        var drag = Drag(
            pointerID: pointerID,
            startPosition: position,
            startTravel: layout.unresisted(position),
            grabCoordinate: coordinate,
            coordinate: coordinate,
            caught: caught
        )
        drag.tracker.addSample(position: coordinate, time: time)
        motion = .dragging(drag)
        return wasAnimating
    }

    /// The finger moves; returns false when `pointerID` is not the finger that owns the drag.
    mutating func drag(pointerID: Int, to coordinate: Double, time: Double, layout: some SnapLayout) -> Bool {
        guard case .dragging(var drag) = motion, !drag.isWheel, drag.pointerID == pointerID else { return false }
        // Release the enum's copy first, so the tracker's buffers are mutated in place, not copied.
        motion = .resting
        drag.coordinate = coordinate
        drag.tracker.addSample(position: coordinate, time: time)
        motion = .dragging(drag)
        position = draggedPosition(drag, layout: layout)
        return true
    }

    /// The finger lifts: the release rule picks the snap point and a spring carries the content
    /// there, starting at the content's own speed. `nil` when `pointerID` does not own the drag.
    mutating func release(
        pointerID: Int,
        at coordinate: Double,
        time: Double,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome? {
        guard case .dragging(var drag) = motion, !drag.isWheel, drag.pointerID == pointerID else { return nil }
        drag.coordinate = coordinate
        position = draggedPosition(drag, layout: layout)
        let fingerVelocity = layout.isScrollable ? drag.tracker.velocity(releasedAt: time) : 0
        let velocity = Self.releaseVelocity(fingerVelocity: fingerVelocity)
        if configuration.scrollsFreely {
            return coast(
                velocity: velocity * layout.resistance(at: drag.travel),
                layout: layout,
                configuration: configuration
            )
        }
        let target = ReleaseRule.target(
            releasedAt: position,
            velocity: velocity,
            caught: drag.caught,
            layout: layout,
            configuration: configuration
        )
        return settle(
            to: target,
            velocity: velocity * layout.resistance(at: drag.travel),
            layout: layout,
            configuration: configuration
        )
    }

    /// The motion a release at `velocity` (pt/s) starts from where the content is: a coast with
    /// free scroll, otherwise a spring to the release rule's snap point.
    mutating func releaseMotion(
        velocity: Double,
        caught: Drag.Caught?,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome {
        if configuration.scrollsFreely {
            return coast(velocity: velocity, layout: layout, configuration: configuration)
        }
        let target = ReleaseRule.target(
            releasedAt: position,
            velocity: velocity,
            caught: caught,
            layout: layout,
            configuration: configuration
        )
        return settle(to: target, velocity: velocity, layout: layout, configuration: configuration)
    }

    /// The finger's gesture is taken away (the browser panned, the viewer left): the content
    /// settles on the snap point nearest to it (with free scroll, where it is, inside the ends).
    /// `nil` when `pointerID` does not own the drag.
    mutating func cancel(pointerID: Int, layout: some SnapLayout, configuration: Configuration) -> Outcome? {
        guard activePointerID == pointerID else { return nil }
        if configuration.scrollsFreely { return coast(velocity: 0, layout: layout, configuration: configuration) }
        return settle(
            to: layout.nearestSnapPoint(to: position),
            velocity: 0,
            layout: layout,
            configuration: configuration
        )
    }

    /// Where the finger puts the content. An unmoved finger, or one on a layout that cannot scroll,
    /// leaves it exactly where it was grabbed, so a grab never nudges it by a rounding error.
    func draggedPosition(_ drag: Drag, layout: some SnapLayout) -> Double {
        guard layout.isScrollable, drag.coordinate != drag.grabCoordinate else { return drag.startPosition }
        return layout.resisted(drag.travel)
    }
}
