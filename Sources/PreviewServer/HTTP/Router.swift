/// Which handler answers an HTTP request that passed the access gate. Pure: the path alone
/// decides (lws hands every method to the same callback, and each endpoint answers them alike);
/// what is not one of the server's endpoints is a file under `public/`, for `StaticFiles`.
enum Router {
    /// Where a request goes.
    enum Route: Equatable, Sendable {
        /// `/healthz`: "ok", for a load balancer's probe (served without the token, see `AccessGate`).
        case health
        /// `/stats`: the loop's counters as JSON.
        case statistics
        /// `/access`: what the page needs to share the preview (`AccessSummary`).
        case access
        /// `/qr.svg?text=`: a QR code (`QRCodeResponse`).
        case qrCode
        /// Anything else: a file of `public/` at this path, or a 404.
        case publicFile(String)
    }

    /// The endpoints by exact path (no trailing slash, no query: lws has split the query off).
    static let endpoints: [String: Route] = [
        "/healthz": .health,
        "/stats": .statistics,
        "/access": .access,
        "/qr.svg": .qrCode,
    ]

    static func route(_ path: String) -> Route {
        endpoints[path] ?? .publicFile(path)
    }
}
