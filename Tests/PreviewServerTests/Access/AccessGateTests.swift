import Testing

@testable import PreviewServer

@Suite("Access: the Host header, the host policy, the token and the gate, in-process")
struct AccessGateTests {
    static let own = [IPAddress("192.168.1.5")!, IPAddress("fd00::5")!, IPAddress("127.0.0.1")!]
    static let hosts = HostPolicy(allowedNames: ["preview.test", ".team.test", "[FD00::9]"], ownAddresses: own)
    static let token = AccessToken("0123456789abcdef0123456789abcdef")!
    static let gate = AccessGate(hosts: hosts, token: token)

    @Test(
        "browsers' hosts parse; malformed ones say why",
        arguments: [
            ("localhost", "localhost", nil), ("LocalHost.:8080", "localhost", 8080), ("127.0.0.1:1", "127.0.0.1", 1),
            ("[::1]:65535", "::1", 65535), ("[::FFFF:127.0.0.1]", "::ffff:127.0.0.1", nil),
            ("evil.example:8090", "evil.example", 8090), ("a_b.test:080", "a_b.test", 80),
        ] as [(String, String, Int?)]
    )
    func parses(header: String, name: String, port: Int?) throws {
        let host = try HostHeader(parsing: header)
        #expect(host.name == name && host.port == port)
    }

    @Test(
        "malformed hosts: port 0, 65536, empty or not digits, a zone, no closing bracket, over 255 bytes, odd bytes",
        arguments: [
            ("127.0.0.1:0", HostHeader.Malformed.badPort("0")), ("127.0.0.1:65536", .badPort("65536")),
            ("127.0.0.1:", .badPort("")), ("127.0.0.1:-1", .badPort("-1")), ("127.0.0.1:8080:1", .badPort("8080:1")),
            ("127.0.0.1:99999999999999999999", .badPort("99999999999999999999")), ("localhost: 80", .badPort(" 80")),
            ("[fe80::1%25eth0]:8080", .zone), ("[fe80::1%eth0]", .zone), ("[::1", .badAddress), ("[]", .badAddress),
            ("[evil.example]", .badAddress), ("[::1]x", .badPort("x")), ("", .empty), (":8080", .empty),
            (".", .empty), ("evil example", .badName), ("evil/example", .badName), ("évil.example", .badName),
            ("a\u{0}b", .badName), (String(repeating: "a", count: 256), .tooLong(256)),
        ] as [(String, HostHeader.Malformed)]
    )
    func malformed(header: String, expected: HostHeader.Malformed) {
        #expect(throws: expected) { try HostHeader(parsing: header) }
    }

    @Test("a host of exactly 255 bytes is read; the reason for 256 names the length")
    func lengthLimit() throws {
        let name = String(repeating: "a", count: 250) + ".test"
        #expect(try HostHeader(parsing: name).name == name)
        #expect(HostHeader.Malformed.tooLong(256).description.contains("256 bytes"))
    }

    @Test(
        "loopback, the machine's own addresses and --allow-host names pass; everything else is 403 naming the flag",
        arguments: [
            ("localhost:8080", true), ("127.0.0.1:8080", true), ("127.255.0.9", true), ("[::1]:8080", true),
            ("[0:0:0:0:0:0:0:1]:8080", true), ("[::ffff:127.0.0.1]", true), ("192.168.1.5:8080", true),
            ("[fd00::5]:8080", true), ("[FD00:0::5]", true), ("preview.test:8080", true), ("PREVIEW.TEST.", true),
            ("a.team.test", true), ("a.b.team.test:1", true), ("[fd00::9]", true),
            ("evil.example:8090", false), ("team.test", false), ("evilteam.test", false), ("preview.test.evil", false),
            ("localhost.evil.example", false), ("sub.localhost", false), ("192.168.1.6", false), ("127.1", false),
            ("2130706433", false), ("0.0.0.0:8080", false), ("[::]:8080", false), ("[fd00::6]", false),
        ]
    )
    func hostPolicy(header: String, isAllowed: Bool) {
        switch Self.hosts.check(header) {
        case .allowed: #expect(isAllowed, "\(header) was allowed")
        case .refused(let status, let reason):
            #expect(!isAllowed, "\(header) was refused: \(reason)")
            #expect(status == 403 && reason.contains("--allow-host"), "\(reason)")
            #expect(!reason.contains("\n"))
        }
    }

    @Test("no Host header is refused with 403; a malformed one with 400 and its reason")
    func missingAndMalformed() {
        guard case .refused(403, let reason) = Self.hosts.check(nil) else { Issue.record("no Host passed"); return }
        #expect(reason.contains("no Host header"))
        guard case .refused(400, let malformed) = Self.hosts.check("[fe80::1%25lo]") else {
            Issue.record("a zone passed")
            return
        }
        #expect(malformed.contains("zone"))
    }

    @Test("--allow-host values: names, subdomain patterns and addresses; a port or a path is refused")
    func allowedNameValidation() {
        for good in ["preview.test", ".team.test", "192.168.1.9", "[fd00::1]", "fd00::1", "LOCAL_NAME"] {
            #expect(HostPolicy.problem(withAllowedName: good) == nil, "\(good)")
        }
        for bad in ["preview.test:8080", "http://preview.test", "a/b", "", ".", "evil example"] {
            #expect(HostPolicy.problem(withAllowedName: bad)?.contains("--allow-host") == true, "\(bad)")
        }
    }

    // MARK: - The token

    @Test("a generated token is 128 bits in hex, new every time; given tokens are checked")
    func tokens() {
        let tokens = (0..<64).map { _ in AccessToken.generate().value }
        #expect(Set(tokens).count == 64)
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        // Every nibble value turns up in 64 tokens of 32 digits: the bits are not stuck.
        #expect(Set(tokens.joined()).count == 16)
        #expect(AccessToken("short") == nil && AccessToken(String(repeating: "a", count: 129)) == nil)
        #expect(AccessToken("0123456789abcdef;x") == nil && AccessToken("0123456789abcdef x") == nil)
        #expect(AccessToken.problem(with: "has space in it!!") != nil)
        #expect("\(Self.token)".contains("redacted") && !"\(Self.token)".contains("0123"))
    }

    @Test("matching: only the exact token, whatever the length of the guess")
    func matching() {
        let token = Self.token
        #expect(token.matches(token.value))
        for guess in [
            "", "0", String(token.value.dropLast()), token.value + "0", token.value.uppercased(),
            "1123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdee",
        ] {
            #expect(!token.matches(guess), "\(guess)")
        }
    }

    static func request(
        _ path: String = "/",
        host: String? = "127.0.0.1:8080",
        query: [String] = [],
        cookies: String? = nil,
        authorization: String? = nil,
        isUpgrade: Bool = false
    ) -> AccessRequest {
        AccessRequest(
            path: path,
            host: host,
            queryTokens: query,
            cookies: cookies,
            authorization: authorization,
            isUpgrade: isUpgrade
        )
    }

    @Test("the gate: the token in the query once sets the cookie; repeated, empty or wrong is refused")
    func queryToken() {
        let value = Self.token.value
        #expect(
            Self.gate.decide(Self.request(query: [value]))
                == .allow(setCookie: "carousel-preview-token-8080=\(value); Path=/; HttpOnly; SameSite=Strict")
        )
        #expect(Self.gate.decide(Self.request("/ws", query: [value], isUpgrade: true)) == .allow(setCookie: nil))
        guard case .refuse(401, let twice, .token) = Self.gate.decide(Self.request(query: [value, value])) else {
            Issue.record("a repeated token passed")
            return
        }
        #expect(twice.contains("2 times"))
        for (query, words) in [([""], "empty"), (["nope"], "wrong"), ([value + "x"], "wrong")] {
            guard case .refuse(401, let reason, .token) = Self.gate.decide(Self.request(query: query)) else {
                Issue.record("\(query) passed")
                continue
            }
            #expect(reason.contains(words) && reason.contains("Network:") && !reason.contains(value))
        }
    }

    @Test("the gate: the cookie of this port, or a bearer header; a stale cookie says so; 100 other cookies are fine")
    func cookieAndBearer() {
        let value = Self.token.value
        let others = (0..<100).map { "c\($0)=v\($0)" }.joined(separator: "; ")
        for cookies in [
            "carousel-preview-token-8080=\(value)", "\(others); carousel-preview-token-8080=\(value)",
            "a=b;carousel-preview-token-8080=\(value);c=d",
        ] {
            #expect(Self.gate.decide(Self.request("/js/main.js", cookies: cookies)) == .allow(setCookie: nil))
        }
        let port80 = Self.request(host: "preview.test", cookies: "carousel-preview-token-80=\(value)")
        #expect(Self.gate.decide(port80) == .allow(setCookie: nil))
        guard
            case .refuse(401, let stale, .token) = Self.gate.decide(
                Self.request(cookies: "carousel-preview-token-8080=0000")
            )
        else {
            Issue.record("a stale cookie passed")
            return
        }
        #expect(stale.contains("earlier run"))
        // Another port's cookie (another server on this machine) is not this one's.
        #expect(
            Self.gate.decide(Self.request(cookies: "carousel-preview-token-9090=\(value)")) != .allow(setCookie: nil)
        )
        #expect(Self.gate.decide(Self.request(cookies: others)) != .allow(setCookie: nil))
        #expect(Self.gate.decide(Self.request("/stats", authorization: "Bearer \(value)")) == .allow(setCookie: nil))
        #expect(Self.gate.decide(Self.request("/stats", authorization: "bearer  \(value)")) == .allow(setCookie: nil))
        for header in ["Bearer", "Bearer ", "Basic \(value)", "Bearer \(value)0", value] {
            #expect(
                Self.gate.decide(Self.request("/stats", authorization: header)) != .allow(setCookie: nil),
                "\(header)"
            )
        }
    }

    @Test("the gate: /healthz needs no token but the host; without a token only the host is checked")
    func exemptions() {
        #expect(Self.gate.decide(Self.request("/healthz")) == .allow(setCookie: nil))
        guard case .refuse(403, _, .host) = Self.gate.decide(Self.request("/healthz", host: "evil.example")) else {
            Issue.record("a foreign host reached /healthz")
            return
        }
        // The host comes first: a foreign page learns nothing about the token from the answer.
        guard case .refuse(403, _, .host) = Self.gate.decide(Self.request(host: "evil.example", query: ["x"])) else {
            Issue.record("the token was checked before the host")
            return
        }
        let open = AccessGate(hosts: Self.hosts, token: nil)
        #expect(open.decide(Self.request("/stats")) == .allow(setCookie: nil))
        #expect(open.decide(Self.request(query: ["anything"])) == .allow(setCookie: nil))
        guard case .refuse(403, _, .host) = open.decide(Self.request(host: "evil.example:8090")) else {
            Issue.record("no token, and the host check was gone too")
            return
        }
    }

    // MARK: - Logging and addresses

    @Test("each refused host is logged once, at most 256 of them, printable and short")
    func refusalLog() {
        var log = RefusalLog()
        #expect(log.line(forHost: "evil.example:8090")?.contains("\"evil.example:8090\"") == true)
        #expect(log.line(forHost: "evil.example:8090") == nil)
        #expect(log.line(forHost: nil)?.contains("no Host header") == true)
        #expect(
            log.line(forHost: "a\nb\u{1b}[31m\"")
                == #"refused a request for a host that is not this server's: "a?b?[31m?""#
        )
        let long = log.line(forHost: String(repeating: "x", count: 5000))
        #expect((long?.count ?? 0) < 200)
        for index in 0..<1000 { _ = log.line(forHost: "h\(index)") }
        #expect(log.isFull)
        #expect(log.line(forHost: "another") == nil)
    }

    @Test("each refused origin is logged once, escaped (ESC, BEL, U+2028) and cut short, at most 256 of them")
    func originRefusalLog() {
        var log = RefusalLog()
        let hostile = "http://a\u{1b}[2J\u{07}\u{2028}" + String(repeating: "x", count: 16 * 1024)
        let line = log.line(forOrigin: hostile)
        #expect(line?.hasPrefix(#"refused a WebSocket from another origin: "http://a?[2J??"#) == true)
        #expect((line?.utf8.count ?? 0) < 200)
        #expect(line?.unicodeScalars.allSatisfy { (32..<127).contains($0.value) } == true)
        #expect(log.line(forOrigin: hostile) == nil)
        #expect(log.line(forOrigin: nil)?.contains("no Origin header") == true)
        for index in 0..<1000 { _ = log.line(forOrigin: "http://o\(index)") }
        #expect(log.isFull && log.line(forOrigin: "http://another") == nil)
    }

    @Test("a peer's quota key: loopback (mapped or not) has none; a mapped IPv4 address counts as itself")
    func quotaKeys() {
        #expect(IPAddress.quotaKey(ofPeer: "127.0.0.1") == nil)
        #expect(IPAddress.quotaKey(ofPeer: "127.3.4.5") == nil)
        #expect(IPAddress.quotaKey(ofPeer: "::1") == nil)
        #expect(IPAddress.quotaKey(ofPeer: "::ffff:127.0.0.1") == nil)
        #expect(IPAddress.quotaKey(ofPeer: "::FFFF:10.0.0.2") == "10.0.0.2")
        #expect(IPAddress.quotaKey(ofPeer: "192.168.1.5") == "192.168.1.5")
        #expect(IPAddress.quotaKey(ofPeer: "fd00::5") == "[fd00::5]")
        #expect(IPAddress.quotaKey(ofPeer: "not an address") == nil)
        #expect(IPAddress.quotaKey(ofPeer: nil) == nil)
    }

    @Test("Local and Network URLs for each way of listening")
    func listeningAddresses() {
        let interfaces = [
            IPAddress("127.0.0.1")!, IPAddress("192.168.1.5")!, IPAddress("::1")!, IPAddress("fe80::1")!,
            IPAddress("fd00::5")!, IPAddress("10.0.0.2")!,
        ]
        let loopback = ListeningAddresses(host: "127.0.0.1", interfaces: interfaces)
        #expect(!loopback.isBeyondLoopback && loopback.networkHosts.isEmpty)
        #expect(loopback.localURL(port: 8080, token: nil) == "http://127.0.0.1:8080/")
        #expect(ListeningAddresses(host: "::1", interfaces: interfaces).localHost == "[::1]")
        #expect(ListeningAddresses(host: "localhost", interfaces: interfaces).isBeyondLoopback == false)
        let any4 = ListeningAddresses(host: "0.0.0.0", interfaces: interfaces)
        #expect(any4.isBeyondLoopback && any4.networkHosts == ["192.168.1.5", "10.0.0.2"])
        #expect(
            any4.networkURLs(port: 8080, token: Self.token) == [
                "http://192.168.1.5:8080/?token=\(Self.token.value)", "http://10.0.0.2:8080/?token=\(Self.token.value)",
            ]
        )
        #expect(any4.localURL(port: 1, token: Self.token) == "http://127.0.0.1:1/?token=\(Self.token.value)")
        let any6 = ListeningAddresses(host: "::", interfaces: interfaces)
        #expect(any6.networkHosts == ["192.168.1.5", "[fd00::5]", "10.0.0.2"])
        let one = ListeningAddresses(host: "192.168.1.5", interfaces: interfaces)
        #expect(one.isBeyondLoopback && one.localHost == nil && one.networkHosts == ["192.168.1.5"])
    }

    @Test(
        "a socket bound beyond loopback is exposed whatever --network-host advertises; a proxy's address exposes a loopback worker"
    )
    func exposureFollowsTheBoundAddress() {
        let interfaces = [IPAddress("127.0.0.1")!, IPAddress("192.168.1.5")!]
        for bound in ["0.0.0.0", "::", "192.168.1.5"] {
            let advertised = ListeningAddresses(boundHost: bound, advertisedHost: "127.0.0.1", interfaces: interfaces)
            #expect(advertised.isBeyondLoopback, "bound to \(bound)")
        }
        let worker = ListeningAddresses(boundHost: "127.0.0.1", advertisedHost: "0.0.0.0", interfaces: interfaces)
        #expect(worker.isBeyondLoopback && worker.networkHosts == ["192.168.1.5"])
        let alone = ListeningAddresses(boundHost: "127.0.0.1", advertisedHost: "localhost", interfaces: interfaces)
        #expect(!alone.isBeyondLoopback)
    }
}
