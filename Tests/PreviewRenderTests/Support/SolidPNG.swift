/// A PNG of one colour, written here so a test knows every pixel of the image it uploads: 8-bit RGB
/// rows, each with filter 0, in zlib's stored (uncompressed) blocks, with the CRC-32 and Adler-32
/// that libpng checks.
enum SolidPNG {
    static func bytes(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> [UInt8] {
        let pixel: [UInt8] = [red, green, blue]
        let row: [UInt8] = [0] + Array(repeating: pixel, count: width).flatMap { $0 }
        let raw: [UInt8] = Array(repeating: row, count: height).flatMap { $0 }
        // 8 bits a sample, RGB, deflate, the one filter method, no interlace.
        let header: [UInt8] = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return signature + chunk("IHDR", header) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// zlib's header, the bytes in stored blocks of at most 65,535, and their Adler-32.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast: UInt8 = offset + length == bytes.count ? 1 : 0
            out += [
                isLast, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            out += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
