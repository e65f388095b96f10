/// Replays share one allowance of work between two ticks, across the server: a seek back plays a
/// recording again from its beginning, and three sessions seeking at once must not hold the loop
/// three times as long as one (each session's own limit of 20 seeks a second does not bound that).
extension PreviewHub {
    /// `update`, with the session's replay limited to the work still left before the next tick,
    /// and what it did taken from it.
    mutating func updateSpendingReplayWork<Result>(
        _ name: String,
        _ body: (inout HostedSession) -> Result
    ) -> Result? {
        let left = replayWorkLeft
        let outcome = update(name) { hosted -> (Result, Int) in
            (hosted.replayAllowance, hosted.replayWork) = (left, 0)
            let result = body(&hosted)
            return (result, hosted.replayWork)
        }
        guard let (result, spent) = outcome else { return nil }
        replayWorkLeft = max(0, left - spent)
        return result
    }

    /// The sessions in the order this tick plays their replays: from a place that moves on each
    /// tick, so when the work runs out it is not always the same sessions that wait.
    mutating func sessionsInReplayTurn() -> [String] {
        let names = Array(sessions.keys)
        guard !names.isEmpty else { return [] }
        replayTurn = (replayTurn + 1) % names.count
        return Array(names[replayTurn...] + names[..<replayTurn])
    }
}
