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

    /// The item counts a `configure` accepts.
    package static let itemLimits = JSONValue.object([
        ("minimum", .number(0)), ("maximum", .number(Double(CatalogItem.maximumCount))),
    ])

    /// What a `configure` accepts, sent in every configuration so a page works none of it out: the
    /// item counts, how many items a page may hold in this geometry (as many as fit side by side
    /// between the insets, `Configuration.itemsThatFit`, within the field's own range), and the item
    /// widths it takes with everything else kept (`Configuration.itemLengthRange`; null when none).
    var limits: JSONValue {
        let itemsPerPage = ConfigurationSchema.field(linkName: "itemsPerPage")?.range?.maximum ?? 1
        let fitting = min(Double(configuration.itemsThatFit), itemsPerPage)
        let itemWidth: JSONValue =
            configuration.itemLengthRange.map { range in
                .object([("minimum", .number(range.minimum)), ("maximum", .number(range.maximum))])
            } ?? .null
        return .object([
            ("items", Self.itemLimits),
            ("itemsPerPage", .object([("minimum", .number(1)), ("maximum", .number(fitting))])),
            ("itemWidth", itemWidth),
        ])
    }

    /// The full configuration as sent in `welcome` and `config`: the preset's name, then every
    /// field of `ConfigurationSchema` (fields sharing a first path member, as `viewport.width` and
    /// `viewport.height`, grouped in one object), with the read-only `layout` and `limits` after
    /// `axis`, where protocol v1 has always sent them.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("preset", .string(presetName))]
        for field in ConfigurationSchema.fields {
            let value = field.value(in: configuration)
            if field.path.count == 1 {
                members.append((field.path[0], value))
            } else if members.last?.key == field.path[0], case .object(let group) = members.last?.value {
                members[members.count - 1].value = .object(group + [(field.path[1], value)])
            } else {
                members.append((field.path[0], .object([(field.path[1], value)])))
            }
            if field.path == ["axis"] {
                members += [("layout", .string(configuration.layout.rawValue)), ("limits", limits)]
            }
        }
        return .object(members)
    }

    /// The members of `json` that differ from the preset's, nested objects member by member,
    /// without the read-only members and the preset's name: a patch that, applied after the
    /// preset, gives this configuration (the export's `configure`, a recording's setup).
    package var changesFromPreset: [(key: String, value: JSONValue)] {
        guard let preset = SessionConfiguration(preset: presetName) else { return [] }
        return Self.changes(json, from: preset.json)
    }

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

    /// Applies a partial configuration: `preset` (when present) first resets every value to that
    /// preset's, then the other keys override. Nothing changes unless the whole patch is valid;
    /// an error about one field names it in `field`.
    public func applying(_ patch: JSONValue) throws(ProtocolError) -> SessionConfiguration {
        guard case .object(let members) = patch else {
            throw ProtocolError(
                .invalidValue,
                "config must be an object, got \(patch.kindName)",
                ref: "configure",
                field: "configure.config"
            )
        }
        var result = self
        if let preset = patch["preset"] {
            guard case .string(let name) = preset, let fresh = SessionConfiguration(preset: name) else {
                throw ProtocolError(
                    .invalidValue,
                    "config.preset must be one of \(Configuration.presetNames.joined(separator: ", "))",
                    ref: "configure",
                    field: "config.preset"
                )
            }
            result = fresh
        }
        do throws(FieldProblem) {
            for (key, value) in members where key != "preset" {
                try result.apply(key, value)
            }
            try result.configuration.validateNamingField()
        } catch {
            throw ProtocolError(.invalidValue, error.message, ref: "configure", field: error.path)
        }
        return result
    }

    /// Sets the fields under one member of a patch.
    private mutating func apply(_ key: String, _ value: JSONValue) throws(FieldProblem) {
        let path = "config.\(key)"
        switch key {
        case "layout":
            // Read-only: a client may send back the configuration it received, but the layout
            // follows the preset.
            guard value == .string(configuration.layout.rawValue) else {
                throw FieldProblem(
                    field: key,
                    path: path,
                    code: .conflict,
                    message: "\(path) follows the preset (\"cards\" for the card feed, \"uniform\" otherwise); "
                        + "change it with preset"
                )
            }
            return
        case "limits":
            // Read-only too: what the server accepts, sent so a page need not work it out. The
            // items a page may hold follow the geometry, so only the item counts are compared.
            guard case .object = value, value["items"] == Self.itemLimits else {
                throw FieldProblem(
                    field: key,
                    path: path,
                    code: .conflict,
                    message: "\(path) is what the server accepts and cannot be changed; "
                        + "send it back unchanged or leave it out"
                )
            }
            return
        default: break
        }
        let group = ConfigurationSchema.fields.filter { $0.path[0] == key }
        guard let first = group.first else {
            throw FieldProblem(field: key, path: path, code: .notAChoice, message: "\(path) is not a configuration key")
        }
        guard first.path.count == 2 else {
            try first.set(value, in: &configuration)
            return
        }
        let names = group.map { $0.path[1] }
        guard case .object(let members) = value else {
            throw FieldProblem(
                field: key,
                path: path,
                code: .wrongType,
                message: "\(path) must be an object {\(names.joined(separator: ", "))}"
            )
        }
        for (member, memberValue) in members {
            guard let field = group.first(where: { $0.path[1] == member }) else {
                throw FieldProblem(
                    field: key,
                    path: "\(path).\(member)",
                    code: .notAChoice,
                    message: "\(path).\(member) is not a \(key) key; use \(names.joined(separator: " and "))"
                )
            }
            try field.set(memberValue, in: &configuration)
        }
    }
}

extension Configuration {
    /// `validate()`, its error turned into the problem of the protocol field it concerns. Every
    /// field's range was checked as it was set, so what is left is a rule between fields (an inset
    /// that leaves no room for an item, a looping card feed, items too small for the slots): a conflict.
    package func validateNamingField() throws(FieldProblem) {
        do {
            try validate()
        } catch {
            let field = ConfigurationSchema.field(swiftName: error.field)
            let path = field?.messagePath ?? "config.\(error.field)"
            throw FieldProblem(
                field: field?.linkName ?? error.field,
                path: path,
                code: .conflict,
                message: "\(path): \(error.message)"
            )
        }
    }
}
