import CarouselCore

/// The items as the page hands them to the WebAssembly engine: a 32-bit count, then for each item
/// its identifier and its kind (each a 32-bit byte count and UTF-8 bytes), a 32-bit flag and a
/// double for its length along the axis (the card feed's; ignored elsewhere).
public enum ItemsRecord {
    /// As many items as a session's catalog holds.
    public static let maximumCount = 1000
    /// An identifier or a kind is at most this many bytes, a catalog field's limit.
    public static let maximumTextBytes = 512

    public static func encode(_ items: [CarouselItem]) -> [UInt8] {
        var writer = ByteWriter()
        writer.int32(items.count)
        for item in items {
            text(item.id, to: &writer)
            text(item.kind, to: &writer)
            writer.int32(item.length == nil ? 0 : 1)
            writer.double(item.length ?? 0)
        }
        return writer.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(ABIError) -> [CarouselItem] {
        var reader = ByteReader(bytes)
        let count = try reader.uint32()
        guard count <= maximumCount else { throw .tooLarge("at most \(maximumCount) items") }
        var items: [CarouselItem] = []
        items.reserveCapacity(Int(count))
        for _ in 0..<count {
            let id = try text(from: &reader)
            let kind = try text(from: &reader)
            let hasLength = try reader.uint32()
            guard hasLength <= 1 else { throw .malformed("an item's length flag must be 0 or 1") }
            let length = try reader.double()
            items.append(CarouselItem(id: id, length: hasLength == 1 ? length : nil, kind: kind))
        }
        guard reader.isAtEnd else { throw .tooLarge("bytes after the last item") }
        return items
    }

    private static func text(_ text: String, to writer: inout ByteWriter) {
        let utf8 = Array(text.utf8)
        writer.int32(utf8.count)
        writer.bytes(utf8)
    }

    private static func text(from reader: inout ByteReader) throws(ABIError) -> String {
        let count = try reader.uint32()
        guard count <= maximumTextBytes else {
            throw .tooLarge("an identifier or kind is at most \(maximumTextBytes) bytes")
        }
        return try reader.text(byteCount: Int(count))
    }
}
