import PreviewProtocol
import Testing

@testable import PreviewServer

@Suite("HTTPResponder: the gate, then the router's handler; StaticFiles serves only public/")
struct HTTPResponderTests {
    static let token = AccessToken("0123456789abcdef0123456789abcdef")!
    static let gate = AccessGate(
        hosts: HostPolicy(allowedNames: [], ownAddresses: [IPAddress("127.0.0.1")!]),
        token: token
    )
    static let responder = HTTPResponder(
        gate: gate,
        addresses: ListeningAddresses(host: "127.0.0.1", interfaces: []),
        files: StaticFiles(directory: publicDirectory)!
    )

    static let statistics = JSONValue.object([("frames", .number(3))])

    static func get(
        _ path: String,
        query: [(name: String, value: String)] = [("token", token.value)]
    ) -> HTTPResponder.Answer {
        responder.answer(
            HTTPRequest(path: path, host: "127.0.0.1:8080", query: query),
            statistics: statistics
        )
    }

    @Test("/healthz needs no token; /stats gives the statistics it is handed")
    func endpoints() {
        #expect(Self.get("/healthz", query: []).response == .text("ok", headers: HTTPResponse.framingHeaders))
        let stats = Self.get("/stats").response
        #expect(stats.content == .text(Self.statistics.encoded, contentType: "application/json"))
    }

    @Test("a first visit with ?token= gets the cookie with whatever it asked for")
    func cookie() {
        let answer = Self.get("/stats")
        #expect(answer.refusal == nil)
        #expect(answer.response.headers.first?.name == "set-cookie")
    }

    @Test("without the token: a 401 page naming the bearer scheme, and the refusal to log")
    func refused() {
        let answer = Self.get("/stats", query: [])
        #expect(answer.response.status == 401)
        #expect(
            answer.response.headers.map(\.name) == ["www-authenticate"] + HTTPResponse.framingHeaders.map(\.name)
        )
        #expect(answer.refusal?.concern == .token)
    }

    @Test("files come from public/ with their type; a missing one or a way out is 404")
    func files() {
        guard case .file(let path, let contentType) = Self.get("/").response.content else {
            Issue.record("/ did not serve index.html")
            return
        }
        #expect(path.hasSuffix("/index.html") && contentType == "text/html; charset=utf-8")
        #expect(Self.get("/nothing-here.html").response.status == 404)
        #expect(Self.get("/../Package.swift").response.status == 404)
    }
}
