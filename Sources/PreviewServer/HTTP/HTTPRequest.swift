/// What the server reads of an HTTP request or WebSocket upgrade, copied out of lws's header
/// table once, so every decision about it is made on plain values.
struct HTTPRequest: Sendable {
    /// The path without the query (`/`, `/ws`, `/js/main.js`).
    var path: String
    /// The `Host` header, `nil` when there was none.
    var host: String?
    /// The `Origin` header (browsers send it with every WebSocket upgrade).
    var origin: String?
    /// The query's name/value pairs in order, repeats kept, already percent-decoded.
    var query: [(name: String, value: String)] = []
    /// The `Cookie` header.
    var cookies: String?
    /// The `Authorization` header.
    var authorization: String?
    /// Whether the method is HEAD: the answer's head alone, without its body.
    var isHead = false

    /// What the access gate reads of it; an upgrade cannot carry a `Set-Cookie` back.
    func access(isUpgrade: Bool) -> AccessRequest {
        AccessRequest(
            path: path,
            host: host,
            queryTokens: query.filter { $0.name == "token" }.map(\.value),
            cookies: cookies,
            authorization: authorization,
            isUpgrade: isUpgrade
        )
    }

    /// The query a new WebSocket's session reads (a share link's settings), the last of a repeated
    /// name winning. Without the token: that is the transport's business, and sessions never see it
    /// (nor could a recording keep it).
    static func sessionQuery(_ query: [(name: String, value: String)]) -> [String: String] {
        Dictionary(
            query.filter { $0.name != "token" }.map { ($0.name, $0.value) },
            uniquingKeysWith: { _, last in last }
        )
    }

    /// A query read fragment by fragment (`fragment(i)`, `nil` past the last), at most
    /// `maximumCount` of them, each split into its name and value.
    static func query(maximumCount: Int, _ fragment: (Int) -> String?) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        while pairs.count < maximumCount, let next = fragment(pairs.count) { pairs.append(queryPair(next)) }
        return pairs
    }

    /// One `name=value` fragment of a query as lws hands it out; without `=`, the value is empty.
    static func queryPair(_ fragment: String) -> (name: String, value: String) {
        guard let equals = fragment.firstIndex(of: "=") else { return (fragment, "") }
        return (String(fragment[..<equals]), String(fragment[fragment.index(after: equals)...]))
    }
}
