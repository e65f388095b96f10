import PreviewWire

/// A catalog as a recording or its checkpoint holds it: checked as a `configure`'s items are, with
/// the longer texts a recording allows (`RecordingLimits.catalogFieldLimit`).
extension CatalogItem {
    static func recorded(_ value: JSONValue?, field: String) throws(RecordingError) -> [CatalogItem] {
        do {
            return try catalog(from: value ?? .null, field: field, fieldLimit: RecordingLimits.catalogFieldLimit)
        } catch {
            throw RecordingError(error.message)
        }
    }
}
