/// What a new session is made with before a link says otherwise: a configuration and, when it is
/// not the layout catalog's own, an item count. A server's is the banner preset, or the settings
/// file it was started with (`serve --config`); a share link changes it for the session it creates
/// (`LinkSettings.creatingSession(from:)`).
public struct SessionStart: Equatable, Sendable {
    public let config: SessionConfiguration
    /// `nil`: as many items as the layout's catalog has.
    public let itemCount: Int?

    /// The banner preset with the bundled (or `--items`) banners: a server without `--config`.
    public static let banner = SessionStart(config: SessionConfiguration(preset: "banner")!, itemCount: nil)

    init(config: SessionConfiguration, itemCount: Int?) {
        self.config = config
        self.itemCount = itemCount
    }

    /// A settings file's carousel: its configuration and its item count.
    public init(_ settings: PreviewSettings) {
        self.init(config: settings.config, itemCount: settings.itemCount)
    }
}

extension SessionStart {
    /// A settings file every new session of a server starts from (`serve --config`), read as
    /// strictly as `PreviewSettings(text:)` reads one, with one rule more: at least one item. A
    /// link may ask for an empty carousel, but a server whose every plain address opens one was
    /// surely given the wrong file.
    public init(settingsFile text: String) throws(SettingsError) {
        let settings = try PreviewSettings(text: text)
        guard settings.itemCount >= 1 else {
            throw SettingsError(
                "\"itemCount\" is 0: every new session would start with no items; a server's settings need at least 1"
            )
        }
        self.init(settings)
    }
}
