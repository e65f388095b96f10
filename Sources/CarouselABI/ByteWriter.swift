/// Writes a record the page reads with a `DataView`: little-endian integers and doubles, in order,
/// the doubles bit for bit (so a frame compares byte for byte across platforms).
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    mutating func int32(_ value: Int32) {
        unsigned(UInt64(UInt32(bitPattern: value)), byteCount: 4)
    }

    /// An engine integer, which fits 32 bits: counts and indices are bounded far below that.
    mutating func int32(_ value: Int) {
        int32(Int32(clamping: value))
    }

    mutating func int64(_ value: Int64) {
        unsigned(UInt64(bitPattern: value), byteCount: 8)
    }

    mutating func bytes(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    mutating func double(_ value: Double) {
        unsigned(value.bitPattern, byteCount: 8)
    }

    private mutating func unsigned(_ value: UInt64, byteCount: Int) {
        for index in 0..<byteCount {
            bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))))
        }
    }
}
