import CarouselCore

/// What the page's "Copy as Swift" and "Copy as JSON" give: the session's configuration as a Swift
/// expression that builds CarouselCore's `Configuration`, and as the `configure` message that
/// reproduces it, each naming only what differs from the preset it started from.
public struct ConfigurationExport: Equatable, Sendable {
    /// A Swift expression of type `Configuration`.
    public let swift: String
    /// `{"type":"configure","config":{"preset":...,<what differs>}}`.
    public let configure: JSONValue

    public init(_ config: SessionConfiguration) {
        let preset = SessionConfiguration(preset: config.presetName) ?? config
        swift = Self.swift(config.configuration, preset: preset.configuration, presetName: config.presetName)
        configure = .object([
            ("type", .string("configure")),
            (
                "config",
                .object([("preset", .string(config.presetName))] + config.changesFromPreset)
            ),
        ])
    }

    /// One assignment per schema field whose value differs from the preset's, in the schema's
    /// order. The layout is left out: it follows the preset.
    private static func swift(_ configuration: Configuration, preset: Configuration, presetName: String) -> String {
        let base = "Configuration.\(presetName)"
        let assignments = ConfigurationSchema.fields.compactMap { field -> String? in
            let value = field.swiftLiteral(in: configuration)
            return value == field.swiftLiteral(in: preset) ? nil : "    configuration.\(field.swiftName) = \(value)\n"
        }
        guard !assignments.isEmpty else { return base }
        return "{\n    var configuration = \(base)\n" + assignments.joined() + "    return configuration\n}()"
    }
}
