import CarouselCore

/// A session's configuration as the protocol sees it: the engine's `Configuration` plus the name
/// of the preset it started from, read from and written to JSON with the protocol's key names.
public struct SessionConfiguration: Equatable, Sendable {
    /// The preset the configuration started from.
    public var presetName: String
    /// The engine configuration.
    public var configuration: Configuration

    /// A preset, unchanged.
    public init?(preset name: String) {
        guard let configuration = Configuration.preset(named: name) else { return nil }
        presetName = name
        self.configuration = configuration
    }

    /// The item counts a `configure` accepts, as sent in every configuration.
    static let limits = JSONValue.object([
        ("items", .object([("minimum", .number(0)), ("maximum", .number(Double(CatalogItem.maximumCount)))]))
    ])

    /// The full configuration as sent in `welcome` and `config`.
    public var json: JSONValue {
        let c = configuration
        return .object([
            ("preset", .string(presetName)),
            ("axis", .string(c.axis.rawValue)),
            ("layout", .string(c.layout.rawValue)),
            ("limits", Self.limits),
            ("loop", .bool(c.isLooping)),
            ("viewport", .object([("width", .number(c.viewportWidth)), ("height", .number(c.viewportHeight))])),
            ("inset", .number(c.inset)),
            ("spacing", .number(c.spacing)),
            ("itemWidth", c.itemLength.map(JSONValue.number) ?? .null),
            ("itemHeight", c.itemThickness.map(JSONValue.number) ?? .null),
            ("sideScale", .number(c.sideScale)),
            ("decelerationRate", .number(c.decelerationRate)),
            ("flickVelocity", .number(c.flickVelocityThreshold)),
            ("springFrequency", .number(c.springAngularFrequency)),
            ("rubberBand", .number(c.rubberBandCoefficient)),
            (
                "autoscroll",
                .object([
                    ("enabled", .bool(c.isAutoScrollEnabled)),
                    ("intervalMs", .number(c.autoScrollInterval.milliseconds)),
                ])
            ),
        ])
    }

    /// Applies a partial configuration: `preset` (when present) first resets every value to that
    /// preset's, then the other keys override. Nothing changes unless the whole patch is valid.
    public func applying(_ patch: JSONValue) throws(ProtocolError) -> SessionConfiguration {
        guard case .object(let members) = patch else {
            throw invalid("config must be an object, got \(patch.kindName)")
        }
        var result = self
        if let preset = patch["preset"] {
            guard case .string(let name) = preset, let fresh = SessionConfiguration(preset: name) else {
                throw invalid("config.preset must be one of \(Configuration.presetNames.joined(separator: ", "))")
            }
            result = fresh
        }
        for (key, value) in members where key != "preset" {
            try result.apply(key, value)
        }
        do {
            try result.configuration.validate()
        } catch {
            throw invalid("config.\(Self.protocolName(of: error.field)): \(error.message)")
        }
        return result
    }

    private mutating func apply(_ key: String, _ value: JSONValue) throws(ProtocolError) {
        let path = "config.\(key)"
        switch key {
        case "axis":
            guard case .string(let name) = value, let axis = Configuration.Axis(rawValue: name) else {
                throw invalid("\(path) must be \"horizontal\" or \"vertical\"")
            }
            configuration.axis = axis
        case "layout":
            // Read-only: a client may send back the configuration it received, but the layout
            // follows the preset.
            guard value == .string(configuration.layout.rawValue) else {
                throw invalid(
                    "\(path) follows the preset (\"cards\" for the card feed, \"uniform\" otherwise); "
                        + "change it with preset"
                )
            }
        case "limits":
            // Read-only too: what the server accepts, sent so a page need not hard-code it.
            guard value == Self.limits else {
                throw invalid(
                    "\(path) is what the server accepts and cannot be changed; send it back unchanged or leave it out"
                )
            }
        case "loop": configuration.isLooping = try Self.bool(value, path)
        case "viewport":
            guard case .object(let members) = value else { throw invalid("\(path) must be an object {width, height}") }
            for (member, size) in members {
                switch member {
                case "width": configuration.viewportWidth = try Self.number(size, "\(path).width")
                case "height": configuration.viewportHeight = try Self.number(size, "\(path).height")
                default: throw invalid("\(path).\(member) is not a viewport key; use width and height")
                }
            }
        case "inset": configuration.inset = try Self.number(value, path)
        case "spacing": configuration.spacing = try Self.number(value, path)
        case "itemWidth": configuration.itemLength = value == .null ? nil : try Self.number(value, path)
        case "itemHeight": configuration.itemThickness = value == .null ? nil : try Self.number(value, path)
        case "sideScale": configuration.sideScale = try Self.number(value, path)
        case "decelerationRate": configuration.decelerationRate = try Self.number(value, path)
        case "flickVelocity": configuration.flickVelocityThreshold = try Self.number(value, path)
        case "springFrequency": configuration.springAngularFrequency = try Self.number(value, path)
        case "rubberBand": configuration.rubberBandCoefficient = try Self.number(value, path)
        case "autoscroll":
            guard case .object(let members) = value else {
                throw invalid("\(path) must be an object {enabled, intervalMs}")
            }
            for (member, setting) in members {
                switch member {
                case "enabled": configuration.isAutoScrollEnabled = try Self.bool(setting, "\(path).enabled")
                case "intervalMs":
                    let milliseconds = try Self.number(setting, "\(path).intervalMs")
                    guard milliseconds > 0, milliseconds <= 86_400_000 else {
                        throw invalid(
                            "\(path).intervalMs must be greater than 0 and at most 86400000, got \(JSONValue.number(milliseconds).encoded)"
                        )
                    }
                    configuration.autoScrollInterval = Duration(milliseconds: milliseconds)
                default: throw invalid("\(path).\(member) is not an autoscroll key; use enabled and intervalMs")
                }
            }
        default:
            throw invalid("\(path) is not a configuration key")
        }
    }

    private func invalid(_ message: String) -> ProtocolError {
        ProtocolError(.invalidValue, message, ref: "configure")
    }

    private static func number(_ value: JSONValue, _ path: String) throws(ProtocolError) -> Double {
        guard case .number(let number) = value else {
            throw ProtocolError(.invalidValue, "\(path) must be a number, got \(value.kindName)", ref: "configure")
        }
        return number
    }

    private static func bool(_ value: JSONValue, _ path: String) throws(ProtocolError) -> Bool {
        guard case .bool(let flag) = value else {
            throw ProtocolError(.invalidValue, "\(path) must be true or false, got \(value.kindName)", ref: "configure")
        }
        return flag
    }

    /// The protocol's name for an engine configuration field.
    static func protocolName(of field: String) -> String {
        switch field {
        case "viewportWidth": "viewport.width"
        case "viewportHeight": "viewport.height"
        case "itemLength": "itemWidth"
        case "itemThickness": "itemHeight"
        case "isLooping": "loop"
        case "flickVelocityThreshold": "flickVelocity"
        case "springAngularFrequency": "springFrequency"
        case "rubberBandCoefficient": "rubberBand"
        case "autoScrollInterval": "autoscroll.intervalMs"
        default: field
        }
    }
}
