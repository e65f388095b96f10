/// Which handler answers an HTTP request that passed the access gate. Pure: the path alone
/// decides (lws hands every method to the same callback, and each endpoint answers them alike);
/// what is not one of the server's endpoints is a file under `public/`, for `StaticFiles`.
/// `endpoints` is the one list of them: the access gate's exemptions, the reference page and
/// nginx's routes (`carousel-preview reference endpoint-paths`) are read from it.
enum Router {
    /// Where a request goes.
    enum Route: Equatable, Sendable {
        /// `/healthz`: "ok", for a load balancer's probe.
        case health
        /// `/stats`: the loop's counters as JSON.
        case statistics
        /// `/access`: what the page needs to share the preview (`AccessSummary`).
        case access
        /// `/qr.svg?text=`: a QR code (`QRCodeResponse`).
        case qrCode
        /// `/media/HASH?session=NAME`: an image a viewer of that session uploaded.
        case media(hash: String)
        /// Anything else: a file of `public/` at this path, or a 404.
        case publicFile(String)
    }

    /// One of the server's own paths.
    struct Endpoint: Sendable {
        let path: String
        let route: Route
        /// Whether a server with a token serves it without one (still only to its own host names).
        let isOpen: Bool
        /// What it answers, for the reference page.
        let summary: String
        /// Whether `path` is a folder whose every path it answers (`/media/`), not one path.
        var isPrefix = false
    }

    /// The endpoints by exact path (no trailing slash, no query: lws has split the query off).
    static let endpoints = [
        Endpoint(
            path: "/healthz",
            route: .health,
            isOpen: true,
            summary: "`ok`: a load balancer's probe, which learns nothing else (served without the token)"
        ),
        Endpoint(
            path: "/stats",
            route: .statistics,
            isOpen: false,
            summary:
                "the loop's counters as one JSON object, with exactly these keys: `worker` (`--worker`, or `null`), "
                + "`connections`, `sessions`, `framesWritten` (frames handed to sockets), `queuedBytes`, "
                + "`maximumTickLagMs`, `longestTurnMs`, `longestTurnMsLastMinute`, `journalBytes`, `imageBytes`"
        ),
        Endpoint(
            path: "/access",
            route: .access,
            isOpen: false,
            summary: "what the page needs to share the preview: its addresses, whether a token is needed"
        ),
        Endpoint(
            path: "/qr.svg",
            route: .qrCode,
            isOpen: false,
            summary: "`?text=`: that text as a QR code (SVG), for *Open on a phone*"
        ),
        Endpoint(
            path: "/media/",
            route: .media(hash: ""),
            isOpen: false,
            summary:
                "`HASH?session=NAME`: an image a viewer of that session uploaded (its item `image` is `media:HASH`), "
                + "with its own type, `nosniff` and a policy that runs no script; 404 when the session does not hold it",
            isPrefix: true
        ),
    ]

    private static let routes = Dictionary(
        uniqueKeysWithValues: endpoints.filter { !$0.isPrefix }.map { ($0.path, $0.route) }
    )

    static func route(_ path: String) -> Route {
        if let route = routes[path] { return route }
        if path.hasPrefix("/media/") { return .media(hash: String(path.dropFirst("/media/".count))) }
        return .publicFile(path)
    }
}
