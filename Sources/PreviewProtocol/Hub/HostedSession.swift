import PreviewWire

/// One session as the hub holds it: the session, a recording playing back in its place, and which
/// connection each of its clients is. One value, so they are created and dropped together.
struct HostedSession: Sendable {
    var session: Session
    /// A recording playing back live: the session's own steps wait meanwhile (see `startPlayback`).
    private(set) var playback: Playback?
    /// The replay's time in a manual-clock session, which only the viewers' `advance` moves, so a
    /// headless test drives a replay as it drives the session: `nil` in a live session (the replay
    /// plays in hub time) and while no replay plays.
    private(set) var replayClock: Duration?
    /// Each client's connection.
    var audience: Audience
    /// Messages that cost the session far more than their size (`ClientMessage.isBroadcastCostly`:
    /// `name`, `variant`, `record`, `export`) share one allowance across the session's viewers: a
    /// connection's own limit would let sixty-four connections send sixty-four times as many.
    var broadcastLimiter: RateLimiter?

    /// Whether a message that costs the whole session (`ClientMessage.isBroadcastCostly`, a replay's
    /// control) fits the session's allowance at `now`; it is counted when it does.
    mutating func admitCostly(now: Duration) -> Bool {
        var limiter = broadcastLimiter ?? RateLimiter(rate: RateLimiter.broadcastRate, now: now)
        let decision = limiter.admit(at: now)
        broadcastLimiter = limiter
        return decision == .accept
    }

    /// The heap its journal, its engine stream's calls since the last rest and a replay playing
    /// take, counted in the hub's budget for recordings.
    var footprint: Int { session.historyFootprint + (playback?.footprint ?? 0) }

    /// When the session next needs a `tick` (see `Session.nextTick`), on a frame grid of
    /// `frameInterval`; a replay needs every one, unless it waits for an `advance`.
    mutating func nextTick(now: Duration, linger: Duration, frameInterval: Duration) -> Duration? {
        // A replay waiting for an `advance`, or paused, needs no tick: the session's own answer stands.
        if let playback, !playback.isHeld, !(replayClock.map(playback.isWaiting) ?? false) { return now }
        return session.nextTick(
            now: now,
            linger: linger,
            owingTicksEvery: playback == nil && !audience.drawsFrames ? frameInterval : nil
        )
    }

    /// The time a replay starting in this session begins at: the hub's `now`, or in a manual-clock
    /// session the start of the replay's own clock.
    func replayStart(now: Duration) -> Duration {
        session.clock == .manual ? .zero : now
    }

    /// Plays `playback` (made at `replayStart(now:)`) in the session's place from now on.
    mutating func startPlayback(_ playback: Playback) {
        self.playback = playback
        replayClock = session.clock == .manual ? .zero : nil
        session.isShowingReplay = true
        // The pages that follow the engine draw the replay's frames; the session's next rest
        // starts them on the stream again.
        _ = audience.address([.stopFollowing])
        session.stream.wantStart()
    }

    /// How much of the replay playing has played at hub time `now` (a joiner's progress).
    func replayPlayed(now: Duration) -> Duration? {
        playback?.played(at: replayClock ?? now)
    }

    /// An `advance` during a replay in a manual-clock session: the replay's clock moves on by
    /// `milliseconds`, and what came due plays. `nil` when no such replay plays.
    mutating func advanceReplay(by milliseconds: Double, now: Duration) -> [TransportAction]? {
        guard let replayClock else { return nil }
        self.replayClock = replayClock + Duration(milliseconds: milliseconds)
        return play(now: now)
    }

    /// Client `client` left the session. When it was the last viewer, a replay playing or paused is
    /// stopped as a viewer's stop would stop it (the session takes its own state again): nobody is
    /// left to stop it, and a paused one would hold the session, greyed, for whoever comes next.
    mutating func leave(client: Int, now: Duration) -> [TransportAction] {
        audience.remove(client: client)
        let deliveries = session.leave(client: client, now: now)
        let left = address(deliveries)
        guard audience.isEmpty, playback != nil else { return left }
        return left + (stopReplay(by: client, now: now) ?? [])
    }

    /// The actions that deliver the session's messages to its viewers' connections.
    mutating func address(_ deliveries: [Delivery]) -> [TransportAction] {
        deliveries.isEmpty ? [] : audience.address(deliveries)
    }

    /// Replays may do at most this much work (`Playback.cost(of:)`) in the next call: the hub's
    /// share of the server's replay work still left before the next tick.
    var replayAllowance = Playback.workPerCall
    /// The replay work done since the hub last took it.
    var replayWork = 0

    /// Plays the replay up to `now`; at its end the session's own state comes back.
    mutating func play(now: Duration) -> [TransportAction] {
        guard var playback else { return [] }
        (playback.allowance, playback.workDone) = (replayAllowance, 0)
        defer { replayWork += playback.workDone }
        var deliveries: [Delivery]
        do {
            deliveries = try playback.advance(to: replayClock ?? now).map(Delivery.everyone)
        } catch {
            let stopped = ProtocolError(.invalidValue, "the replay stopped: \(error)", ref: "replay")
            deliveries = [.everyone(.error(stopped))]
            playback.stop()
        }
        if playback.isFinished {
            self.playback = nil
            replayClock = nil
            session.isShowingReplay = false
            return address(deliveries) + finishReplay(stoppedBy: nil, now: now)
        }
        self.playback = playback
        return address(deliveries)
    }

    /// Client `client` asks `control` of the replay playing: stop, pause, resume, one frame's step
    /// or a move (whose frame and position come when it arrives, in `play`). Every viewer hears
    /// where it now stands. `nil` when no replay plays.
    mutating func controlReplay(
        _ control: ClientMessage.ReplayControl,
        by client: Int,
        now: Duration
    ) -> [TransportAction]? {
        if control == .stop { return stopReplay(by: client, now: now) }
        guard var playback else { return nil }
        (playback.allowance, playback.workDone) = (replayAllowance, 0)
        let clock = replayClock ?? now
        var messages: [ServerMessage] = []
        do {
            switch control {
            case .pause: playback.pause(at: clock)
            case .resume: playback.resume(at: clock)
            case .step: messages = try playback.step(at: clock)
            case .seek(let milliseconds):
                try playback.startSeek(to: Duration(milliseconds: milliseconds), by: client, now: clock)
            case .stop: break
            }
        } catch {
            let stopped = ProtocolError(.invalidValue, "the replay stopped: \(error)", ref: "replay")
            self.playback = nil
            replayClock = nil
            session.isShowingReplay = false
            return address([.everyone(.error(stopped))]) + finishReplay(stoppedBy: nil, now: now)
        }
        replayWork += playback.workDone
        replayAllowance = max(0, replayAllowance - playback.workDone)
        if case .seek = control {
            self.playback = playback
            return play(now: now)
        }
        let position = ServerMessage.replayPosition(
            isPaused: playback.isPaused,
            playedMs: playback.played(at: clock).milliseconds,
            by: client
        )
        self.playback = playback
        // At the end (a step past the last frame) the replay finishes as at a natural end.
        return address((messages + [position]).map(Delivery.everyone)) + play(now: now)
    }

    /// Ends the replay at once, for client `stopper`: what it had still to play is dropped, and
    /// the viewers get what a replay's natural end sends. `nil` when no replay plays.
    mutating func stopReplay(by stopper: Int, now: Duration) -> [TransportAction]? {
        guard playback != nil else { return nil }
        playback = nil
        replayClock = nil
        session.isShowingReplay = false
        return finishReplay(stoppedBy: stopper, now: now)
    }

    /// `replay` `finished`, then the session's own configuration and frame: the viewers watch it again.
    private mutating func finishReplay(stoppedBy stopper: Int?, now: Duration) -> [TransportAction] {
        let resynced = session.resync(now: now)
        return address([.everyone(.replayFinished(stoppedBy: stopper))] + resynced)
    }
}
