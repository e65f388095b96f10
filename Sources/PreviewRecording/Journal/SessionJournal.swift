import CarouselCore
import PreviewWire

/// What a session went through since its latest checkpoint: the checkpoint (the session at rest,
/// written down whole), then who joined and left, each message it applied and from whom, and each
/// tick of its live clock, with the time of each. Running the steps on a session restored from the
/// checkpoint reproduces it exactly, frame for frame, which is what a recording is (see
/// `Recording`). Whenever the session rests, a new checkpoint replaces everything before it, so a
/// journal holds the motion since the last rest and never the session's age.
package struct SessionJournal: Sendable {
    package enum Event: Equatable, Sendable {
        case join(client: Int)
        case leave(client: Int)
        case input(client: Int, ClientMessage)
        /// A live clock's tick: the session catches up to the step's time and sends what changed.
        case tick
        /// A live replay ended: the session sent its configuration and a frame again.
        case resync
    }

    package struct Step: Equatable, Sendable {
        /// Since the session was created.
        package var at: Duration
        package var event: Event

        package init(at: Duration, event: Event) {
            self.at = at
            self.event = event
        }
    }

    /// The latest gesture: where it lies among the steps, or, once a checkpoint passed it, the
    /// excerpt that replays it.
    enum Gesture: Equatable {
        case span(GestureSpan)
        case kept(JournalExcerpt)
    }

    /// A journal that grew past this many steps, past a recording's largest size, or past
    /// `maximumFootprint` in memory since its checkpoint is dropped until the next one, and the
    /// session cannot be recorded meanwhile: it bounds what a session holds while it never rests.
    package static let maximumSteps = RecordingLimits.steps
    static let maximumBytes = RecordingLimits.bytes
    /// Past this much time since its checkpoint a journal is dropped too, so every recording it
    /// gives can be read back (`RecordingLimits.span`): only a finger held for minutes gets here.
    static let maximumSpan = RecordingLimits.span
    /// The most heap a journal may take (see `MemoryFootprint`). A step is 88 bytes in the journal's
    /// array, whose capacity doubles as it grows: `maximumSteps` plain steps take at most 23 MiB, so
    /// this never cuts a session shorter than the step limit does, and 10 minutes of a finger moving
    /// at 120 Hz (a recording's longest, about 110,000 steps with a live clock's ticks) take under
    /// 12 MiB. Steps that carry much (a `configure` of 60 items is about 27 KB decoded) reach it in
    /// about 1,200 messages; the server's budget (`PreviewHub.Limits.journalBudget`) bounds them all.
    package static let maximumFootprint = 32 * 1024 * 1024

    /// The latest checkpoint: the steps follow it.
    package private(set) var base: SessionCheckpoint
    package private(set) var steps: [Step] = []
    /// Whether the last step is a tick that sent nothing: the next step takes its place (a tick
    /// moves it later; another step catches up over it). An engine advanced in one piece ends where
    /// one advanced in several does, so nothing is lost, and a recording holds no idle ticks.
    private var lastIsQuietTick = false
    /// About how large the steps are as a recording's JSON.
    package private(set) var bytes = 0
    /// What the steps' messages hold on the heap beyond the steps' own array (see `MemoryFootprint`).
    private var payloadBytes = 0
    /// What the kept gestures' excerpts hold on the heap.
    private var keptBytes = 0
    /// Why the journal was dropped, if it was: it outgrew its limits, or the server's budget (the
    /// next checkpoint starts it again), or its session plays a replay (never).
    package private(set) var dropReason: JournalDrop?
    /// The journal was dropped and keeps nothing.
    package var isAbandoned: Bool { dropReason != nil }
    /// The latest gesture, for a replay of it.
    private(set) var lastGesture: Gesture?
    /// The step being taken put a finger on the carousel: once appended, it starts the last gesture.
    private var stepStartsGesture = false
    /// The gesture before the latest, kept until the latest proves to be one: a `down` then a
    /// `cancel` with no move in between gives the last gesture back to it.
    private var gestureBefore: Gesture?
    /// The content's offset in the frame of the `down` that starts the last gesture.
    private var offsetAtDown: Double?

    package init(base: SessionCheckpoint) {
        self.base = base
    }

    /// The steps from `start` (an index into `steps`), up to `end`, with their checkpoint.
    package func excerpt(startingAt start: Int, endingBefore end: Int? = nil) -> JournalExcerpt {
        JournalExcerpt(base: base, steps: end.map { Array(steps[..<$0]) } ?? steps, start: start)
    }

    /// Whether a checkpoint may replace the steps: the last gesture's motion has ended (its
    /// excerpt can be kept) and no step is half taken.
    package var acceptsCheckpoint: Bool {
        guard !stepStartsGesture, dropReason != .replaying else { return false }
        if case .span(let span)? = lastGesture { return span.end != nil }
        return true
    }

    /// Starts again from `checkpoint` (the session at rest after the last step): the steps before
    /// it are let go, but the last gesture is kept as an excerpt of its own, and a journal dropped
    /// at its limits records again.
    package mutating func restart(from checkpoint: SessionCheckpoint) {
        if case .span(let span)? = lastGesture, let end = span.end, !isAbandoned {
            let kept = excerpt(startingAt: span.start, endingBefore: end)
            lastGesture = .kept(kept)
            keptBytes = MemoryFootprint.of(kept.steps)
        } else if case .span? = lastGesture {
            lastGesture = nil
        }
        if lastGesture == nil { keptBytes = 0 }
        gestureBefore = nil
        base = checkpoint
        steps = []
        bytes = 0
        payloadBytes = 0
        dropReason = nil
        lastIsQuietTick = false
    }

    /// The heap the journal takes: its steps' array, what their messages hold, and the last
    /// gesture's excerpt once a checkpoint passed it.
    package var footprint: Int { payloadBytes + keptBytes + MemoryFootprint.buffer(of: steps) }

    /// Lets go of every step and the kept gesture, for `reason`: the session cannot be recorded
    /// until the journal starts again.
    package mutating func drop(_ reason: JournalDrop) {
        dropReason = reason
        steps = []
        payloadBytes = 0
        keptBytes = 0
        stepStartsGesture = false
        // Their indices name steps that are gone.
        lastGesture = nil
        gestureBefore = nil
    }

    /// Records a step the session has just taken, after the frame it sent (see `sent`).
    package mutating func append(_ event: Event, at time: Duration) {
        guard !isAbandoned else {
            // Nothing is kept, so no gesture can start here: the next checkpoint must not wait for one.
            stepStartsGesture = false
            return
        }
        if lastIsQuietTick, let last = steps.last, last.event == .tick {
            // Every step catches up first: the tick's time passes in this step as well.
            steps.removeLast()
            bytes -= Self.estimatedBytes(of: .tick)
            payloadBytes -= MemoryFootprint.of(last)
        }
        lastIsQuietTick = false
        bytes += Self.estimatedBytes(of: event)
        guard steps.count < Self.maximumSteps, bytes <= Self.maximumBytes, time - base.at <= Self.maximumSpan else {
            return drop(.outgrewSession)
        }
        let step = Step(at: time, event: event)
        payloadBytes += MemoryFootprint.of(step)
        steps.append(step)
        guard footprint <= Self.maximumFootprint else { return drop(.outgrewSession) }
        stepRecorded()
    }

    /// About how many bytes a step adds to a recording's JSON, the one estimate of a recording's
    /// size: most steps are a short line; a configure carries its patch and items, so it is measured.
    private static func estimatedBytes(of event: Event) -> Int {
        guard case .input(_, let message) = event, case .configure = message else { return 96 }
        return 64 + message.json.encoded.utf8.count
    }

    /// A tick at `time`, after the frame it sent (if any); `sentSomething` says whether it
    /// delivered anything.
    package mutating func appendTick(at time: Duration, sentSomething: Bool) {
        guard !isAbandoned else { return }
        if lastIsQuietTick, let last = steps.indices.last {
            guard time - base.at <= Self.maximumSpan else { return drop(.outgrewSession) }
            steps[last].at = time
            stepRecorded()
        } else {
            append(.tick, at: time)
        }
        lastIsQuietTick = !sentSomething
    }

    /// The steps so far stay as they are: a recording starts after them, at `steps.count`.
    package mutating func seal() {
        lastIsQuietTick = false
    }

    // MARK: - The last gesture

    /// The step being taken (a pointer `down`) gave the carousel to a finger: a new gesture.
    package mutating func gestureStarted() {
        stepStartsGesture = true
    }

    /// The step being taken cancelled the last gesture's finger. One whose finger never moved the
    /// content (a touch the browser took for a page scroll) was no gesture: the one before it is the last again. The
    /// steps stay as they were, so recordings and their replays do not change.
    package mutating func gestureCancelled() {
        guard case .span(let gesture)? = lastGesture, !gesture.hasMoved else { return }
        stepStartsGesture = false
        if case .span(var before)? = gestureBefore {
            before.close(before: gesture.start)
            gestureBefore = .span(before)
        }
        lastGesture = gestureBefore
        gestureBefore = nil
    }

    /// Notes a frame the step being taken sent: it may end the last gesture's motion.
    package mutating func sent(_ frame: Frame, fingerIsDown: Bool) {
        if stepStartsGesture { offsetAtDown = frame.contentOffset }
        guard case .span(var gesture)? = lastGesture else { return }
        gesture.sent(frame, fingerIsDown: fingerIsDown)
        lastGesture = .span(gesture)
    }

    /// The step is in: a gesture it started begins at it, and one whose motion it ended closes behind it.
    private mutating func stepRecorded() {
        if stepStartsGesture {
            stepStartsGesture = false
            gestureBefore = lastGesture
            lastGesture = .span(GestureSpan(start: steps.count - 1, offsetAtDown: offsetAtDown))
        }
        guard case .span(var gesture)? = lastGesture else { return }
        gesture.recorded(stepCount: steps.count)
        lastGesture = .span(gesture)
    }

    /// The last gesture as an excerpt: from its `down` to the frame that ended its motion, or to
    /// now while it still moves. `nil` without one.
    package var lastGestureExcerpt: JournalExcerpt? {
        switch lastGesture {
        case .span(let span)?: excerpt(startingAt: span.start, endingBefore: span.end)
        case .kept(let excerpt)?: excerpt
        case nil: nil
        }
    }
}
