import Logging
import PreviewProtocol

/// Every request's first stop, before lws writes a byte: a WebSocket upgrade is checked by the
/// `UpgradePolicy`, an HTTP request answered by the `HTTPResponder`, and each refusal logged.
/// The transport reads the request in and writes what this returns.
struct RequestHandler: Sendable {
    private let upgrades: UpgradePolicy
    private let responder: HTTPResponder
    private var refusals: RefusalReporter

    init(upgrades: UpgradePolicy, responder: HTTPResponder, logger: Logger) {
        self.upgrades = upgrades
        self.responder = responder
        refusals = RefusalReporter(logger: logger)
    }

    /// The handler the options describe; throws when the directory to serve does not exist.
    init(
        options: ServerOptions,
        gate: AccessGate,
        addresses: ListeningAddresses,
        logger: Logger
    ) throws(ServerError) {
        guard let files = StaticFiles(directory: options.publicDirectory) else {
            throw ServerError.missingPublicDirectory(options.publicDirectory)
        }
        self.init(
            upgrades: UpgradePolicy(gate: gate, origins: OriginPolicy(allowed: options.allowedOrigins)),
            responder: HTTPResponder(gate: gate, addresses: addresses, files: files),
            logger: logger
        )
    }

    /// The answer to an HTTP request; `loop` is read only for the paths that need it.
    mutating func answer(_ request: HTTPRequest, loop: HTTPResponder.LoopState) -> HTTPResponse {
        let answer = responder.answer(request, loop: loop)
        if let refusal = answer.refusal { refusals.report(refusal, of: request) }
        return answer.response
    }

    /// Why a WebSocket upgrade is refused, or `nil` when it may open.
    mutating func refusal(ofUpgrade request: HTTPRequest) -> Refusal? {
        guard case .refuse(let refusal) = upgrades.decide(request) else { return nil }
        refusals.report(refusal, of: request)
        return refusal
    }
}
