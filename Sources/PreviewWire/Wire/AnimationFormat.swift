/// The animated image formats a render writes (`carousel-preview render`, the `render` message).
public enum AnimationFormat: String, CaseIterable, Sendable {
    case webp, gif

    /// The format a file name's extension names (`.webp`, `.gif`, any case); `nil` for another.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }

    public var mimeType: String { "image/\(rawValue)" }
}
