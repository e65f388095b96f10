import CarouselCore

/// Everything a session has been through since it was created, in order: who joined and left,
/// each message it applied and from whom, and each tick of its live clock, with the time of each.
/// Running the same steps on a fresh session reproduces it exactly, frame for frame, which is what
/// a recording is (see `Recording`): the steps before recording started bring a replay to the state
/// recording started in, mid-animation included, without trusting a serialized engine.
struct SessionJournal: Sendable {
    enum Event: Equatable, Sendable {
        case join(client: Int)
        case leave(client: Int)
        case input(client: Int, ClientMessage)
        /// A live clock's tick: the session catches up to the step's time and sends what changed.
        case tick
        /// A live replay ended: the session sent its configuration and a frame again.
        case resync
    }

    struct Step: Equatable, Sendable {
        /// Since the session was created.
        var at: Duration
        var event: Event
    }

    /// A journal that grew past this many steps, past a recording's largest size, or past
    /// `maximumFootprint` in memory is dropped and the session can no longer be recorded: it bounds
    /// what a session holds (an hour of a live carousel auto-scrolling every 3 s is about 30,000 steps).
    static let maximumSteps = 200_000
    static let maximumBytes = Recording.maximumBytes
    /// The most heap a journal may take (see `MemoryFootprint`). A step is 88 bytes in the journal's
    /// array, whose capacity doubles as it grows: `maximumSteps` plain steps take at most 23 MiB, so
    /// this never cuts a session shorter than the step limit does, and 10 minutes of a finger moving
    /// at 120 Hz (a recording's longest, about 110,000 steps with a live clock's ticks) take under
    /// 12 MiB. Steps that carry much (a `configure` of 60 items is about 27 KB decoded) reach it in
    /// about 1,200 messages; the server's budget (`PreviewHub.Limits.journalBudget`) bounds them all.
    static let maximumFootprint = 32 * 1024 * 1024

    private(set) var steps: [Step] = []
    /// Whether the last step is a tick that sent nothing: the next such tick takes its place. An
    /// engine advanced in one piece ends where one advanced in several does, so nothing is lost.
    private var lastIsQuietTick = false
    /// About how large the steps are as a recording's JSON.
    private(set) var bytes = 0
    /// What the steps' messages hold on the heap beyond the steps' own array (see `MemoryFootprint`).
    private var payloadBytes = 0
    /// Why the journal was dropped, if it was: it outgrew its limits, or the server's budget.
    private(set) var dropReason: JournalDrop?
    /// The journal was dropped and keeps nothing.
    var isAbandoned: Bool { dropReason != nil }
    /// Where the latest gesture lies among the steps, for a replay of it.
    private(set) var lastGesture: GestureSpan?
    /// The step being taken put a finger on the carousel: once appended, it starts the last gesture.
    private var stepStartsGesture = false
    /// The gesture before the latest, kept until the latest proves to be one: a `down` then a
    /// `cancel` with no move in between gives the last gesture back to it.
    private var gestureBefore: GestureSpan?
    /// The content's offset in the frame of the `down` that starts the last gesture.
    private var offsetAtDown: Double?

    /// Records a step the session has just taken, after the frame it sent (see `sent`).
    mutating func append(_ event: Event, at time: Duration) {
        guard !isAbandoned else { return }
        lastIsQuietTick = false
        bytes += Self.estimatedBytes(of: event)
        guard steps.count < Self.maximumSteps, bytes <= Self.maximumBytes else { return drop(.outgrewSession) }
        let step = Step(at: time, event: event)
        payloadBytes += MemoryFootprint.of(step)
        steps.append(step)
        guard footprint <= Self.maximumFootprint else { return drop(.outgrewSession) }
        stepRecorded()
    }

    /// The heap the journal takes: its steps' array and what their messages hold.
    var footprint: Int { payloadBytes + MemoryFootprint.buffer(of: steps) }

    /// Lets go of every step, for `reason`: the session cannot be recorded until the journal starts again.
    mutating func drop(_ reason: JournalDrop) {
        dropReason = reason
        steps = []
        payloadBytes = 0
        // Their indices name steps that are gone.
        lastGesture = nil
        gestureBefore = nil
    }

    /// About how many bytes a step adds to a recording's JSON, the one estimate of a recording's
    /// size: most steps are a short line; a configure carries its patch and items, so it is measured.
    private static func estimatedBytes(of event: Event) -> Int {
        guard case .input(_, let message) = event, case .configure = message else { return 96 }
        return 64 + message.json.encoded.utf8.count
    }

    /// A tick at `time`, after the frame it sent (if any); `sentSomething` says whether it
    /// delivered anything.
    mutating func appendTick(at time: Duration, sentSomething: Bool) {
        guard !isAbandoned else { return }
        if lastIsQuietTick, let last = steps.indices.last {
            steps[last].at = time
            stepRecorded()
        } else {
            append(.tick, at: time)
        }
        lastIsQuietTick = !sentSomething
    }

    // MARK: - The last gesture

    /// The step being taken (a pointer `down`) gave the carousel to a finger: a new gesture.
    mutating func gestureStarted() {
        stepStartsGesture = true
    }

    /// The step being taken cancelled the last gesture's finger. One whose finger never moved the
    /// content (a touch the browser took for a page scroll) was no gesture: the one before it is the last again. The
    /// steps stay as they were, so recordings and their replays do not change.
    mutating func gestureCancelled() {
        guard let gesture = lastGesture, !gesture.hasMoved else { return }
        stepStartsGesture = false
        gestureBefore?.close(before: gesture.start)
        lastGesture = gestureBefore
        gestureBefore = nil
    }

    /// Notes a frame the step being taken sent: it may end the last gesture's motion.
    mutating func sent(_ frame: Frame, fingerIsDown: Bool) {
        if stepStartsGesture { offsetAtDown = frame.contentOffset }
        lastGesture?.sent(frame, fingerIsDown: fingerIsDown)
    }

    /// The step is in: a gesture it started begins at it, and one whose motion it ended closes behind it.
    private mutating func stepRecorded() {
        if stepStartsGesture {
            stepStartsGesture = false
            gestureBefore = lastGesture
            lastGesture = GestureSpan(start: steps.count - 1, offsetAtDown: offsetAtDown)
        }
        lastGesture?.recorded(stepCount: steps.count)
    }
}
