import PreviewMedia
import PreviewWire

/// What a new session is made with before a link says otherwise: a configuration and, when it is
/// not the layout catalog's own, an item count. A server's is the banner preset, or the settings
/// file it was started with (`serve --config`); a share link changes it for the session it creates
/// (`LinkSettings.creatingSession(from:)`).
public struct SessionStart: Equatable, Sendable {
    public package(set) var config: SessionConfiguration
    /// `nil`: as many items as the layout's catalog has.
    public let itemCount: Int?
    /// A settings file's own items, which the server then shows as its catalog for their layout.
    public var items: [CatalogItem]? = nil
    /// The images those items show, from the same file: every session may show them.
    package var images = MediaLibrary()
    /// The file's named variants: every new session starts with them.
    public var variants: [Variant] = []

    package init(
        config: SessionConfiguration,
        itemCount: Int?,
        items: [CatalogItem]? = nil,
        images: MediaLibrary = MediaLibrary(),
        variants: [Variant] = []
    ) {
        self.config = config
        self.itemCount = itemCount
        self.items = items
        self.images = images
        self.variants = variants
    }

    /// The banner preset with the bundled (or `--items`) banners: a server without `--config`.
    public static let banner = SessionStart(config: SessionConfiguration(preset: "banner")!, itemCount: nil)

    init(config: SessionConfiguration, itemCount: Int?) {
        self.config = config
        self.itemCount = itemCount
    }
}
