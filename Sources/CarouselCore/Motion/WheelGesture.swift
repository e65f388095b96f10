/// Where one wheel gesture begins and ends, from the stream of wheel deltas along the carousel's
/// axis: a pure state machine that says what the scroller should do, never touching it.
///
/// A wheel has no "down" and no "up", so both are inferred, the way Embla's wheel-gestures plugin
/// and Swiper's mousewheel module do:
/// - It begins with the second event of a stream, once that event is at least as strong as the
///   first: a stream that only shrinks from its start is a trackpad's inertial tail (the fingers
///   lifted before the carousel saw anything), and never moves the content.
/// - It drags while events come, and ends when they stop for `quietTimeout` (told by the time the
///   caller lets pass, or by a gap in the client's own times), or when their magnitude has shrunk
///   `decayRun` times without growing: the fingers lifted and the OS's momentum took over. That
///   tail is swallowed, so one swipe never pages twice. A gesture ended by its decay releases with
///   the velocity its events carried only when they ever grew past its first (a real swipe rises);
///   otherwise it was a tail after all and settles where it is nearest.
/// - A reversal, or an event growing during a tail, begins the next gesture.
struct WheelGesture: Equatable, Sendable {
    /// Events stopping this long (ms) end a gesture: longer than a mouse wheel's notches within one
    /// turn (50 to 100 ms apart), shorter than a person's pause between two swipes.
    static let quietMilliseconds = 150.0
    /// `quietMilliseconds` as the time the caller lets pass.
    static let quietTimeout = Duration.milliseconds(quietMilliseconds)
    /// How many times in a row an event must shrink (equal ones neither count nor reset) before
    /// the stream is taken for an inertial tail.
    static let decayRun = 3
    /// The interval an event's delta is spread over for its velocity (ms): a single event, or one
    /// after a pause, is taken to last 100 ms (a notch's smooth scroll); bursts faster than 8 ms
    /// are coalesced events, not faster scrolling.
    static let intervalRange = 8.0...100.0

    /// One event along the axis.
    struct Sample: Equatable, Sendable {
        /// Points toward later content.
        let delta: Double
        /// The client's time, ms.
        let time: Double
        /// The content's velocity this event carried, pt/s.
        let velocity: Double

        var magnitude: Double { abs(delta) }
    }

    /// A gesture that moves the content.
    struct Active: Equatable, Sendable {
        var last: Sample
        /// The first event's magnitude: a swipe rises past it, a tail never does.
        let firstMagnitude: Double
        var hasRisen: Bool
        var shrinkCount = 0
    }

    /// What the stream is in.
    enum Phase: Equatable, Sendable {
        /// No stream: the next event may begin a gesture.
        case idle
        /// One event seen and held; `afterTail` when it grew out of a tail (a lone one is noise).
        case pending(Sample, afterTail: Bool)
        /// A gesture drags the content.
        case active(Active)
        /// An inertial tail is being swallowed.
        case tail(Sample)
    }

    /// How a gesture ends.
    enum Ending: Equatable, Sendable {
        /// Through the release rule, with the content's velocity in pt/s.
        case release(velocity: Double)
        /// On the nearest snap point, as a cancelled touch.
        case settle
        /// A lone event (a mouse wheel's single notch): drag by `travel`, then release.
        case lone(travel: Double, velocity: Double)
    }

    /// What the scroller should do for one event, in this order.
    struct Step: Equatable, Sendable {
        /// Ends the gesture the event broke off (a pause in the client's times, or a reversal).
        var previous: Ending?
        /// Whether a gesture begins (the content is grabbed).
        var begins = false
        /// How far the gesture drags the content, in points toward later content.
        var travel = 0.0
        /// Ends the gesture at once (its tail began).
        var ending: Ending?
    }

    private(set) var phase = Phase.idle
    /// Time the caller let pass since the newest event.
    private(set) var quiet = Duration.zero

    /// Whether no stream is going on; an engine is at rest only then.
    var isIdle: Bool { phase == .idle }

    /// Whether a gesture drags the content.
    var isActive: Bool {
        if case .active = phase { return true }
        return false
    }

    /// Whether the newest event may begin a gesture: the next event (or the quiet after it) tells.
    var isPending: Bool {
        if case .pending = phase { return true }
        return false
    }

    /// How much longer until the stream counts as stopped; `nil` when idle.
    var timeUntilQuiet: Duration? { isIdle ? nil : Self.quietTimeout - quiet }

    /// Takes one event's `delta` along the axis (not zero) at the client's `time` (ms).
    mutating func receive(_ delta: Double, at time: Double) -> Step {
        var step = Step()
        quiet = .zero
        if let previous = newest, breaks(previous, delta: delta, time: time) {
            // A held lone event is dropped here: only time falling quiet releases one, so a gesture
            // never begins and ends within a single event.
            if case .pending = phase { phase = .idle }
            step.previous = expire()
        }
        let sample = Sample(delta: delta, time: time, velocity: Self.velocity(delta, after: newest, at: time))
        switch phase {
        case .idle:
            phase = .pending(sample, afterTail: false)
        case .pending(let first, _):
            guard sample.magnitude >= first.magnitude else {
                phase = .tail(sample)
                return step
            }
            step.begins = true
            step.travel = first.delta + sample.delta
            phase = .active(
                Active(last: sample, firstMagnitude: first.magnitude, hasRisen: sample.magnitude > first.magnitude)
            )
        case .active(var active):
            step.travel = sample.delta
            if sample.magnitude > active.firstMagnitude { active.hasRisen = true }
            if sample.magnitude > active.last.magnitude {
                active.shrinkCount = 0
            } else if sample.magnitude < active.last.magnitude {
                active.shrinkCount += 1
            }
            active.last = sample
            if active.shrinkCount >= Self.decayRun {
                step.ending = active.hasRisen ? .release(velocity: sample.velocity) : .settle
                phase = .tail(sample)
            } else {
                phase = .active(active)
            }
        case .tail(let last):
            phase = sample.magnitude > last.magnitude ? .pending(sample, afterTail: true) : .tail(sample)
        }
        return step
    }

    /// Lets `duration` pass without events; call `expire()` instead once it reaches
    /// `timeUntilQuiet`.
    mutating func wait(_ duration: Duration) {
        guard !isIdle else { return }
        quiet += duration
    }

    /// The events stopped: ends what was going on and returns to idle.
    mutating func expire() -> Ending? {
        defer {
            phase = .idle
            quiet = .zero
        }
        switch phase {
        case .idle, .tail: return nil
        case .pending(let sample, let afterTail):
            return afterTail ? nil : .lone(travel: sample.delta, velocity: sample.velocity)
        case .active(let active): return .release(velocity: active.last.velocity)
        }
    }

    /// Something else took the content (a finger, a command, a change of items): a gesture in
    /// progress is over, and what still comes of it is swallowed as a tail.
    mutating func interrupt() {
        if case .active(let active) = phase { phase = .tail(active.last) }
    }

    /// The newest event of the stream, if one is going on.
    private var newest: Sample? {
        switch phase {
        case .idle: nil
        case .pending(let sample, _), .tail(let sample): sample
        case .active(let active): active.last
        }
    }

    /// Whether an event belongs to a new stream: after a pause in the client's own times (or its
    /// clock restarted), or the other way.
    private func breaks(_ previous: Sample, delta: Double, time: Double) -> Bool {
        let gap = time - previous.time
        return gap < 0 || gap > Self.quietMilliseconds || (delta > 0) != (previous.delta > 0)
    }

    /// The velocity one event carries: its delta over the time since the event before it,
    /// within `intervalRange`.
    private static func velocity(_ delta: Double, after previous: Sample?, at time: Double) -> Double {
        let interval = previous.map { time - $0.time } ?? intervalRange.upperBound
        let spread = min(max(interval, intervalRange.lowerBound), intervalRange.upperBound)
        return delta / spread * 1000
    }
}
