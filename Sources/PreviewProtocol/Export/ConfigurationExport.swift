import CarouselCore
import PreviewHandover
import PreviewWire

/// What the page's "Copy as Swift" and "Copy as JSON" give: the session's configuration as Swift
/// declarations that compile where they are pasted (a file's top level, a type's body, a function),
/// as the `configure` message that reproduces it, and as a settings file; each names only what
/// differs from the preset it started from, and the Swift and the file carry the item count.
public struct ConfigurationExport: Equatable, Sendable {
    /// `let configuration: Configuration = ...` and `let itemCount = N`, after a comment that says
    /// where they came from.
    public let swift: String
    /// `{"type":"configure","config":{"preset":...,<what differs>}}`.
    public let configure: JSONValue
    /// The settings file (`PreviewSettings`): the same configuration and the item count, and the
    /// items themselves when they are the session's own.
    public let settings: JSONValue
    /// The same carousel in every `ExportTarget`: this engine's Swift first (`swift` as a file),
    /// then the frameworks teams ship (`FrameworkSnippets`).
    public let handover: [HandoverSnippet]
    /// The images the handover's files name, for its `images/` folder.
    public let images: [HandoverImage]

    public init(
        _ config: SessionConfiguration,
        itemCount: Int,
        ownItems: [CatalogItem]? = nil,
        variants: [Variant] = [],
        items: HandoverItems = .none
    ) {
        let preset = SessionConfiguration(preset: config.presetName) ?? config
        let expression = Self.swift(config.configuration, preset: preset.configuration, presetName: config.presetName)
        let tuned = config == preset ? "" : ", tuned"
        swift = """
            // From carousel-preview: the \(config.presetName) preset\(tuned), shown with \(itemCount) items.
            let configuration: Configuration = \(expression)
            let itemCount = \(itemCount)
            """
        let patch = JSONValue.object([("preset", .string(config.presetName))] + config.changesFromPreset)
        configure = .object([("type", .string("configure")), ("config", patch)])
        settings = PreviewSettings(config: config, itemCount: itemCount, items: ownItems, variants: variants).json
        let engine = HandoverSnippet(
            target: .engine,
            fileName: "TunedConfiguration.swift",
            code: "import CarouselCore\n\n" + swift + "\n",
            notes: []
        )
        handover = [engine] + FrameworkSnippets.write(HandoverModel(config, itemCount: itemCount, items: items))
        images = items.images
    }

    /// One assignment per schema field whose value differs from the preset's, in the schema's
    /// order. The layout is left out: it follows the preset.
    private static func swift(_ configuration: Configuration, preset: Configuration, presetName: String) -> String {
        let base = ".\(presetName)"
        let assignments = ConfigurationSchema.fields.compactMap { field -> String? in
            let value = field.swiftLiteral(in: configuration)
            return value == field.swiftLiteral(in: preset) ? nil : "    configuration.\(field.swiftName) = \(value)\n"
        }
        guard !assignments.isEmpty else { return base }
        return "{\n    var configuration = Configuration.\(presetName)\n" + assignments.joined()
            + "    return configuration\n}()"
    }
}
