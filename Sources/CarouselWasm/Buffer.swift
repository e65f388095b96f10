/// A block of the module's memory the page reads or writes through its address: grown on demand
/// up to `maximumByteCount` (a record larger than any the engine takes is refused, not allocated).
struct Buffer {
    /// Larger than the largest record: 1,000 items with identifiers and kinds of 512 bytes each.
    static let maximumByteCount = 1 << 20

    private(set) var address: UnsafeMutableRawPointer?
    private var capacity = 0

    /// The address with room for `byteCount` bytes, or nil when that is more than the maximum.
    mutating func reserve(_ byteCount: Int) -> UnsafeMutableRawPointer? {
        guard byteCount >= 0, byteCount <= Self.maximumByteCount else { return nil }
        if byteCount > capacity || address == nil {
            address?.deallocate()
            capacity = max(byteCount, 256)
            address = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        }
        return address
    }

    /// The first `byteCount` bytes the page wrote, or nil when it names more than was reserved.
    func bytes(_ byteCount: Int) -> [UInt8]? {
        guard byteCount >= 0, byteCount <= capacity, let address else { return byteCount == 0 ? [] : nil }
        return Array(UnsafeRawBufferPointer(start: address, count: byteCount))
    }

    /// Copies `bytes` in and returns their count.
    mutating func store(_ bytes: [UInt8]) -> Int32 {
        guard let address = reserve(bytes.count) else { return -3 }
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { address.copyMemory(from: base, byteCount: source.count) }
        }
        return Int32(bytes.count)
    }
}
