import CarouselCore
import PreviewWire

/// What a WebSocket connection asked for in its query: which session, and for a new session
/// which clock and which settings (a share link's: preset, values, item count).
package struct ConnectionRequest: Equatable, Sendable {
    package var session = SessionName.defaultName
    package var clock = ClockKind.live
    /// The share link's settings, when the query has any.
    package var link: LinkSettings?
    /// The page runs the engine and follows the session's engine stream in place of frames
    /// (`engine=stream`; any other value, or none, is frames).
    package var followsStream = false

    /// Reads and checks the query parameters: a bad session name or clock refuses the connection;
    /// a link's settings never do (see `LinkSettings`); unknown parameters are ignored.
    package init(query: [String: String]) throws(ProtocolError) {
        if let session = query["session"] {
            guard SessionName.isValid(session) else {
                throw ProtocolError(.invalidValue, "session must be \(SessionName.rule)", ref: nil, field: "session")
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
        followsStream = query["engine"] == "stream"
    }
}
