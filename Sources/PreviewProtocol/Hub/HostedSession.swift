/// One session as the hub holds it: the session, a recording playing back in its place, and which
/// connection each of its clients is. One value, so they are created and dropped together.
struct HostedSession: Sendable {
    var session: Session
    /// A recording playing back live: the session's own steps wait meanwhile.
    var playback: Playback?
    /// Each client's connection.
    var audience: Audience

    /// When the session next needs a `tick` (see `Session.nextTick`); a replay needs every one.
    func nextTick(now: Duration, linger: Duration) -> Duration? {
        playback == nil ? session.nextTick(now: now, linger: linger) : now
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
            deliveries.append(.everyone(.replayFinished))
            deliveries += session.resync(now: now)
        } else {
            self.playback = playback
        }
        return address(deliveries)
    }
}
