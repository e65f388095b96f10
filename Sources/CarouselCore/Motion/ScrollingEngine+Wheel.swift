/// The wheel's path through both engines: which wheel events the carousel takes, and the time
/// that ends a wheel gesture whose events stopped.
extension ScrollingEngine {
    /// Takes a wheel event. Only the carousel's own axis moves it: an event mostly across the
    /// axis is `offAxis`, and one pushing past the end of a finite layout when no gesture drags is
    /// `atEnd`, so the page lets the browser scroll instead (Swiper's `forceToAxis` and
    /// `releaseOnEdges`). A finger that holds the content keeps it.
    mutating func handleWheel(_ event: WheelEvent) throws(CarouselError) -> InputResult {
        try event.validate()
        let (along, across) = ReadingAxis(configuration).deltas(of: event)
        guard abs(along) > abs(across) else { return .ignored(.offAxis) }
        if scroller.activePointerID != nil { return .ignored(.pointerIsDown) }
        guard isScrollable else { return .ignored(.atEnd) }
        if wheel.isActive, !scroller.isWheelDragging { wheel.interrupt() }
        if !wheel.isActive, let bounds = snapLayout.bounds {
            let heading = scroller.heading
            if along > 0 ? heading >= bounds.upperBound : heading <= bounds.lowerBound { return .ignored(.atEnd) }
        }
        let step = wheel.receive(along, at: event.timestamp)
        if let previous = step.previous { endWheelGesture(previous, at: event.timestamp) }
        if step.begins {
            prepareForGrab()
            if scroller.grabWheel(time: event.timestamp, layout: snapLayout, scrollsFreely: configuration.scrollsFreely)
            {
                pendingEvents.append(.interrupted(index: currentIndex))
            }
        }
        if step.travel != 0 {
            scroller.dragWheel(by: step.travel, time: event.timestamp, layout: snapLayout)
            followScroller()
        }
        if let ending = step.ending { endWheelGesture(ending, at: event.timestamp) }
        return .applied
    }

    /// See `PagingEngine.isAwaitingWheelGesture`.
    public var isAwaitingWheelGesture: Bool { wheel.isPending }

    /// Lets `duration` pass; a wheel gesture whose events stopped ends at the very step its quiet
    /// time runs out, and the motion it releases takes the rest of the time.
    mutating func advanceWithWheel(by duration: Duration) {
        if wheel.isActive, !scroller.isWheelDragging { wheel.interrupt() }
        guard let wait = wheel.timeUntilQuiet, duration >= wait else {
            wheel.wait(duration)
            runSteps(for: duration)
            return
        }
        runSteps(for: wait)
        if let ending = wheel.expire() { endWheelGesture(ending, at: nil) }
        runSteps(for: duration - wait)
    }

    /// Ends a wheel gesture on a change of configuration or items, as a cancelled touch: the
    /// content settles within the gesture's reach, and what still comes of the stream is a tail.
    mutating func yieldWheelDrag() {
        wheel.interrupt()
        guard scroller.isWheelDragging,
            let outcome = scroller.releaseWheel(velocity: nil, layout: snapLayout, configuration: configuration)
        else { return }
        finish(outcome)
    }

    /// See `PagingEngine.timeUntilChange`: the motion's wait, or sooner a wheel stream's quiet
    /// time, which ends its gesture.
    public var timeUntilChange: Duration? {
        let motionWait = timeUntilMotionChange
        guard let wheelWait = wheel.timeUntilQuiet else { return motionWait }
        return min(motionWait ?? wheelWait, wheelWait)
    }

    /// Carries out a wheel gesture's end. `time` is the client's time of the event that ended it,
    /// `nil` when the events stopped.
    private mutating func endWheelGesture(_ ending: WheelGesture.Ending, at time: Double?) {
        let velocity: Double?
        var restingAt: Double?
        switch ending {
        case .release(let carried):
            velocity = carried
        case .settle:
            velocity = nil
        case .lone(let travel, let carried):
            let at = time ?? 0
            restingAt = scroller.motion == .resting ? scroller.position : nil
            prepareForGrab()
            if scroller.grabWheel(time: at, layout: snapLayout, scrollsFreely: configuration.scrollsFreely) {
                pendingEvents.append(.interrupted(index: currentIndex))
            }
            scroller.dragWheel(by: travel, time: at, layout: snapLayout)
            followScroller()
            // A mouse wheel's single notch scrolls its delta; with free scroll that is all it does.
            velocity = configuration.scrollsFreely ? nil : carried
        }
        guard let outcome = scroller.releaseWheel(velocity: velocity, layout: snapLayout, configuration: configuration)
        else { return }
        // A lone event too small to move anything began and ended no motion a frame could show.
        if outcome == .settled, let restingAt, scroller.position == restingAt { return }
        followScroller()
        finish(outcome)
    }
}
