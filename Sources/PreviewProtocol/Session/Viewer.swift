import PreviewWire

/// One client watching a session.
struct Viewer: Equatable, Sendable {
    /// Whether this viewer's page is hidden (a background tab).
    var isHidden = false
    /// The input this viewer last dragged with, as its pointer messages said.
    var input: PointerType?
    /// The short name this viewer gave itself, for the others' lists and event logs.
    var name: ViewerName?
}
