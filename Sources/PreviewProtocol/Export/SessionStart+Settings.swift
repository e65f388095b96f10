import PreviewRecording
import PreviewWire

/// A server's start from a settings file (`serve --config`).
extension SessionStart {
    /// A settings file's carousel: its configuration, its item count, and its own items and their
    /// images when it has them.
    public init(_ settings: PreviewSettings) {
        self.init(config: settings.config, itemCount: settings.itemCount)
        items = settings.items
        images = settings.images
        variants = settings.variants
    }

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
