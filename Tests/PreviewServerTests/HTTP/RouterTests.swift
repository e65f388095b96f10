import Testing

@testable import PreviewServer

@Suite("Router: the server's endpoints by path, everything else a file of public/")
struct RouterTests {
    @Test(
        "each endpoint by its exact path",
        arguments: [
            ("/healthz", Router.Route.health), ("/stats", .statistics), ("/access", .access), ("/qr.svg", .qrCode),
        ]
    )
    func endpoints(path: String, route: Router.Route) {
        #expect(Router.route(path) == route)
    }

    @Test(
        "anything else is a file, even near misses of an endpoint",
        arguments: [
            "/", "/index.html", "/js/main.js", "/healthz/", "/stats.json", "/Access", "/qr.svg/x", "/ws", "", "/../etc",
        ]
    )
    func files(path: String) {
        #expect(Router.route(path) == .publicFile(path))
    }
}
