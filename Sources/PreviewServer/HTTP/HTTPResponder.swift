import PreviewProtocol
import PreviewWire

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

    /// What an HTTP answer may read of the loop: its counters (for `/stats`) and the sessions'
    /// uploaded images (for `/media/`), each read only for its path.
    struct LoopState: Sendable {
        var statistics: @Sendable () -> JSONValue
        var image: @Sendable (_ hash: String, _ session: String) -> StoredImage?
    }

    func answer(_ request: HTTPRequest, loop: LoopState) -> Answer {
        let decided = decide(request, loop: loop)
        var response = decided.response
        response.headers += HTTPResponse.framingHeaders
        // A page (public/'s HTML, a refusal page) keeps to the page's policy.
        if response.isHTML { response.headers.append(PagePolicy.header) }
        response.omitsBody = request.isHead
        return Answer(response: response, refusal: decided.refusal)
    }

    private func decide(_ request: HTTPRequest, loop: LoopState) -> Answer {
        switch gate.decide(request.access(isUpgrade: false)) {
        case .refuse(let status, let reason, let concern):
            return Answer(
                response: .refusal(status: status, reason: reason),
                refusal: Refusal(status: status, reason: reason, gateConcern: concern)
            )
        case .allow(let cookie):
            var response = handle(request, route: Router.route(request.path), loop: loop)
            // A first visit with ?token= gets the cookie with whatever it asked for.
            if let cookie { response.headers.insert(.init(name: "set-cookie", value: cookie), at: 0) }
            return Answer(response: response, refusal: nil)
        }
    }

    private func handle(_ request: HTTPRequest, route: Router.Route, loop: LoopState) -> HTTPResponse {
        switch route {
        case .health:
            return .text("ok")
        case .statistics:
            return .text(loop.statistics().encoded, contentType: "application/json")
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
        case .media(let hash):
            let session = request.query.last { $0.name == "session" }?.value ?? "default"
            guard let image = loop.image(hash, session) else {
                return .text("no such image in this session\n", status: 404)
            }
            return HTTPResponse(
                status: 200,
                content: .bytes(image.bytes, contentType: image.mimeType),
                headers: [
                    .init(name: "x-content-type-options", value: "nosniff"),
                    // An SVG opened on its own runs no script and fetches nothing.
                    .init(
                        name: "content-security-policy",
                        value: "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
                    ),
                    // Named by its content: the same address is always the same bytes.
                    .init(name: "cache-control", value: "private, max-age=31536000, immutable"),
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
