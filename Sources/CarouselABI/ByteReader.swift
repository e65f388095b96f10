/// Reads a record the page wrote: little-endian integers and doubles, in order. Every read checks
/// the room left first, so a short or hostile record is an error, never a trap.
struct ByteReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func uint32() throws(ABIError) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(byteCount: 4))
    }

    mutating func int32() throws(ABIError) -> Int32 {
        Int32(bitPattern: try uint32())
    }

    mutating func int64() throws(ABIError) -> Int64 {
        Int64(bitPattern: try unsigned(byteCount: 8))
    }

    mutating func double() throws(ABIError) -> Double {
        Double(bitPattern: try unsigned(byteCount: 8))
    }

    /// The next `count` bytes as they are.
    mutating func bytes(count: Int) throws(ABIError) -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated }
        let slice = Array(bytes[offset..<offset + count])
        offset += count
        return slice
    }

    /// `count` bytes as UTF-8 text; bytes that are not UTF-8 are refused rather than repaired, so
    /// an identifier means the same on both sides.
    mutating func text(byteCount count: Int) throws(ABIError) -> String {
        guard count >= 0, count <= bytes.count - offset else { throw .truncated }
        let slice = bytes[offset..<offset + count]
        offset += count
        guard let text = String(validating: slice, as: UTF8.self) else { throw .malformed("text is not UTF-8") }
        return text
    }

    private mutating func unsigned(byteCount: Int) throws(ABIError) -> UInt64 {
        guard byteCount <= bytes.count - offset else { throw .truncated }
        var value: UInt64 = 0
        for index in 0..<byteCount {
            value |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
        }
        offset += byteCount
        return value
    }
}
