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
                .object([("preset", .string(config.presetName))] + Self.changes(config.json, from: preset.json))
            ),
        ])
    }

    /// The Swift source of each property the export may set, in declaration order. The layout is
    /// left out: it follows the preset.
    private static let properties: [(name: String, literal: @Sendable (Configuration) -> String)] = [
        ("axis", { ".\($0.axis.rawValue)" }),
        ("isLooping", { "\($0.isLooping)" }),
        ("viewportWidth", { number($0.viewportWidth) }),
        ("viewportHeight", { number($0.viewportHeight) }),
        ("inset", { number($0.inset) }),
        ("spacing", { number($0.spacing) }),
        ("itemLength", { $0.itemLength.map(number) ?? "nil" }),
        ("itemThickness", { $0.itemThickness.map(number) ?? "nil" }),
        ("decelerationRate", { number($0.decelerationRate) }),
        ("sideScale", { number($0.sideScale) }),
        ("flickVelocityThreshold", { number($0.flickVelocityThreshold) }),
        ("springAngularFrequency", { number($0.springAngularFrequency) }),
        ("rubberBandCoefficient", { number($0.rubberBandCoefficient) }),
        ("isAutoScrollEnabled", { "\($0.isAutoScrollEnabled)" }),
        ("autoScrollInterval", { duration($0.autoScrollInterval) }),
    ]

    private static func swift(_ configuration: Configuration, preset: Configuration, presetName: String) -> String {
        let base = "Configuration.\(presetName)"
        let assignments = properties.compactMap { property -> String? in
            let value = property.literal(configuration)
            return value == property.literal(preset) ? nil : "    configuration.\(property.name) = \(value)\n"
        }
        guard !assignments.isEmpty else { return base }
        return "{\n    var configuration = \(base)\n" + assignments.joined() + "    return configuration\n}()"
    }

    /// Swift prints the shortest text that reads back as the same Double, and that text is a valid
    /// Swift literal (`12.0`, `0.995`, `1e-05`, `-0.0`).
    private static func number(_ value: Double) -> String {
        "\(value)"
    }

    /// Whole milliseconds read as such; anything finer is written to the attosecond.
    private static func duration(_ value: Duration) -> String {
        let (seconds, attoseconds) = value.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        if attoseconds % attosecondsPerMillisecond == 0 {
            return ".milliseconds(\(seconds * 1000 + attoseconds / attosecondsPerMillisecond))"
        }
        return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
    }

    /// The members of `json` that differ from `preset`'s, nested objects member by member; the
    /// read-only members and the preset's name are left out.
    private static func changes(_ json: JSONValue, from preset: JSONValue) -> [(key: String, value: JSONValue)] {
        guard case .object(let members) = json else { return [] }
        return members.compactMap { key, value in
            guard !["preset", "layout", "limits"].contains(key), value != preset[key] else { return nil }
            if case .object = value, let presetValue = preset[key] {
                return (key, .object(changes(value, from: presetValue)))
            }
            return (key, value)
        }
    }
}
