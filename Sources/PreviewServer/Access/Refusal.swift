/// A request or WebSocket upgrade turned away: what the client is told, and what it was about.
struct Refusal: Equatable, Sendable {
    /// What the refusal is about: the log treats each differently (a host is named once, a token
    /// never, an origin at info level, a wrong path not at all).
    enum Concern: Equatable, Sendable {
        case host
        case token
        case path
        case origin
    }

    /// The HTTP status (400, 401, 403, 404).
    let status: Int
    /// One line that says what to do.
    let reason: String
    let concern: Concern
}

extension Refusal {
    /// The access gate's refusal, as one of these.
    init(status: Int, reason: String, gateConcern: AccessGate.Concern) {
        let concern: Concern =
            switch gateConcern {
            case .host: .host
            case .token: .token
            }
        self.init(status: status, reason: reason, concern: concern)
    }
}
