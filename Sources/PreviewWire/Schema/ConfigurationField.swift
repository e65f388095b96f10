import CarouselCore

/// One tunable of a session's configuration, described once: where it sits in the `config` JSON,
/// its share-link parameter, the `Configuration` property the Swift export assigns, what values it
/// takes and how to read and write it. `ConfigurationSchema.fields` lists them all; decoding,
/// validation, the `config` JSON, share links, the export and the page's schema module derive
/// from that list.
public struct ConfigurationField: Sendable {
    /// How the value is stored in the engine's configuration.
    enum Storage: Sendable {
        case number(WritableKeyPath<Configuration, Double> & Sendable)
        /// A whole number, sent as a JSON number without a fraction.
        case count(WritableKeyPath<Configuration, Int> & Sendable)
        /// A length that `null` (a link's `auto`) leaves to the layout.
        case optionalNumber(WritableKeyPath<Configuration, Double?> & Sendable)
        case flag(WritableKeyPath<Configuration, Bool> & Sendable)
        /// One of a few names.
        case choice(ConfigurationChoice)
        /// A duration, sent as milliseconds.
        case milliseconds(WritableKeyPath<Configuration, Duration> & Sendable)
    }

    /// Where the value sits in the `config` JSON: `["inset"]`, `["viewport", "width"]`.
    public let path: [String]
    /// The share link's query parameter: `inset`, `viewportWidth`, `intervalMs`.
    public let linkName: String
    /// The property of CarouselCore's `Configuration` that holds it, as the Swift export writes it.
    public let swiftName: String
    /// The numbers it takes, for numeric fields.
    public let range: ValueRange?
    /// The unit its numbers are in ("pt", "pt/s", "rad/s", "ms"), or "".
    public let unit: String
    let storage: Storage

    /// The dotted path in a `configure` message: `config.viewport.width`.
    public var messagePath: String { "config." + path.joined(separator: ".") }

    /// The value's JSON type as the page's schema names it.
    public var typeName: String {
        switch storage {
        case .number, .milliseconds: "number"
        case .count: "integer"
        case .optionalNumber: "number-or-null"
        case .flag: "boolean"
        case .choice: "choice"
        }
    }

    /// The values a choice takes.
    public var choices: [String] {
        if case .choice(let choice) = storage { choice.names } else { [] }
    }

    /// The field's value in `configuration`, as the protocol sends it.
    public func value(in configuration: Configuration) -> JSONValue {
        switch storage {
        case .number(let keyPath): .number(configuration[keyPath: keyPath])
        case .count(let keyPath): .number(Double(configuration[keyPath: keyPath]))
        case .optionalNumber(let keyPath): configuration[keyPath: keyPath].map(JSONValue.number) ?? .null
        case .flag(let keyPath): .bool(configuration[keyPath: keyPath])
        case .choice(let choice): .string(choice.name(in: configuration))
        case .milliseconds(let keyPath): .number(configuration[keyPath: keyPath].milliseconds)
        }
    }

    /// Sets the field from a JSON value, or says what is wrong with it (the range is checked here,
    /// value by value; rules between fields are the engine's `validate`).
    public func set(_ value: JSONValue, in configuration: inout Configuration) throws(FieldProblem) {
        switch storage {
        case .number(let keyPath): configuration[keyPath: keyPath] = try number(value)
        case .count(let keyPath):
            // In range first (a range's neighbours are out_of_range, as for every number), then whole;
            // the range is far inside what an Int holds.
            let number = try number(value)
            guard number == number.rounded() else {
                throw problem(.wrongType, "must be a whole number, got \(JSONValue.number(number).encoded)")
            }
            configuration[keyPath: keyPath] = Int(number)
        case .optionalNumber(let keyPath):
            configuration[keyPath: keyPath] = value == .null ? nil : try number(value, orNull: true)
        case .flag(let keyPath):
            guard case .bool(let flag) = value else {
                throw problem(.wrongType, "must be true or false, got \(value.kindName)")
            }
            configuration[keyPath: keyPath] = flag
        case .choice(let choice):
            guard case .string(let name) = value, choice.set(name, in: &configuration) else {
                throw problem(.notAChoice, "must be \(choice.sentence)")
            }
        case .milliseconds(let keyPath):
            configuration[keyPath: keyPath] = Duration(milliseconds: try number(value))
        }
    }

    private func number(_ value: JSONValue, orNull: Bool = false) throws(FieldProblem) -> Double {
        guard case .number(let number) = value else {
            throw problem(.wrongType, "must be a number\(orNull ? " or null" : ""), got \(value.kindName)")
        }
        if let range, !range.contains(number) { throw rangeProblem(number, range: range, named: messagePath) }
        return number
    }

    /// `number` is outside `range`: the problem, its sentence naming the field as `name` (the
    /// message path in a `configure`'s error, the link name in a link's report).
    package func rangeProblem(_ number: Double, range: ValueRange, named name: String) -> FieldProblem {
        FieldProblem(
            field: linkName,
            path: messagePath,
            code: .outOfRange,
            message: "\(name) \(range.sentence(unit: unit)), got \(JSONValue.number(number).encoded)",
            range: range
        )
    }

    private func problem(_ code: FieldProblem.Code, _ rule: String) -> FieldProblem {
        FieldProblem(field: linkName, path: messagePath, code: code, message: "\(messagePath) \(rule)")
    }

    /// The field's value as a Swift literal, for the export.
    package func swiftLiteral(in configuration: Configuration) -> String {
        switch storage {
        case .number(let keyPath): "\(configuration[keyPath: keyPath])"
        case .count(let keyPath): "\(configuration[keyPath: keyPath])"
        case .optionalNumber(let keyPath): configuration[keyPath: keyPath].map { "\($0)" } ?? "nil"
        case .flag(let keyPath): "\(configuration[keyPath: keyPath])"
        case .choice(let choice): ".\(choice.name(in: configuration))"
        case .milliseconds(let keyPath): Self.swiftDuration(configuration[keyPath: keyPath])
        }
    }

    /// Whole milliseconds read as such; anything finer is written to the attosecond.
    private static func swiftDuration(_ value: Duration) -> String {
        let (seconds, attoseconds) = value.components
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        if attoseconds % attosecondsPerMillisecond == 0 {
            return ".milliseconds(\(seconds * 1000 + attoseconds / attosecondsPerMillisecond))"
        }
        return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
    }
}
