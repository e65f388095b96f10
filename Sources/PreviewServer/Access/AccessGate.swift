/// Whether a request may be served: its `Host` must be one of the server's names (always), and
/// when the server has a token, the request must carry it (in the query once, as a bearer
/// header, or in the cookie the first visit set). Pure: the transport reads the headers in,
/// then writes the answer out.
struct AccessGate: Sendable {
    /// What to do with the request.
    enum Decision: Equatable, Sendable {
        /// Serve it; with a `Set-Cookie` value when the token came in the query of a page load.
        case allow(setCookie: String?)
        /// Answer `status` with `reason`, one line that says what to do.
        case refuse(status: Int, reason: String, concern: Concern)
    }

    /// What a refusal is about: the logs treat them differently (a host is named, a token never).
    enum Concern: Sendable {
        case host
        case token
    }

    /// Paths served without the token (still only to the server's own names): the router's open
    /// endpoints (a load balancer's health probe, which learns nothing from "ok").
    static let pathsWithoutToken = Set(Router.endpoints.filter(\.isOpen).map(\.path))

    let hosts: HostPolicy
    /// `nil`: no token needed (a loopback server, or `--no-token`).
    let token: AccessToken?

    var requiresToken: Bool { token != nil }

    func decide(_ request: AccessRequest) -> Decision {
        let host: HostHeader
        switch hosts.check(request.host) {
        case .refused(let status, let reason): return .refuse(status: status, reason: reason, concern: .host)
        case .allowed(let allowed): host = allowed
        }
        guard let token, !Self.pathsWithoutToken.contains(request.path) else { return .allow(setCookie: nil) }
        let cookieName = Self.cookieName(port: host.port)
        if !request.queryTokens.isEmpty {
            guard request.queryTokens.count == 1 else {
                // 401 rather than 400: behind nginx's auth_request any other refusal becomes a 500.
                return .refuse(
                    status: 401,
                    reason: "the query gives token \(request.queryTokens.count) times; give it once",
                    concern: .token
                )
            }
            let given = request.queryTokens[0]
            guard !given.isEmpty else {
                return .refuse(status: 401, reason: "the query's token is empty. \(Self.whereToLook)", concern: .token)
            }
            guard token.matches(given) else {
                return .refuse(status: 401, reason: "the query's token is wrong. \(Self.whereToLook)", concern: .token)
            }
            return .allow(setCookie: request.isUpgrade ? nil : Self.cookie(named: cookieName, token))
        }
        if let authorization = request.authorization {
            let scheme = "bearer "
            guard authorization.count > scheme.count, authorization.prefix(scheme.count).lowercased() == scheme,
                token.matches(authorization.dropFirst(scheme.count).drop { $0 == " " })
            else {
                return .refuse(
                    status: 401,
                    reason: "the Authorization header's bearer token is wrong. \(Self.whereToLook)",
                    concern: .token
                )
            }
            return .allow(setCookie: nil)
        }
        switch Self.cookieValue(named: cookieName, in: request.cookies) {
        case let value? where token.matches(value):
            return .allow(setCookie: nil)
        case .some:
            return .refuse(
                status: 401,
                reason: "the token your browser kept is from an earlier run of the server. \(Self.whereToLook)",
                concern: .token
            )
        case nil:
            return .refuse(
                status: 401,
                reason: "this preview server needs its access token. \(Self.whereToLook)",
                concern: .token
            )
        }
    }

    /// Where a person finds the URL with the token.
    static let whereToLook =
        "Open the URL with ?token= that the server printed when it started (its Local: and Network: lines)."

    /// One cookie per port, as Jupyter names its own: two servers on one machine (cookies ignore
    /// the port) keep their tokens apart. The port is the one the browser used (behind nginx,
    /// nginx's), so every worker of a cluster reads the same cookie.
    static func cookieName(port: Int?) -> String {
        "carousel-preview-token-\(port ?? 80)"
    }

    /// HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), for the
    /// whole server; a session cookie, since a restarted server has a new token anyway.
    static func cookie(named name: String, _ token: AccessToken) -> String {
        "\(name)=\(token.value); Path=/; HttpOnly; SameSite=Strict"
    }

    /// The value of the first cookie called `name` in a `Cookie` header.
    static func cookieValue(named name: String, in header: String?) -> Substring? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let trimmed = pair.drop { $0 == " " }
            guard let equals = trimmed.firstIndex(of: "="), trimmed[..<equals] == name else { continue }
            return trimmed[trimmed.index(after: equals)...]
        }
        return nil
    }
}
