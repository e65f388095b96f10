/// What the access check reads of an HTTP request or WebSocket upgrade, taken from its headers.
struct AccessRequest: Equatable, Sendable {
    /// The path without the query (`/`, `/ws`, `/js/main.js`).
    var path: String
    /// The `Host` header, `nil` when there was none.
    var host: String?
    /// Every value of `token` in the query, in order (a repeated or empty one is refused).
    var queryTokens: [String] = []
    /// The `Cookie` header.
    var cookies: String?
    /// The `Authorization` header.
    var authorization: String?
    /// A WebSocket upgrade, which cannot carry a `Set-Cookie` back.
    var isUpgrade = false
}
