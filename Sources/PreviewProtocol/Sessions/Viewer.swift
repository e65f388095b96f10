/// One client watching a session.
struct Viewer: Equatable, Sendable {
    /// Whether this viewer's page is hidden (a background tab).
    var isHidden = false
}
