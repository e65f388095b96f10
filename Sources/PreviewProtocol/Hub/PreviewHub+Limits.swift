extension PreviewHub {
    /// How much the hub takes on.
    public struct Limits: Sendable {
        /// The defaults, the one place they are written: the server's options and the command's
        /// flags start from these.
        public static let standard = Limits(maximumConnections: 1024, maximumSessions: 256, sessionLinger: .seconds(60))

        /// Connections beyond this many are refused.
        public var maximumConnections: Int
        /// New sessions beyond this many are refused.
        public var maximumSessions: Int
        /// How long a session outlives its last viewer.
        public var sessionLinger: Duration

        /// Limits of the given sizes, each defaulting to the standard one.
        public init(
            maximumConnections: Int = Limits.standard.maximumConnections,
            maximumSessions: Int = Limits.standard.maximumSessions,
            sessionLinger: Duration = Limits.standard.sessionLinger
        ) {
            self.maximumConnections = maximumConnections
            self.maximumSessions = maximumSessions
            self.sessionLinger = sessionLinger
        }
    }
}
