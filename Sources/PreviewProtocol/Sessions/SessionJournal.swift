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
    }

    struct Step: Equatable, Sendable {
        /// Since the session was created.
        var at: Duration
        var event: Event
    }

    /// A journal that grew past this many steps is dropped (the session can no longer be recorded);
    /// an hour of a live carousel auto-scrolling every 3 s is about 30,000.
    static let maximumSteps = 1_000_000

    private(set) var steps: [Step] = []
    /// Whether the last step is a tick that sent nothing: the next such tick takes its place. An
    /// engine advanced in one piece ends where one advanced in several does, so nothing is lost.
    private var lastIsQuietTick = false
    /// The journal outgrew `maximumSteps` and was dropped.
    private(set) var isAbandoned = false

    mutating func append(_ event: Event, at time: Duration) {
        guard !isAbandoned else { return }
        lastIsQuietTick = false
        guard steps.count < Self.maximumSteps else {
            isAbandoned = true
            steps = []
            return
        }
        steps.append(Step(at: time, event: event))
    }

    /// A tick at `time`; `sentSomething` says whether it delivered anything.
    mutating func appendTick(at time: Duration, sentSomething: Bool) {
        guard !isAbandoned else { return }
        if lastIsQuietTick, let last = steps.indices.last {
            steps[last].at = time
        } else {
            append(.tick, at: time)
        }
        lastIsQuietTick = !sentSomething
    }
}
