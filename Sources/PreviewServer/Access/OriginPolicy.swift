/// Which browsers may open the WebSocket. A page from another site must not drive a preview on
/// someone's machine, so the Origin's host must equal the Host the browser connected to, or be
/// allowed explicitly. Clients that send no Origin (tools, tests) are not browsers and may connect.
struct OriginPolicy: Sendable {
    /// Extra origins (`http://example.test:3000`) or hosts (`example.test:3000`), lower-cased.
    let allowed: Set<String>

    init(allowed: [String]) {
        self.allowed = Set(allowed.map { Self.trimmed($0.lowercased()) })
    }

    func allows(origin: String?, host: String?) -> Bool {
        guard let origin, !origin.isEmpty else { return true }
        let normalized = Self.trimmed(origin.lowercased())
        let originHost = normalized.split(separator: "/", omittingEmptySubsequences: true).dropFirst().first.map(
            String.init
        )
        if allowed.contains(normalized) { return true }
        if let originHost, allowed.contains(originHost) { return true }
        guard let originHost, let host else { return false }
        return originHost == host.lowercased()
    }

    private static func trimmed(_ text: String) -> String {
        text.hasSuffix("/") ? String(text.dropLast()) : text
    }
}
