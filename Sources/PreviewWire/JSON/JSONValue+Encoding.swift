extension JSONValue {
    /// Compact JSON text, written by `JSONWriter` (see there for how numbers print).
    public var encoded: String {
        var writer = JSONWriter(capacity: 256)
        writer.value(self)
        return writer.text
    }
}

extension JSONWriter {
    /// Writes a whole document.
    package mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let value): bool(value)
        case .number(let value): number(value)
        case .string(let value): string(value)
        case .array(let elements):
            beginArray()
            for element in elements { self.value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for member in members {
                key(member.key)
                self.value(member.value)
            }
            endObject()
        }
    }
}
