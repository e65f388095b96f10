/// What both engines build around the gesture-and-motion core, so time runs through one loop:
/// springs step, a finger holds time still, and idle time counts down to the next auto-scroll.
protocol ScrollingEngine {
    var scroller: Scroller { get set }
    var clock: StepClock { get set }
    var autoScroll: AutoScroll { get set }
    var configuration: Configuration { get set }
    /// Whether a finger could move the content (auto-scroll needs somewhere to go).
    var isScrollable: Bool { get }
    /// Brings items and slots up to a step of the scroller and reports a motion that ended.
    mutating func follow(_ outcome: Scroller.Outcome)
    /// Springs one stop on by itself (or back to the start from the end).
    mutating func advanceAutomatically()
}

extension ScrollingEngine {
    /// Auto-scroll's state now.
    var autoScrollState: AutoScrollStatus.State {
        autoScroll.state(isEnabled: configuration.isAutoScrollEnabled, canScroll: isScrollable, motion: scroller.motion)
    }

    /// Auto-scroll as a frame reports it.
    var autoScrollStatus: AutoScrollStatus {
        autoScroll.status(isEnabled: configuration.isAutoScrollEnabled, canScroll: isScrollable, motion: scroller.motion)
    }

    /// Lets `duration` pass, in fixed steps; a remainder shorter than a step carries over.
    mutating func runSteps(for duration: Duration) {
        var dueSteps = clock.take(duration)
        while dueSteps > 0 {
            switch scroller.motion {
            case .animating:
                if let outcome = scroller.step() { follow(outcome) }
                dueSteps -= 1
            case .dragging:
                return  // a finger holds the content and auto-scroll is paused: time changes nothing
            case .resting:
                guard autoScrollState == .running else { return }
                // Nothing moves until the timer fires, so skip straight to that step.
                let idleSteps = min(dueSteps, autoScroll.timer.stepsUntilFiring(step: StepClock.step))
                dueSteps -= idleSteps
                if autoScroll.timer.elapse(steps: idleSteps) {
                    advanceAutomatically()
                    autoScroll.timer.restart(interval: configuration.autoScrollInterval)
                }
            }
        }
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
