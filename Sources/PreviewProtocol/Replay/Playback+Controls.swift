import PreviewRecording
import PreviewWire

/// Pausing, stepping and moving a replay as it plays (`{"type":"replay","action":...}`). Time is the
/// clock the replay plays on (the hub's, or a manual session's replay clock), passed in.
extension Playback {
    /// A move to `target` of the recording's time, asked for by `client`: run a slice of work per
    /// call, silently, keeping what the viewers will see there (the last configuration, ghost and
    /// frame), which is sent once it arrives.
    struct Seek {
        let target: Duration
        let client: Int
        private(set) var config: ServerMessage?
        private(set) var ghost: ServerMessage?
        private(set) var frame: ServerMessage?

        init(target: Duration, client: Int) {
            self.target = target
            self.client = client
        }

        mutating func keep(_ message: ServerMessage) {
            switch message {
            case .config: config = message
            case .ghost: ghost = message
            case .frame: frame = message
            default: break
            }
        }

        /// What the viewers see where it arrived: the configuration first, so the frame draws in it.
        var shown: [ServerMessage] { [config, ghost, frame].compactMap(\.self) }
    }

    /// Whether it holds still (paused, or to pause as soon as it begins).
    var isPaused: Bool { pausedAt != nil || (startedAt == nil && startsPaused) }

    /// Whether it needs no call at all until a viewer asks for something: paused, with no move
    /// under way and the steps before the start run.
    var isHeld: Bool { pausedAt != nil && seek == nil && startedAt != nil }

    /// Holds it where it is at `now`.
    mutating func pause(at now: Duration) {
        guard startedAt != nil else {
            startsPaused = true
            return
        }
        if pausedAt == nil { pausedAt = now }
    }

    /// Plays on from where it was paused.
    mutating func resume(at now: Duration) {
        startsPaused = false
        guard let pausedAt, let startedAt else { return }
        self.startedAt = startedAt + (now - pausedAt)
        self.pausedAt = nil
    }

    /// Pauses it and plays its next frame: the steps up to the next one that delivers a frame (at
    /// most `workPerCall` of work, so a step may come without one), after which the recording's
    /// time played stands at that step's. Nothing while the steps before the start, or a move,
    /// still run.
    mutating func step(at now: Duration) throws(RecordingError) -> [ServerMessage] {
        pause(at: now)
        guard let pausedAt, seek == nil else { return [] }
        var messages: [ServerMessage] = []
        var work = 0
        while next < steps.count, work < allowance {
            let stepDue = due(steps[next])
            let stepCost = cost(of: steps[next])
            (work, workDone) = (work + stepCost, workDone + stepCost)
            let delivered = try runNext()
            messages += delivered
            let played = max(stepDue, played(at: now))
            startedAt = pausedAt - played / speed
            if delivered.contains(where: \.isFrame) { break }
        }
        return messages
    }

    /// Moves it to `target` of the recording's time (at most its duration), for `client`. Back
    /// from where it is, the recording plays again from its beginning in a fresh session (the
    /// engine is deterministic: the same frames come again). The work runs in `advance` calls,
    /// a slice each; paused or playing, it stays as it was.
    mutating func startSeek(to target: Duration, by client: Int, now: Duration) throws(RecordingError) {
        let target = min(max(target, .zero), duration)
        if let ranTo, ranTo > target {
            var fresh = try Replay.freshSession(for: recording)
            _ = fresh.dropJournal(.replaying)
            session = fresh
            next = 0
            self.ranTo = nil
        }
        seek = Seek(target: target, client: client)
    }

    /// One slice of the move under way: when it arrives, what the viewers see there and where the
    /// replay now stands; until then nothing.
    mutating func seekOn(now: Duration) throws(RecordingError) -> [ServerMessage] {
        guard var seek else { return [] }
        var work = 0
        func arrived() -> Bool { next >= steps.count || (next >= start && due(steps[next]) > seek.target) }
        while !arrived(), work < allowance {
            let stepCost = cost(of: steps[next])
            (work, workDone) = (work + stepCost, workDone + stepCost)
            let isPlayed = next >= start
            for message in try runNext() where isPlayed { seek.keep(message) }
            // A manual replay's time counts from where its steps before the start left the clock.
            if next == start, clock == .manual { markOrigin() }
        }
        guard arrived() else {
            self.seek = seek
            return []
        }
        self.seek = nil
        let isPaused = self.isPaused
        startsPaused = false
        startedAt = now - seek.target / speed
        pausedAt = isPaused ? now : nil
        let position = ServerMessage.replayPosition(
            isPaused: isPaused,
            playedMs: seek.target.milliseconds,
            by: seek.client
        )
        return seek.shown + [position]
    }
}

extension ServerMessage {
    fileprivate var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}
