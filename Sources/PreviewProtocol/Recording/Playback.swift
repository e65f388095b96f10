/// A recording played back live, in a session of its own whose frames the viewers of a real session
/// watch, at the recording's pace scaled by `speed`: the steps before its start run at once and
/// silently, the rest each when its time comes. The frames are the headless replay's.
struct Playback {
    let speed: Double
    /// The recording's length in session time, from its start to its last step.
    let duration: Duration
    private let startedAt: Duration
    private var session: Session
    private let steps: [SessionJournal.Step]
    private var next: Int
    /// The replay session's time (manual clock) or step time (live) where playing began.
    private let origin: Duration
    private let clock: ClockKind

    /// The heap the recording's steps and catalogs take (see `MemoryFootprint`): the hub counts a
    /// replay playing in its budget for recordings, as it counts journals.
    let footprint: Int

    /// The slowest and fastest playback, as a fraction of real time.
    static let speeds: ClosedRange<Double> = 0.1...1

    init(_ recording: Recording, speed: Double, now: Duration) throws(RecordingError) {
        var session = try Replay.freshSession(for: recording)
        // Nothing records a replay's own session: its journal would hold the recording a second time.
        _ = session.dropJournal(.replaying)
        for index in 0..<recording.start {
            _ = try Replay.run(recording.steps[index], index: index, on: &session)
        }
        self.speed = speed
        startedAt = now
        steps = recording.steps
        next = recording.start
        clock = recording.clock
        origin = clock == .live ? (recording.steps[safe: recording.start]?.at ?? .zero) : session.time
        duration = Self.duration(of: recording, origin: origin)
        // A session is held while a replay plays: a forged file with a step days away must not
        // hold it for days. No recording this server makes is longer.
        guard duration <= Recording.maximumDuration else {
            throw RecordingError(
                "it lasts \(Int(duration.milliseconds)) ms of session time; a live replay plays at most \(Int(Recording.maximumDuration.milliseconds)) ms"
            )
        }
        self.session = session
        footprint =
            MemoryFootprint.of(recording.steps) + MemoryFootprint.of(recording.catalogs.banners)
            + MemoryFootprint.of(recording.catalogs.cards)
    }

    var isFinished: Bool { next >= steps.count }

    /// How much of the recording's time has played by `now`: a joiner's progress bar starts there.
    func played(at now: Duration) -> Duration {
        min(max(.zero, (now - startedAt) * speed), duration)
    }

    /// Ends the playback where it is (a step failed).
    mutating func stop() {
        next = steps.count
    }

    /// Runs every step whose time has come by `now`; what to send the viewers.
    mutating func advance(to now: Duration) throws(RecordingError) -> [ServerMessage] {
        let played = (now - startedAt) * speed
        var messages: [ServerMessage] = []
        while next < steps.count, due(steps[next]) <= played {
            let step = steps[next]
            if case .input(let client, .pointer(let phase, let x, let y, _, _, _)) = step.event {
                messages.append(.ghost(client: client, phase: phase, x: x, y: y))
            }
            for delivery in try Replay.run(step, index: next, on: &session) {
                switch delivery {
                case .everyone(let message):
                    switch message {
                    case .frame, .config: messages.append(message)
                    default: break  // the recorded viewers' counts and notices are not these viewers'
                    }
                case .client: break
                }
            }
            next += 1
        }
        return messages
    }

    /// When a step comes, in session time from where playing began. A manual clock's `advance`
    /// comes when the time it lets pass is over: its frame shows that moment.
    private func due(_ step: SessionJournal.Step) -> Duration {
        if clock == .live { return step.at - origin }
        if case .input(_, .advance(let milliseconds, _)) = step.event {
            return session.time + Duration(milliseconds: milliseconds) - origin
        }
        return session.time - origin
    }

    private static func duration(of recording: Recording, origin: Duration) -> Duration {
        guard let last = recording.steps.last, recording.start < recording.steps.count else { return .zero }
        if recording.clock == .live { return last.at - origin }
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
