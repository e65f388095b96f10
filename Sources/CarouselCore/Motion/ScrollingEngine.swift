/// What both engines build around the gesture-and-motion core, so a pointer event and the passing
/// of time each take one path: the engine only says where the content may rest (`snapLayout`) and
/// what a position means for its items and slots.
protocol ScrollingEngine {
    associatedtype Layout: SnapLayout
    var scroller: Scroller { get set }
    var wheel: WheelGesture { get set }
    var clock: StepClock { get set }
    var autoScroll: AutoScroll { get set }
    var configuration: Configuration { get set }
    var pendingEvents: [CarouselEvent] { get set }
    var currentIndex: Int { get }
    /// Where the content may rest.
    var snapLayout: Layout { get }
    /// Gets ready for a finger to grab the content (a loop measures from the item under it).
    mutating func prepareForGrab()
    /// Brings the current item and the slots up to the scroller's position.
    mutating func followScroller()
    /// After the scroller started or ended a motion: report an end once, keep positions bounded.
    mutating func finish(_ outcome: Scroller.Outcome)
    /// Springs one stop on by itself (or back to the start from the end).
    mutating func advanceAutomatically()
}

extension ScrollingEngine {
    /// Whether a finger could move the content (auto-scroll needs somewhere to go).
    var isScrollable: Bool { snapLayout.isScrollable }

    /// Routes a pointer event to the gesture it belongs to. A layout that cannot scroll (no items,
    /// one item, a strip whose items all fit) still follows the finger's gesture, so every pointer
    /// message is accepted; nothing moves.
    mutating func handlePointer(_ event: PointerEvent) throws(CarouselError) -> InputResult {
        try event.validate()
        let coordinate = ReadingAxis(configuration).coordinate(of: event)
        let id = event.pointerID
        switch event.kind {
        case .down:
            if let owner = scroller.activePointerID {
                return .ignored(owner == id ? .unchanged : .anotherPointerIsDown)
            }
            prepareForGrab()
            if scroller.grab(pointerID: id, at: coordinate, time: event.timestamp, layout: snapLayout) {
                pendingEvents.append(.interrupted(index: currentIndex))
            }
        case .move:
            guard scroller.drag(pointerID: id, to: coordinate, time: event.timestamp, layout: snapLayout) else {
                return .ignored(.pointerNotDown)
            }
            followScroller()
        case .up:
            let released = scroller.release(
                pointerID: id,
                at: coordinate,
                time: event.timestamp,
                layout: snapLayout,
                configuration: configuration
            )
            guard let released else { return .ignored(.pointerNotDown) }
            followScroller()
            finish(released)
        case .cancel:
            guard let cancelled = scroller.cancel(pointerID: id, layout: snapLayout, configuration: configuration)
            else {
                return .ignored(.pointerNotDown)
            }
            finish(cancelled)
        }
        return .applied
    }

    /// Springs from where the content is to `target`, starting at `velocity` (pt/s).
    mutating func animate(to target: Double, velocity: Double, isAutomatic: Bool) {
        let outcome = scroller.animate(
            to: target,
            velocity: velocity,
            isAutomatic: isAutomatic,
            layout: snapLayout,
            configuration: configuration
        )
        finish(outcome)
    }

    /// Auto-scroll's state now: stopped when switched off or when nothing can scroll; paused while
    /// anything holds it. (Checked at every idle step, so the cheapest test goes first.)
    var autoScrollState: AutoScrollStatus.State {
        guard configuration.isAutoScrollEnabled, isScrollable else { return .stopped }
        return autoScroll.pauseReasons(during: scroller.motion).isEmpty ? .running : .paused
    }

    /// The motion's part of `PagingEngine.timeUntilChange`: the countdown's whole steps less the
    /// time already taken toward the first of them, so `advance(by:)` that long fires it exactly.
    var timeUntilMotionChange: Duration? {
        switch scroller.motion {
        case .animating, .coasting: return .zero
        case .dragging: return nil
        case .resting:
            guard autoScrollState == .running else { return nil }
            return StepClock.step * autoScroll.timer.stepsUntilFiring(step: StepClock.step) - clock.pending
        }
    }

    /// Auto-scroll as a frame reports it.
    var autoScrollStatus: AutoScrollStatus {
        let state = autoScrollState
        return AutoScrollStatus(
            state: state,
            pauseReasons: state == .paused ? autoScroll.pauseReasons(during: scroller.motion) : [],
            remaining: autoScroll.timer.remaining
        )
    }

    /// Lets `duration` pass, in fixed steps; a remainder shorter than a step carries over.
    mutating func runSteps(for duration: Duration) {
        var dueSteps = clock.take(duration)
        while dueSteps > 0 {
            switch scroller.motion {
            case .animating, .coasting:
                if let outcome = scroller.step() {
                    followScroller()
                    finish(outcome)
                }
                dueSteps -= 1
            case .dragging:
                return  // a finger holds the content and auto-scroll is paused: time changes nothing
            case .resting:
                guard autoScrollState == .running else { return }
                // Nothing moves until the timer fires, so skip straight to that step.
                let idleSteps = min(dueSteps, autoScroll.timer.stepsUntilFiring(step: StepClock.step))
                dueSteps -= idleSteps
                if autoScroll.timer.elapse(steps: idleSteps) {
                    pendingEvents.append(.autoScrolled(index: currentIndex))
                    advanceAutomatically()
                    autoScroll.timer.restart(interval: configuration.autoScrollInterval)
                    keepLatestEvents()
                }
            }
        }
    }

    /// Past this many events since the last frame, auto-scroll's earlier cycles are summed up.
    static var maximumPendingEvents: Int { 32 }

    /// Called as an auto-scroll cycle begins (the last event is its `autoScrolled`): a long stretch
    /// of auto-scroll in one call (a recording's gap, a manual clock's `advance`) would otherwise
    /// make a frame as long as the stretch. What came before the new cycle is summed up as what a
    /// viewer needs of it: a motion interrupted, the page it moved from and to, the last `settled`.
    /// Trimmed in batches, so a cycle costs O(1); every event chain stays consistent.
    mutating func keepLatestEvents() {
        guard pendingEvents.count >= 2 * Self.maximumPendingEvents, let cycle = pendingEvents.last else { return }
        let earlier = pendingEvents.dropLast()
        var summary: [CarouselEvent] = []
        if let interrupted = earlier.first(where: { if case .interrupted = $0 { true } else { false } }) {
            summary.append(interrupted)
        }
        let pages = earlier.compactMap { event -> (index: Int, previous: Int)? in
            if case .pageChanged(let index, let previous) = event { (index, previous) } else { nil }
        }
        if let first = pages.first, let last = pages.last, first.previous != last.index {
            summary.append(.pageChanged(index: last.index, previous: first.previous))
        }
        if let settled = earlier.last(where: { if case .settled = $0 { true } else { false } }) {
            summary.append(settled)
        }
        pendingEvents.removeAll(keepingCapacity: true)
        pendingEvents.append(contentsOf: summary)
        pendingEvents.append(cycle)
    }

    /// Records whether every viewer has hidden the carousel; hiding pauses auto-scroll and keeps
    /// its remaining time.
    mutating func setHidden(_ hidden: Bool) -> InputResult {
        guard hidden != autoScroll.isHidden else { return .ignored(.unchanged) }
        autoScroll.isHidden = hidden
        return .applied
    }

    /// Switches auto-scroll on or off; either way the countdown starts afresh.
    mutating func setAutoScroll(_ isEnabled: Bool) -> InputResult {
        guard configuration.isAutoScrollEnabled != isEnabled else { return .ignored(.unchanged) }
        configuration.isAutoScrollEnabled = isEnabled
        autoScroll.timer.restart(interval: configuration.autoScrollInterval)
        return .applied
    }
}
