/// The first bytes of each image format an upload may be, at any declared size: enough for the
/// server's inspector to read the size (and for a test to ask it about sizes no real file has).
public enum ImageHeaders {
    public static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * (count - 1 - $0))) }
    }

    public static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A PNG's signature and IHDR chunk, and some bytes after them.
    public static func png(_ width: Int, _ height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13, 4) + Array("IHDR".utf8) + bigEndian(width, 4)
            + bigEndian(height, 4) + [8, 6, 0, 0, 0] + [0, 0, 0, 0] + Array(repeating: 0, count: 32)
    }

    public static func jpeg(_ width: Int, _ height: Int) -> [UInt8] {
        [0xFF, 0xD8] + [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF".utf8) + Array(repeating: 0, count: 10)
            + [0xFF, 0xFF, 0xC0] + bigEndian(17, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2)
            + Array(repeating: 0, count: 10)
    }

    public static func gif(_ width: Int, _ height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0, 0]
    }

    public static func webpExtended(_ width: Int, _ height: Int) -> [UInt8] {
        Array("RIFF".utf8) + littleEndian(30, 4) + Array("WEBPVP8X".utf8) + littleEndian(10, 4) + [0, 0, 0, 0]
            + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
    }
}
