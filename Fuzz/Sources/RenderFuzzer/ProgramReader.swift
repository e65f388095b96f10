/// Reads a render program's bytes one at a time; a byte past the end of the input reads as 0, so
/// every input, however short, is a whole program.
struct ProgramReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// An entry of `table`, picked by the next byte.
    mutating func pick<Element>(_ table: [Element]) -> Element {
        table[Int(byte()) % table.count]
    }
}
