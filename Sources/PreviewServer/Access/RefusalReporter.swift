import Logging

/// Logs refusals with the server's logger, each concern its own way: a refused host once per
/// Host (`RefusalLog`), a missing or wrong token at debug level and without a word of the token,
/// a foreign origin at info level, naming it; a wrong path is the client's business alone.
struct RefusalReporter: Sendable {
    private let logger: Logger
    private var hosts = RefusalLog()

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
            logger.info("refused a WebSocket from another origin", metadata: ["http.origin": "\(request.origin ?? "")"])
        case .path:
            break
        }
    }
}
