/// Time passing on the hub: live sessions step, replays play, sessions past their linger and
/// uploads past their wait end.
extension PreviewHub {
    /// Time passed: live sessions step and send what changed (or play their replay); sessions
    /// nobody watched for `Limits.sessionLinger` end.
    public mutating func tick(now: Duration) -> HubResponse {
        var actions: [TransportAction] = []
        var nextDeadline: Duration?
        // Iterating over `sessions.keys` while mutating `sessions` would copy every session each tick.
        let (linger, frameInterval) = (limits.sessionLinger, limits.frameInterval)
        replayWorkLeft = Playback.workPerCall
        for name in sessionsInReplayTurn() {
            if update(name, { $0.session.hasExpired(at: now, linger: linger) }) ?? true {
                removeSession(name)
                continue
            }
            updateSpendingReplayWork(name) { hosted in
                if hosted.playback == nil {
                    let deliveries = hosted.session.tick(now: now)
                    actions += hosted.address(deliveries)
                } else {
                    actions += hosted.play(now: now)
                }
                nextDeadline = Self.earlier(
                    nextDeadline,
                    hosted.nextTick(now: now, linger: linger, frameInterval: frameInterval)
                )
            }
        }
        actions += expireUploads(now: now) + expireImages(now: now)
        nextDeadline = Self.earlier(
            nextDeadline,
            Self.earlier(uploadDeadlines.values.min(), imageDeadlines.values.min())
        )
        return HubResponse(actions: actions + keepWithinBudget(), nextDeadline: nextDeadline)
    }

    /// The earlier of two optional times, `nil` meaning never.
    public static func earlier(_ first: Duration?, _ second: Duration?) -> Duration? {
        Session.earlier(first, second)
    }
}
