import CarouselABI
import CarouselCore
import PreviewHandover
import PreviewMedia
import PreviewRecording
import PreviewWire

/// What the page needs to know of the protocol, from the one schema: each configuration field
/// (link name, path, type, range, unit, choices), each preset's whole configuration and item
/// count, the server's limits, the session-name rule, the clocks, the handover's targets, the message kinds, the error
/// codes and the files the page opens. `carousel-preview schema` writes it as `public/js/generated/schema.js`, and a test fails
/// when the committed module differs, so no range, limit or preset value is written in the page.
public enum PageSchema {
    /// The schema as one JSON object.
    public static var json: JSONValue {
        .object([
            ("protocol", .number(1)),
            ("fields", .array(ConfigurationSchema.fields.map(fieldJSON))),
            // The settings panel's controls, top to bottom (each field's own under its `panel`).
            ("panelOrder", .array(ConfigurationPanel.order.map(JSONValue.string))),
            // The layouts a preset's `layout` names, in the engine record's order (its first field).
            ("layouts", .array(Configuration.Layout.allCases.map { .string($0.rawValue) })),
            ("engineRecords", engineRecordsJSON),
            ("presets", .object(Configuration.presetNames.map { ($0, presetJSON($0)) })),
            // What a new session starts as on a server without `--config`, and a page without a server.
            ("defaultPreset", .string(SessionStart.banner.config.presetName)),
            ("limits", .object([("items", SessionConfiguration.itemLimits)])),
            ("messageBytes", .number(Double(ClientMessage.maximumBytes))),
            (
                "session",
                .object([
                    ("pattern", .string(SessionName.pattern)), ("rule", .string(SessionName.rule)),
                    ("maximumLength", .number(Double(SessionName.maximumLength))),
                    ("default", .string(SessionName.defaultName)),
                ])
            ),
            ("clocks", .array(ClockKind.allCases.map { .string($0.rawValue) })),
            (
                "handoverTargets",
                .array(
                    ExportTarget.allCases.map { .object([("id", .string($0.rawValue)), ("title", .string($0.title))]) }
                )
            ),
            ("itemKinds", .array(CatalogItem.kinds.map(JSONValue.string))),
            ("devices", .array(Device.all.map(deviceJSON))),
            (
                "images",
                .object([
                    ("bytes", .number(Double(MediaLimits().imageBytes))),
                    ("types", .array(ImageFormat.allCases.map { .string($0.mimeType) })),
                    ("scheme", .string(MediaLibrary.scheme)),
                    ("itemFieldLength", .number(Double(CatalogItem.maximumFieldLength))),
                    // What an item's `image` may be (ItemImageAddress): the page fetches nothing else.
                    ("folders", .array(ItemImageAddress.folders.map(JSONValue.string))),
                    ("pattern", .string(ItemImageAddress.pattern)),
                    ("rule", .string(ItemImageAddress.rule)),
                ])
            ),
            ("messages", .array(MessageKind.allCases.map(messageJSON))),
            ("errorCodes", .array(ProtocolError.Code.allCases.map { .string($0.rawValue) })),
            ("problemCodes", .array(FieldProblem.Code.allCases.map { .string($0.rawValue) })),
            (
                "files",
                .object([
                    ("recording", fileJSON(format: Recording.format, version: Recording.version)),
                    ("settings", fileJSON(format: PreviewSettings.format, version: PreviewSettings.version)),
                ])
            ),
        ])
    }

    private static func deviceJSON(_ device: Device) -> JSONValue {
        .object([
            ("id", .string(device.id)), ("name", .string(device.name)),
            ("width", .number(device.width)), ("height", .number(device.height)),
            ("safeArea", .object([("top", .number(device.safeTop)), ("bottom", .number(device.safeBottom))])),
        ])
    }

    /// The JavaScript module the page imports: the schema, frozen, one entry a line.
    public static var module: String {
        moduleText(exporting: "SCHEMA", json, from: "the server's one schema\n// (Sources/PreviewWire/Schema)")
    }

    /// A generated module exporting `json` as `name`, frozen, one entry a line; `source` says what
    /// it was written from.
    static func moduleText(exporting name: String, _ json: JSONValue, from source: String) -> String {
        let lines =
            header(source) + ["", "export const \(name) = freeze({"] + members(of: json).map { "  \($0)," }
            + ["});", ""]
        return lines.joined(separator: "\n")
    }

    /// What the module says of itself, and a deep `Object.freeze` (the modules that import it share
    /// one object).
    private static func header(_ source: String) -> [String] {
        [
            "// Generated by `carousel-preview schema` from \(source). Do not edit: `make schema`",
            "// writes it again, and `swift test` fails when this file differs from what the server would write.",
            "",
            "const freeze = (value) => {",
            "  if (value === null || typeof value !== \"object\") return value;",
            "  for (const member of Object.values(value)) freeze(member);",
            "  return Object.freeze(value);",
            "};",
        ]
    }

    /// The top-level members as `"key": value` lines, an array's elements one per line.
    private static func members(of value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map { key, member in
            let name = JSONValue.string(key).encoded
            switch member {
            case .array(let elements) where elements.contains(where: { if case .object = $0 { true } else { false } }):
                return "\(name): [\n" + elements.map { "    \($0.encoded),\n" }.joined() + "  ]"
            case .object(let entries) where key == "presets":
                return "\(name): {\n"
                    + entries.map { "    \(JSONValue.string($0.key).encoded): \($0.value.encoded),\n" }
                    .joined() + "  }"
            default:
                return "\(name): \(member.encoded)"
            }
        }
    }

    /// A file the page opens (a recording, a settings file), known by its `format` and `version`.
    private static func fileJSON(format: String, version: Int) -> JSONValue {
        .object([("format", .string(format)), ("version", .number(Double(version)))])
    }

    private static func fieldJSON(_ field: ConfigurationField) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("link", .string(field.linkName)),
            ("path", .array(field.path.map(JSONValue.string))),
            ("type", .string(field.typeName)),
        ]
        if let range = field.range { members += range.boundMembers }
        if !field.choices.isEmpty { members.append(("choices", .array(field.choices.map(JSONValue.string)))) }
        members.append(("unit", .string(field.unit)))
        switch ConfigurationPanel.place(of: field.linkName) {
        case .control(let control)?: members.append(("panel", control.json))
        case .linkOnly(let reason)?: members.append(("linkOnly", .string(reason)))
        case nil: break
        }
        return .object(members)
    }

    /// A preset's configuration as `welcome` sends it and the number of bundled items a session
    /// made from it starts with.
    private static func presetJSON(_ name: String) -> JSONValue {
        let config = SessionConfiguration(preset: name)!
        let itemCount = ItemCatalogs.bundled.catalog(for: config.configuration.layout).count
        return .object([
            ("config", config.json),
            ("itemCount", .number(Double(itemCount))),
        ])
    }

    private static func messageJSON(_ kind: MessageKind) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string(kind.rawValue)),
            ("carriesSeq", .bool(kind.carriesSeq)),
            ("waitsForPlayback", .bool(kind.waitsForPlayback)),
        ]
        if !kind.actions.isEmpty { members.append(("actions", .array(kind.actions.map(JSONValue.string)))) }
        return .object(members)
    }

    /// What the page's engine module writes, by the codes FrameRecord uses (docs/reference/engine-abi.md).
    static var engineRecordsJSON: JSONValue {
        .object([
            ("configurationBytes", .number(Double(ConfigurationRecord.byteCount))),
            ("maximumItems", .number(Double(ItemsRecord.maximumCount))),
            ("frameHeadBytes", .number(Double(FrameRecord.headByteCount))),
            ("slotBytes", .number(Double(FrameRecord.slotByteCount))),
            ("eventBytes", .number(Double(FrameRecord.eventByteCount))),
            ("phases", .array(FrameRecord.phases.map { .string($0.rawValue) })),
            ("autoScrollStates", .array(FrameRecord.autoScrollStates.map { .string($0.rawValue) })),
            ("pauseReasons", .array(PauseReasons.named.map { .string($0.name) })),
            ("events", .array(FrameRecord.eventNames.map(JSONValue.string))),
            ("maximumAdvanceMs", .number(Duration.maximumAdvanceMilliseconds)),
        ])
    }
}
