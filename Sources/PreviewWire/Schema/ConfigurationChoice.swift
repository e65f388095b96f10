import CarouselCore

/// A setting that takes one of a few names: one of the engine configuration's enumerations
/// (`axis`, `direction`, `align`, `snapping`), read and written by its raw name.
struct ConfigurationChoice: Sendable {
    /// The names it takes, in the engine's order.
    let names: [String]
    private let read: @Sendable (Configuration) -> String
    private let write: @Sendable (inout Configuration, String) -> Bool

    /// The choice held at `keyPath`.
    static func at<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ keyPath: WritableKeyPath<Configuration, Choice> & Sendable
    ) -> ConfigurationChoice where Choice.RawValue == String {
        ConfigurationChoice(
            names: Choice.allCases.map(\.rawValue),
            read: { $0[keyPath: keyPath].rawValue },
            write: { configuration, name in
                guard let choice = Choice(rawValue: name) else { return false }
                configuration[keyPath: keyPath] = choice
                return true
            }
        )
    }

    /// The name `configuration` holds.
    func name(in configuration: Configuration) -> String { read(configuration) }

    /// Sets the choice named `name`; false, changing nothing, when it is not one of `names`.
    func set(_ name: String, in configuration: inout Configuration) -> Bool { write(&configuration, name) }

    /// The names as a sentence: `"start", "center" or "end"`.
    var sentence: String {
        let quoted = names.map { "\"\($0)\"" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.joined() }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }
}
