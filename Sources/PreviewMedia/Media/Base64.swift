/// Base64 (RFC 4648, standard alphabet, padded), read strictly: a settings file carries its images
/// in it. Linear in the text; anything outside the alphabet, or padding that does not close the
/// text, is refused rather than skipped.
package enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    package static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var at = 0
        while at < bytes.count {
            let count = min(3, bytes.count - at)
            var triple: UInt32 = 0
            for offset in 0..<3 { triple = triple << 8 | UInt32(offset < count ? bytes[at + offset] : 0) }
            for place in 0..<4 {
                output.append(place <= count ? alphabet[Int(triple >> UInt32(18 - 6 * place) & 63)] : UInt8(ascii: "="))
            }
            at += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    package static func decode(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count / 4 * 3)
        var at = 0
        while at < bytes.count {
            var quad: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = bytes[at + offset]
                let value: UInt32
                if byte == UInt8(ascii: "=") {
                    // Padding only at the very end, and only in the last two places.
                    guard at + 4 == bytes.count, offset >= 2 else { return nil }
                    padding += 1
                    value = 0
                } else {
                    guard padding == 0, let digit = digit(byte) else { return nil }
                    value = digit
                }
                quad = quad << 6 | value
            }
            output.append(UInt8(truncatingIfNeeded: quad >> 16))
            if padding < 2 { output.append(UInt8(truncatingIfNeeded: quad >> 8)) }
            if padding < 1 { output.append(UInt8(truncatingIfNeeded: quad)) }
            at += 4
        }
        return output
    }

    private static func digit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
