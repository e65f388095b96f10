import PreviewProtocol

/// What each HTTP request gets: the access gate first, then the router's handler. Pure but for
/// `StaticFiles`, which looks at `public/` on disk; the transport writes the answer and logs a
/// refusal with `RefusalReporter`.
struct HTTPResponder: Sendable {
    /// The answer, and the refusal it carries when the gate turned the request away.
    struct Answer: Equatable, Sendable {
        let response: HTTPResponse
        let refusal: Refusal?
    }

    let gate: AccessGate
    let addresses: ListeningAddresses
    let files: StaticFiles

    /// - Parameter statistics: the loop's counters, read only for `/stats`.
    func answer(_ request: HTTPRequest, statistics: @autoclosure () -> JSONValue) -> Answer {
        let decided = decide(request, statistics: statistics)
        var response = decided.response
        response.headers += HTTPResponse.framingHeaders
        response.omitsBody = request.isHead
        return Answer(response: response, refusal: decided.refusal)
    }

    private func decide(_ request: HTTPRequest, statistics: () -> JSONValue) -> Answer {
        switch gate.decide(request.access(isUpgrade: false)) {
        case .refuse(let status, let reason, let concern):
            return Answer(
                response: .refusal(status: status, reason: reason),
                refusal: Refusal(status: status, reason: reason, gateConcern: concern)
            )
        case .allow(let cookie):
            var response = handle(request, route: Router.route(request.path), statistics: statistics)
            // A first visit with ?token= gets the cookie with whatever it asked for.
            if let cookie { response.headers.insert(.init(name: "set-cookie", value: cookie), at: 0) }
            return Answer(response: response, refusal: nil)
        }
    }

    private func handle(_ request: HTTPRequest, route: Router.Route, statistics: () -> JSONValue) -> HTTPResponse {
        switch route {
        case .health:
            return .text("ok")
        case .statistics:
            return .text(statistics().encoded, contentType: "application/json")
        case .access:
            // The port the browser used (behind a proxy, the proxy's), for the URLs the page shows.
            let port = request.host.flatMap { try? HostHeader(parsing: $0) }?.port ?? 80
            return .text(
                AccessSummary(addresses: addresses, token: gate.token, port: port).json.encoded,
                contentType: "application/json",
                headers: [.init(name: "cache-control", value: "no-store")]
            )
        case .qrCode:
            // no-store: the text is a link with the token in it, which no cache should keep.
            let code = QRCodeResponse(query: request.query)
            return .text(
                code.body,
                status: code.status,
                contentType: code.contentType,
                headers: [
                    .init(name: "cache-control", value: "no-store"),
                    .init(name: "x-content-type-options", value: "nosniff"),
                ]
            )
        case .publicFile(let path):
            switch files.resolve(path) {
            case .file(let path, let contentType):
                return HTTPResponse(status: 200, content: .file(path: path, contentType: contentType))
            case .notFound:
                return .notFound
            }
        }
    }
}
