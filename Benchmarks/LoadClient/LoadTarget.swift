/// The server a scenario loads: where it listens, and its process, whose CPU and memory are measured.
struct LoadTarget {
    let port: Int
    let serverPID: Int32
}

/// Viewers grouped in sessions: `viewersPerSession` viewers in each of `sessions` sessions.
struct Audience {
    let sessions: Int
    let viewersPerSession: Int

    var viewerCount: Int { sessions * viewersPerSession }

    /// One WebSocket path per viewer, sessions named `prefix-0`, `prefix-1`..., grouped by session
    /// (session `k`'s first viewer is `firstViewer(ofSession: k)`).
    func paths(prefix: String, query: String = "") -> [String] {
        (0..<sessions).flatMap { session in
            Array(repeating: "/ws?session=\(prefix)-\(session)\(query)", count: viewersPerSession)
        }
    }

    func firstViewer(ofSession session: Int) -> Int { session * viewersPerSession }
}
