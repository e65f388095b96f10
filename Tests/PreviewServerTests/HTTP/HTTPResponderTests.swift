import PreviewProtocol
import PreviewWire
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
    /// One image, of session `s`.
    static let image = StoredImage(bytes: [0x89, 0x50, 0x4E, 0x47], mimeType: "image/png")
    static let loop = HTTPResponder.LoopState(
        statistics: { statistics },
        image: { hash, session in hash == "abc" && session == "s" ? image : nil }
    )

    static func get(
        _ path: String,
        query: [(name: String, value: String)] = [("token", token.value)]
    ) -> HTTPResponder.Answer {
        responder.answer(
            HTTPRequest(path: path, host: "127.0.0.1:8080", query: query),
            loop: loop
        )
    }

    @Test("/media/HASH serves its session's image with its type, nosniff and no script; anything else is 404")
    func media() {
        let served = Self.get("/media/abc", query: [("token", Self.token.value), ("session", "s")]).response
        #expect(served.status == 200)
        #expect(served.content == .bytes(Self.image.bytes, contentType: "image/png"))
        let headers = Dictionary(served.headers.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        #expect(headers["x-content-type-options"] == "nosniff")
        #expect(
            served.headers.contains { $0.name == "content-security-policy" && $0.value.contains("default-src 'none'") }
        )
        #expect(
            Self.get("/media/abc", query: [("token", Self.token.value), ("session", "other")]).response.status == 404
        )
        #expect(Self.get("/media/abd", query: [("token", Self.token.value), ("session", "s")]).response.status == 404)
        #expect(Self.get("/media/abc", query: [("session", "s")]).response.status == 401, "the token as for everything")
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
            answer.response.headers.map(\.name)
                == ["www-authenticate"] + HTTPResponse.framingHeaders.map(\.name) + [PagePolicy.header.name]
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
        // The page's engine module (`make wasm`): browsers compile it only with this type.
        guard case .file(let module, let moduleType) = Self.get("/wasm/carousel-core.wasm").response.content else {
            Issue.record("the engine module is not served: run `make wasm`")
            return
        }
        #expect(module.hasSuffix("/wasm/carousel-core.wasm") && moduleType == "application/wasm")
        #expect(Self.get("/nothing-here.html").response.status == 404)
        #expect(Self.get("/../Package.swift").response.status == 404)
    }
}
