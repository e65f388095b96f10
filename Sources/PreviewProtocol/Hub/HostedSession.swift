/// One session as the hub holds it: the session, a recording playing back in its place, and which
/// connection each of its clients is. One value, so they are created and dropped together.
struct HostedSession: Sendable {
    var session: Session
    /// A recording playing back live: the session's own steps wait meanwhile (see `startPlayback`).
    private(set) var playback: Playback?
    /// Each client's connection.
    var audience: Audience
    /// Messages that every viewer pays for (a `name` resends the viewer list to all, a `record`
    /// measures and encodes the journal) share one allowance across the session's viewers: a
    /// connection's own limit would let sixty-four connections send sixty-four times as many.
    var broadcastLimiter: RateLimiter?

    /// The heap its journal and a replay playing take, counted in the hub's budget for recordings.
    var footprint: Int { session.journal.footprint + (playback?.footprint ?? 0) }

    /// When the session next needs a `tick` (see `Session.nextTick`); a replay needs every one.
    func nextTick(now: Duration, linger: Duration) -> Duration? {
        playback == nil ? session.nextTick(now: now, linger: linger) : now
    }

    /// Plays `playback` in the session's place from now on.
    mutating func startPlayback(_ playback: Playback) {
        self.playback = playback
        session.isShowingReplay = true
    }

    /// The actions that deliver the session's messages to its viewers' connections.
    func address(_ deliveries: [Delivery]) -> [TransportAction] {
        deliveries.isEmpty ? [] : audience.address(deliveries)
    }

    /// Plays the replay up to `now`; at its end the session's own state comes back.
    mutating func play(now: Duration) -> [TransportAction] {
        guard var playback else { return [] }
        var deliveries: [Delivery]
        do {
            deliveries = try playback.advance(to: now).map(Delivery.everyone)
        } catch {
            let stopped = ProtocolError(.invalidValue, "the replay stopped: \(error)", ref: "replay")
            deliveries = [.everyone(.error(stopped))]
            playback.stop()
        }
        if playback.isFinished {
            self.playback = nil
            session.isShowingReplay = false
            return address(deliveries) + finishReplay(stoppedBy: nil, now: now)
        }
        self.playback = playback
        return address(deliveries)
    }

    /// Ends the replay at once, for client `stopper`: what it had still to play is dropped, and
    /// the viewers get what a replay's natural end sends. `nil` when no replay plays.
    mutating func stopReplay(by stopper: Int, now: Duration) -> [TransportAction]? {
        guard playback != nil else { return nil }
        playback = nil
        session.isShowingReplay = false
        return finishReplay(stoppedBy: stopper, now: now)
    }

    /// `replay` `finished`, then the session's own configuration and frame: the viewers watch it again.
    private mutating func finishReplay(stoppedBy stopper: Int?, now: Duration) -> [TransportAction] {
        let resynced = session.resync(now: now)
        return address([.everyone(.replayFinished(stoppedBy: stopper))] + resynced)
    }
}
