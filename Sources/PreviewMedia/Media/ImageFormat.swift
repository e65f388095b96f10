/// The image formats a viewer may upload, told apart by their first bytes, never by a name or a
/// type the client claims.
public enum ImageFormat: String, Equatable, Sendable, CaseIterable {
    case png, jpeg, gif, webp, svg

    /// The extension a file of this format is saved with (a handover's `images/`).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    /// The type the server serves it as (with `nosniff`, so a browser believes it).
    public var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        }
    }
}

/// What an upload's bytes turned out to be.
public struct ImageInfo: Equatable, Sendable {
    public let format: ImageFormat
    /// Pixels for a raster image; the SVG's declared size (0 when it declares none).
    public let width: Int
    public let height: Int

    package init(format: ImageFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }
}

extension ImageInfo {
    /// What `bytes` are, read as an upload is (by their first bytes and their own header), for a
    /// reader outside the server's upload path: a renderer deciding whether and how to decode an
    /// item's image. `nil` for what an upload within `limits` would be refused as.
    public init?(inspecting bytes: [UInt8], limits: MediaLimits = MediaLimits()) {
        guard let info = try? ImageInspector.inspect(bytes, limits: limits) else { return nil }
        self = info
    }
}
