import Logging

/// Logs refusals with the server's logger, each concern its own way: a refused host once per
/// Host (`RefusalLog`), a missing or wrong token at debug level and without a word of the token,
/// a foreign origin at info level, once per origin, escaped (`RefusalLog`); a wrong path is the client's business alone.
struct RefusalReporter: Sendable {
    private let logger: Logger
    private var hosts = RefusalLog()
    private var origins = RefusalLog()

    init(logger: Logger) {
        self.logger = logger
    }

    mutating func report(_ refusal: Refusal, of request: HTTPRequest) {
        switch refusal.concern {
        case .token:
            logger.debug("refused a request without the right access token")
        case .host:
            if let line = hosts.line(forHost: request.host) { logger.notice("\(line)") }
        case .origin:
            if let line = origins.line(forOrigin: request.origin) { logger.info("\(line)") }
        case .path:
            break
        }
    }
}
