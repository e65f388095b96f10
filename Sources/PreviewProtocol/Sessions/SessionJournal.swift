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

    /// A journal that grew past this many steps, or past a recording's largest size, is dropped and
    /// the session can no longer be recorded: it bounds what a session holds (an hour of a live
    /// carousel auto-scrolling every 3 s is about 30,000 steps and 1 MiB).
    static let maximumSteps = 200_000
    static let maximumBytes = Recording.maximumBytes

    private(set) var steps: [Step] = []
    /// Whether the last step is a tick that sent nothing: the next such tick takes its place. An
    /// engine advanced in one piece ends where one advanced in several does, so nothing is lost.
    private var lastIsQuietTick = false
    /// About how large the steps are as a recording's JSON.
    private(set) var bytes = 0
    /// The journal outgrew its limits and was dropped.
    private(set) var isAbandoned = false

    mutating func append(_ event: Event, at time: Duration) {
        guard !isAbandoned else { return }
        lastIsQuietTick = false
        bytes += Self.estimatedBytes(of: event)
        guard steps.count < Self.maximumSteps, bytes <= Self.maximumBytes else {
            isAbandoned = true
            steps = []
            return
        }
        steps.append(Step(at: time, event: event))
    }

    /// Most steps are a short line; a configure carries its patch and items, so it is measured.
    private static func estimatedBytes(of event: Event) -> Int {
        guard case .input(_, let message) = event, case .configure = message else { return 96 }
        return 64 + message.json.encoded.utf8.count
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
