/// Writes compact JSON text straight into a byte buffer. Frames are encoded sixty times a second
/// for every session, so they skip building a `JSONValue` tree: the writer appends bytes and puts
/// commas where they belong, and the caller only says what comes next.
///
/// Numbers: whole numbers print without a fraction, others in Swift's shortest round-trip form, so
/// the text is deterministic and exact. JSON has no NaN or infinity; they print as `null` (the
/// engine never produces them).
package struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the next value or key needs a comma before it: true after any complete value
    /// inside a container, false right after an opening bracket or a key.
    private var needsComma = false

    package init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func beginObject() { open(UInt8(ascii: "{")) }
    package mutating func endObject() { close(UInt8(ascii: "}")) }
    package mutating func beginArray() { open(UInt8(ascii: "[")) }
    package mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        needsComma = false
    }

    private mutating func close(_ bracket: UInt8) {
        bytes.append(bracket)
        needsComma = true
    }

    /// An object member's name; the member's value is whatever is written next.
    package mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// An object member's name not known at compile time (escaped like any string).
    package mutating func key(_ name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func null() {
        literal("null")
    }

    package mutating func bool(_ value: Bool) {
        literal(value ? "true" : "false")
    }

    package mutating func integer(_ value: Int) {
        separate()
        appendDigits(of: value)
        needsComma = true
    }

    package mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 {
            return integer(Int(value))
        }
        separate()
        // Swift's shortest round-trip text; up to 15 bytes it lives inline, without a heap block.
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    package mutating func string(_ value: String) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied at once.
            var runStart = 0
            for (offset, byte) in utf8.enumerated()
            where byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                appendEscape(of: byte)
                runStart = offset + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
        needsComma = true
    }

    /// `null` when `value` is nil.
    package mutating func integer(_ value: Int?) {
        if let value { integer(value) } else { null() }
    }

    private mutating func literal(_ text: StaticString) {
        separate()
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendDigits(of value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Digits come out least significant first; write them into a small stack buffer backwards.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
            ])
        }
    }
}
