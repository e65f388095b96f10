/// The one owner of auto-scroll time: a countdown of undisturbed idle time.
///
/// The carousel decides when idle time passes (resting, switched on, nothing pausing it) and
/// restarts the countdown whenever a motion settles, so the interval always measures idle time
/// after the last motion and two advances can never share one interval. Being hidden only stops
/// the countdown, so the remaining time survives a trip to the background.
struct AutoScrollTimer: Equatable, Sendable {
    /// Idle time left before the next advance.
    private(set) var remaining: Duration

    init(interval: Duration) {
        remaining = interval
    }

    /// A countdown with `remaining` left (a checkpoint's).
    init(remaining: Duration) {
        self.remaining = remaining
    }

    /// Starts a full interval.
    mutating func restart(interval: Duration) {
        remaining = interval
    }

    /// How many idle steps remain until the timer fires (at least one).
    func stepsUntilFiring(step: Duration) -> Int64 {
        max(1, StepClock.steps(in: remaining, roundingUp: true))
    }

    /// Lets `steps` idle steps pass; returns whether the timer fired, after which it waits for a
    /// restart.
    mutating func elapse(steps: Int64) -> Bool {
        remaining -= StepClock.step * steps
        return remaining <= .zero
    }
}

extension AutoScrollTimer {
    /// A configure never fires auto-scroll and never restarts a countdown it leaves running: the
    /// countdown keeps its remaining time, cut to the new interval when that is shorter (so a
    /// shorter interval takes effect now, a longer one from the next countdown). Switching
    /// auto-scroll on or off starts a full interval, as the `setAutoScroll` command does.
    mutating func carry(from old: Configuration, to new: Configuration) {
        if old.isAutoScrollEnabled != new.isAutoScrollEnabled {
            restart(interval: new.autoScrollInterval)
        } else if new.autoScrollInterval < remaining {
            restart(interval: new.autoScrollInterval)
        }
    }
}
