import PreviewWire

/// Every configuration field in every framework a handover targets, written once: the snippets and
/// the docs' mapping table come from here, and a field of the schema without a row fails a test
/// (`FrameworkMappingTests`).
public enum FrameworkMappings {
    /// The row of each field, by its link name (`ConfigurationField.linkName`).
    public static let rows: [String: FrameworkRow] = layoutRows.merging(motionRows) { layout, _ in layout }
        .merging(drawingRows) { earlier, _ in earlier }

    /// How `field` reaches `target`; `nil` for a field without a row.
    public static func mapping(of field: ConfigurationField, in target: ExportTarget) -> FieldMapping? {
        rows[field.linkName]?.mapping(for: target, swiftName: field.swiftName)
    }
}
