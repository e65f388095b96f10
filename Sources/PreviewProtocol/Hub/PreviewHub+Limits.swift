import PreviewMedia

extension PreviewHub {
    /// How much the hub takes on.
    public struct Limits: Sendable {
        /// The defaults, the one place they are written: the server's options and the command's
        /// flags start from these.
        public static let standard = Limits(
            maximumConnections: 1024,
            maximumSessions: 256,
            sessionLinger: .seconds(60),
            journalBudget: 256 * 1024 * 1024,
            frameInterval: .nanoseconds(1_000_000_000 / 60)
        )

        /// Connections one address beyond loopback may hold: a client that opens many cannot take
        /// every connection (or session) from the others. Loopback is exempt, since every local
        /// viewer, and every viewer behind a proxy on this machine, shares it.
        public static let maximumConnectionsPerAddress = 64

        /// Connections beyond this many are refused.
        public var maximumConnections: Int
        /// New sessions beyond this many are refused.
        public var maximumSessions: Int
        /// How long a session outlives its last viewer.
        public var sessionLinger: Duration
        /// The heap every session's journal and every replay playing may take together, in bytes
        /// (see `MemoryFootprint`); past it the largest journal is dropped. The standard 256 MiB is
        /// 1 MiB for each of 256 sessions: 6,000 to 12,000 steps of motion each (88 bytes a step,
        /// in an array that doubles as it grows), a minute of a finger moving at 120 Hz, far more
        /// than a session holds between two rests.
        public var journalBudget: Int
        /// How often live sessions tick while something moves (the server's `--fps`): the grid a
        /// session whose frames nobody draws owes its ticks on.
        public var frameInterval: Duration
        /// What uploaded images may take: each, each session's and the server's (`MediaLimits`).
        public var media = MediaLimits()

        /// Limits of the given sizes, each defaulting to the standard one.
        public init(
            maximumConnections: Int = Limits.standard.maximumConnections,
            maximumSessions: Int = Limits.standard.maximumSessions,
            sessionLinger: Duration = Limits.standard.sessionLinger,
            journalBudget: Int = Limits.standard.journalBudget,
            frameInterval: Duration = Limits.standard.frameInterval
        ) {
            self.maximumConnections = maximumConnections
            self.maximumSessions = maximumSessions
            self.sessionLinger = sessionLinger
            self.journalBudget = journalBudget
            self.frameInterval = frameInterval
        }
    }
}
