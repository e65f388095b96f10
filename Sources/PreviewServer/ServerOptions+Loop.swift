import PreviewProtocol

extension ServerOptions {
    /// The hub's limits as the options set them.
    var hubLimits: PreviewHub.Limits {
        PreviewHub.Limits(
            maximumConnections: maximumConnections,
            maximumSessions: maximumSessions,
            sessionLinger: sessionLinger,
            journalBudget: journalBudgetMiB * Self.mebibyte,
            frameInterval: tickInterval
        )
    }

    /// One frame's time; `validate()` keeps `framesPerSecond` at least 1.
    var tickInterval: Duration {
        .nanoseconds(1_000_000_000 / Int64(framesPerSecond))
    }
}
