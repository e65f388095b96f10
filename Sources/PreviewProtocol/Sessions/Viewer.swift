/// One connection watching a session.
struct Viewer: Equatable, Sendable {
    /// The transport's id for the connection.
    let connection: Int
    /// Whether this viewer's page is hidden (a background tab).
    var isHidden = false
}
