import PreviewRecording
import PreviewWire

/// A recording played back live, in a session of its own whose frames the viewers of a real session
/// watch, at the recording's pace scaled by `speed`: the steps before its start run at once and
/// silently, the rest each when its time comes. The frames are the headless replay's. It can be
/// paused, stepped a frame at a time and moved to any time (`Playback+Controls`): the engine is
/// deterministic, so going back plays the recording again from its beginning, silently, to there.
struct Playback {
    let speed: Double
    /// The recording's length in session time, from its start to its last step.
    let duration: Duration
    /// When playing began, shifted by each pause and move so that `(now - startedAt) * speed` is
    /// the recording's time played: `nil` while the steps before the start still run.
    var startedAt: Duration?
    /// The clock's reading when it was paused: `nil` while it plays.
    var pausedAt: Duration?
    /// Paused before playing began: it pauses as it begins.
    var startsPaused = false
    /// A move under way (`seek`): the recording's time it goes to, run a slice per call, and what
    /// the viewers will see there, sent once it arrives.
    var seek: Seek?
    var session: Session
    /// The recording's time of the last step run after the start (`nil`: none yet): a move back
    /// before it plays the recording again.
    var ranTo: Duration?
    let recording: Recording
    var steps: [SessionJournal.Step] { recording.steps }
    var start: Int { recording.start }
    var next = 0
    /// The replay session's time (manual clock) or step time (live) where playing began.
    private(set) var origin: Duration
    let clock: ClockKind

    /// The heap the recording's steps and catalogs take (see `MemoryFootprint`): the hub counts a
    /// replay playing in its budget for recordings, as it counts journals.
    let footprint: Int

    /// The work every replay of the server together may do between two ticks (see `cost(of:)`), so
    /// replays never hold the server's one loop for long, however many sessions seek at once: what
    /// is left waits for the next tick. 8,192 took 13-15 ms of a release build's turn here at worst
    /// (`make hostile-test`), most of the 20 ms a turn may take: half that leaves room for the rest.
    static let workPerCall = 4_096

    /// The work the next call may do: the hub's share of `workPerCall` still left this tick.
    var allowance = workPerCall
    /// The work the calls since the hub last read it did (the hub subtracts it from what is left).
    var workDone = 0

    init(_ recording: Recording, speed: Double, now: Duration) throws(RecordingError) {
        var session = try Replay.freshSession(for: recording)
        // Nothing records a replay's own session: its journal would hold the recording a second time.
        _ = session.dropJournal(.replaying)
        self.speed = speed
        self.recording = recording
        clock = recording.clock
        origin = recording.steps[safe: recording.start]?.at ?? .zero
        duration = Self.duration(of: recording)
        // A session is held while a replay plays: a forged file with a step days away must not
        // hold it for days. No recording this server makes is longer.
        guard duration <= RecordingLimits.duration else {
            throw RecordingError(
                "it lasts \(Int(duration.milliseconds)) ms of session time; a live replay plays at most \(Int(RecordingLimits.duration.milliseconds)) ms"
            )
        }
        self.session = session
        footprint =
            MemoryFootprint.of(recording.steps) + MemoryFootprint.of(recording.catalogs.banners)
            + MemoryFootprint.of(recording.catalogs.cards)
        // The steps before the start run silently; a step that fails here refuses the recording.
        // Those beyond one call's work run on the next ticks, before anything plays.
        try prepare(now: now)
    }

    var isFinished: Bool { next >= steps.count }

    /// Whether `advance(to: now)` would do nothing: the steps before the start have run and the
    /// next step's time has not come. A replay whose clock only `advance` moves then needs no tick.
    func isWaiting(at now: Duration) -> Bool {
        guard let startedAt, next < steps.count, seek == nil else { return false }
        return pausedAt != nil || due(steps[next]) > (now - startedAt) * speed
    }

    /// How much of the recording's time has played by `now`: a joiner's progress bar starts there.
    func played(at now: Duration) -> Duration {
        guard let startedAt else { return .zero }
        return min(max(.zero, ((pausedAt ?? now) - startedAt) * speed), duration)
    }

    /// Ends the playback where it is (a step failed).
    mutating func stop() {
        next = steps.count
    }

    /// Runs every step whose time has come by `now`, at most `workPerCall` of work: what to send
    /// the viewers, byte for byte the headless replay's frames (a reader that falls behind gets the
    /// latest configuration and frame, as its queue merges them).
    mutating func advance(to now: Duration) throws(RecordingError) -> [ServerMessage] {
        if seek != nil { return try seekOn(now: now) }
        guard let startedAt else {
            try prepare(now: now)
            return []
        }
        let played = ((pausedAt ?? now) - startedAt) * speed
        var messages: [ServerMessage] = []
        var work = 0
        while next < steps.count, due(steps[next]) <= played, work < allowance {
            let stepCost = cost(of: steps[next])
            (work, workDone) = (work + stepCost, workDone + stepCost)
            messages += try runNext()
        }
        return messages
    }

    /// Runs the next step: the ghost of its recorded finger and the frames and configurations it
    /// delivered to everyone, as the viewers see them.
    mutating func runNext() throws(RecordingError) -> [ServerMessage] {
        let step = steps[next]
        if next >= start { ranTo = due(step) }
        var messages: [ServerMessage] = []
        if case .input(let client, .pointer(let phase, let x, let y, _, _, _, _)) = step.event {
            messages.append(.ghost(client: client, phase: phase, x: x, y: y))
        }
        for delivery in try Replay.run(step, index: next, on: &session) {
            switch delivery {
            case .everyone(let message):
                switch message {
                case .frame: messages.append(message)
                case .config(let config, _, let client):
                    // The viewers hold the session's own items, not the replay's: always sent.
                    messages.append(.config(config, items: session.catalog, by: client))
                default: break  // the recorded viewers' counts and notices are not these viewers'
                }
            // The recorded viewers' own messages and the replayed session's stream are not these
            // viewers' (the pages that follow the session draw the replay's frames meanwhile).
            case .client, .followers, .waitingFollowers, .stopFollowing: break
            }
        }
        next += 1
        return messages
    }

    /// Runs the steps before the start, at most `workPerCall` of work; once they are all run,
    /// playing begins at `now`.
    private mutating func prepare(now: Duration) throws(RecordingError) {
        var work = 0
        while next < start, work < allowance {
            let stepCost = cost(of: steps[next])
            (work, workDone) = (work + stepCost, workDone + stepCost)
            _ = try Replay.run(steps[next], index: next, on: &session)
            next += 1
        }
        guard next >= start else { return }
        startedAt = now
        if clock == .manual { markOrigin() }
        if startsPaused { pausedAt = now }
    }

    /// A manual replay's time counts from the replay session's time here, where the steps before
    /// its start left it.
    mutating func markOrigin() {
        origin = session.time
    }

    /// The work of running `step` on the replay session, in units of about a microsecond: a step
    /// and its frame, each fixed step of time it lets pass (the engine simulates the motion between),
    /// and each item a configuration change lays out. Measured: see `make bench`.
    func cost(of step: SessionJournal.Step) -> Int {
        var work = 4
        switch step.event {
        case .input(_, .advance(let milliseconds, _)): work += Int(milliseconds / 4)
        case .input(_, .configure): work += session.catalog.count + 16
        default: break
        }
        if clock == .live, next > 0 {
            work += Int((step.at - steps[next - 1].at).milliseconds / 4)
        }
        return work
    }

    /// When a step comes, in session time from where playing began. A manual clock's `advance`
    /// comes when the time it lets pass is over: its frame shows that moment.
    func due(_ step: SessionJournal.Step) -> Duration {
        if clock == .live { return step.at - origin }
        if case .input(_, .advance(let milliseconds, _)) = step.event {
            return session.time + Duration(milliseconds: milliseconds) - origin
        }
        return session.time - origin
    }

    private static func duration(of recording: Recording) -> Duration {
        guard let last = recording.steps.last, recording.start < recording.steps.count else { return .zero }
        if recording.clock == .live { return last.at - recording.steps[recording.start].at }
        var total = Duration.zero
        for step in recording.steps[recording.start...] {
            if case .input(_, .advance(let milliseconds, _)) = step.event {
                total += Duration(milliseconds: milliseconds)
            }
        }
        return total
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
