import Testing

@testable import PreviewServer

@Suite("UpgradePolicy: which WebSocket upgrades open, and why the others are refused")
struct UpgradePolicyTests {
    static let own = [IPAddress("192.168.1.5")!, IPAddress("127.0.0.1")!]
    static let token = AccessToken("0123456789abcdef0123456789abcdef")!
    static let hosts = HostPolicy(allowedNames: ["preview.test"], ownAddresses: own)
    static let origins = OriginPolicy(allowed: ["http://tools.test:3000"])
    /// Beyond loopback: the token is needed.
    static let guarded = UpgradePolicy(gate: AccessGate(hosts: hosts, token: token), origins: origins)
    /// On loopback: no token.
    static let open = UpgradePolicy(gate: AccessGate(hosts: hosts, token: nil), origins: origins)

    static func upgrade(
        path: String = "/ws",
        host: String? = "192.168.1.5:8080",
        origin: String? = "http://192.168.1.5:8080",
        query: [(name: String, value: String)] = [],
        cookies: String? = nil,
        authorization: String? = nil
    ) -> HTTPRequest {
        HTTPRequest(
            path: path,
            host: host,
            origin: origin,
            query: query,
            cookies: cookies,
            authorization: authorization
        )
    }

    static func concern(_ decision: UpgradePolicy.Decision) -> Refusal.Concern? {
        if case .refuse(let refusal) = decision { return refusal.concern }
        return nil
    }

    @Test("the token in the query, in the cookie, or as a bearer header opens the WebSocket")
    func tokenAccepted() {
        let cookie = "other=1; \(AccessGate.cookieName(port: 8080))=\(Self.token.value)"
        #expect(Self.guarded.decide(Self.upgrade(query: [("token", Self.token.value)])) == .accept)
        #expect(Self.guarded.decide(Self.upgrade(cookies: cookie)) == .accept)
        #expect(Self.guarded.decide(Self.upgrade(authorization: "Bearer \(Self.token.value)")) == .accept)
    }

    @Test("on loopback no token is needed; tools that send no Origin are not browsers and may connect")
    func loopbackWithoutToken() {
        #expect(Self.open.decide(Self.upgrade(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080")) == .accept)
        #expect(Self.open.decide(Self.upgrade(host: "localhost:8080", origin: "http://localhost:8080")) == .accept)
        #expect(Self.open.decide(Self.upgrade(host: "127.0.0.1:8080", origin: nil)) == .accept)
        #expect(Self.open.decide(Self.upgrade(host: "127.0.0.1:8080", origin: "http://tools.test:3000")) == .accept)
    }

    @Test("a missing, wrong or empty token is refused with 401, the bearer scheme included")
    func badToken() {
        let wrong = "ffffffffffffffffffffffffffffffff"
        for request in [
            Self.upgrade(),
            Self.upgrade(query: [("token", wrong)]),
            Self.upgrade(query: [("token", "")]),
            Self.upgrade(query: [("token", Self.token.value), ("token", Self.token.value)]),
            Self.upgrade(cookies: "\(AccessGate.cookieName(port: 8080))=\(wrong)"),
            Self.upgrade(authorization: "Bearer \(wrong)"),
            Self.upgrade(authorization: "Basic \(Self.token.value)"),
        ] {
            guard case .refuse(let refusal) = Self.guarded.decide(request) else {
                Issue.record("accepted \(request.query) \(request.cookies ?? "") \(request.authorization ?? "")")
                continue
            }
            #expect(refusal.status == 401 && refusal.concern == .token)
        }
    }

    @Test("a path other than /ws is refused with 404, after the host and token checks")
    func wrongPath() {
        let decision = Self.open.decide(Self.upgrade(path: "/socket", host: "127.0.0.1", origin: nil))
        #expect(
            decision == .refuse(Refusal(status: 404, reason: "the preview's WebSocket is at /ws", concern: .path))
        )
        // A page on another host learns nothing, not even where the WebSocket is.
        #expect(Self.concern(Self.open.decide(Self.upgrade(path: "/socket", host: "evil.example"))) == .host)
        #expect(Self.concern(Self.guarded.decide(Self.upgrade(path: "/socket"))) == .token)
    }

    @Test("a page from another origin is refused with 403, even with the token")
    func foreignOrigin() {
        let refused = Refusal(status: 403, reason: "this origin may not open the preview's WebSocket", concern: .origin)
        #expect(
            Self.open.decide(Self.upgrade(host: "127.0.0.1:8080", origin: "http://evil.example")) == .refuse(refused)
        )
        #expect(
            Self.guarded.decide(Self.upgrade(origin: "http://evil.example:8080", query: [("token", Self.token.value)]))
                == .refuse(refused)
        )
        // Same name, other port: another origin.
        #expect(
            Self.open.decide(Self.upgrade(host: "127.0.0.1:8080", origin: "http://127.0.0.1:9999")) == .refuse(refused)
        )
    }

    @Test("an Origin equal to a rebinding Host is refused for the host: the Host is not this server's")
    func rebindingHost() {
        let decision = Self.open.decide(
            Self.upgrade(host: "rebind.evil.example:8080", origin: "http://rebind.evil.example:8080")
        )
        guard case .refuse(let refusal) = decision else {
            Issue.record("a rebinding page opened the WebSocket")
            return
        }
        #expect(refusal.status == 403 && refusal.concern == .host)
        #expect(refusal.reason.contains("rebind.evil.example") && refusal.reason.contains("--allow-host"))
    }

    @Test("a missing Host is refused with 403, a malformed one with 400")
    func missingOrMalformedHost() {
        let missing = Self.open.decide(Self.upgrade(host: nil, origin: nil))
        #expect(
            missing
                == .refuse(
                    Refusal(
                        status: 403,
                        reason: "the request has no Host header; this server answers only its own names",
                        concern: .host
                    )
                )
        )
        guard case .refuse(let malformed) = Self.open.decide(Self.upgrade(host: "127.0.0.1:0", origin: nil)) else {
            Issue.record("a malformed Host was accepted")
            return
        }
        #expect(malformed.status == 400 && malformed.concern == .host)
    }

    @Test("an allowed host and an allowed origin open it")
    func allowedNames() {
        #expect(Self.open.decide(Self.upgrade(host: "preview.test", origin: "http://preview.test")) == .accept)
        #expect(Self.open.decide(Self.upgrade(host: "preview.test", origin: "http://tools.test:3000/")) == .accept)
    }
}
