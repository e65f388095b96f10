extension Carousel {
    /// Validates a pointer event and routes it to the gesture it belongs to.
    mutating func handlePointer(_ event: PointerEvent) throws(CarouselError) -> InputResult {
        try Self.validatePointer(event)
        let coordinate = configuration.axis == .horizontal ? event.x : event.y
        switch event.kind {
        case .down: return pointerDown(event.pointerID, at: coordinate, time: event.timestamp)
        case .move: return pointerMoved(event.pointerID, to: coordinate, time: event.timestamp)
        case .up: return pointerLifted(event.pointerID, at: coordinate, time: event.timestamp)
        case .cancel: return pointerCancelled(event.pointerID)
        }
    }

    /// Grabs the content where it is, stopping any animation in this very step.
    private mutating func pointerDown(_ pointerID: Int, at coordinate: Double, time: Double) -> InputResult {
        if let reason = reasonItemsCannotMove { return .ignored(reason) }
        switch motion {
        case .dragging(let drag):
            return .ignored(drag.pointerID == pointerID ? .unchanged : .anotherPointerIsDown)
        case .animating:
            emit(.interrupted(index: currentIndex))
        case .resting:
            break
        }
        // Measure from the item under the finger, so the release rule counts from there.
        rebase(by: steps)
        var drag = Drag(
            pointerID: pointerID,
            startDisplacement: displacement,
            startTravel: track.unresisted(displacement, from: origin),
            grabCoordinate: coordinate,
            coordinate: coordinate
        )
        drag.tracker.addSample(position: coordinate, time: time)
        motion = .dragging(drag)
        return .applied
    }

    private mutating func pointerMoved(_ pointerID: Int, to coordinate: Double, time: Double) -> InputResult {
        guard var drag = activeDrag(of: pointerID) else { return .ignored(.pointerNotDown) }
        // Release the enum's copy first, so the tracker's buffers are mutated in place, not copied.
        motion = .resting
        drag.coordinate = coordinate
        drag.tracker.addSample(position: coordinate, time: time)
        motion = .dragging(drag)
        move(to: draggedDisplacement(drag))
        return .applied
    }

    private mutating func pointerLifted(_ pointerID: Int, at coordinate: Double, time: Double) -> InputResult {
        guard var drag = activeDrag(of: pointerID) else { return .ignored(.pointerNotDown) }
        drag.coordinate = coordinate
        move(to: draggedDisplacement(drag))
        // The finger's velocity is opposite to the content's: a finger moving left scrolls forward.
        let velocity = -drag.tracker.velocity(releasedAt: time)
        release(velocity: velocity, resistance: track.resistance(at: drag.travel, from: origin))
        return .applied
    }

    private mutating func pointerCancelled(_ pointerID: Int) -> InputResult {
        guard activeDrag(of: pointerID) != nil else { return .ignored(.pointerNotDown) }
        release(velocity: 0, resistance: 1)
        return .applied
    }

    /// Chooses the resting item by the release rule and springs there, keeping the content's
    /// speed: the finger's, slowed by the rubber band's `resistance` past a finite end.
    private mutating func release(velocity: Double, resistance: Double) {
        let ruled = ReleaseRule.steps(
            displacement: displacement,
            velocity: velocity,
            pitch: track.pitch,
            configuration: configuration
        )
        animate(by: track.clamp(steps: ruled, from: origin), velocity: velocity * resistance, isAutomatic: false)
    }

    private func activeDrag(of pointerID: Int) -> Drag? {
        guard case .dragging(let drag) = motion, drag.pointerID == pointerID else { return nil }
        return drag
    }

    /// Where the finger puts the content. An unmoved finger leaves it exactly where it was
    /// grabbed, so a grab never nudges it by a rounding error.
    private func draggedDisplacement(_ drag: Drag) -> Double {
        guard drag.coordinate != drag.grabCoordinate else { return drag.startDisplacement }
        return track.resisted(drag.travel, from: origin)
    }

    /// Rejects coordinates and times that are not usable numbers.
    static func validatePointer(_ event: PointerEvent) throws(CarouselError) {
        for (name, value) in [("x", event.x), ("y", event.y)] {
            guard value.isFinite, abs(value) <= PointerEvent.maximumCoordinate else {
                throw .invalidPointer(
                    "\(name) must be a finite number of at most \(PointerEvent.maximumCoordinate) in magnitude, got \(value)"
                )
            }
        }
        guard event.timestamp.isFinite, abs(event.timestamp) <= 1e15 else {
            throw .invalidPointer("timestamp must be a finite number of milliseconds, got \(event.timestamp)")
        }
    }
}
