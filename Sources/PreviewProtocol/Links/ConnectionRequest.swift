import CarouselCore

/// What a WebSocket connection asked for in its query: which session, and for a new session
/// which clock and which settings (a share link's: preset, values, item count).
struct ConnectionRequest: Equatable, Sendable {
    var session = "default"
    var clock = ClockKind.live
    /// The share link's settings, when the query has any.
    var link: LinkSettings?

    /// The longest session name.
    static let sessionNameMaximumLength = 64
    /// The session-name rule as a regular expression, for the page's schema.
    static let sessionNamePattern = "^[A-Za-z0-9_-]{1,\(sessionNameMaximumLength)}$"

    /// Reads and checks the query parameters: a bad session name or clock refuses the connection;
    /// a link's settings never do (see `LinkSettings`); unknown parameters are ignored.
    init(query: [String: String]) throws(ProtocolError) {
        if let session = query["session"] {
            let allowed = session.utf8.allSatisfy {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x5F
                    || $0 == 0x2D
            }
            guard (1...Self.sessionNameMaximumLength).contains(session.utf8.count), allowed else {
                throw ProtocolError(
                    .invalidValue,
                    "session must be 1-\(Self.sessionNameMaximumLength) characters of A-Z a-z 0-9 _ -",
                    ref: nil,
                    field: "session"
                )
            }
            self.session = session
        }
        if let clock = query["clock"] {
            guard let kind = ClockKind(rawValue: clock) else {
                throw ProtocolError(.invalidValue, "clock must be live or manual", ref: nil, field: "clock")
            }
            self.clock = kind
        }
        link = LinkSettings(query: query)
    }
}
