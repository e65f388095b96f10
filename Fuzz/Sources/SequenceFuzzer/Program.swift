import CarouselCore

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

// MARK: - Reading the program

struct Program {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// One number as JSON text (or a literal JSON refuses), with its value when finite.
    mutating func number(_ table: [Double], previous: Double = 0) -> (text: String, value: Double?) {
        let selector = byte()
        let value: Double
        switch selector {
        case 0x00..<0x80: value = table[Int(selector) % table.count]
        case 0x80..<0xC0: value = previous + deltas[Int(selector) % deltas.count]
        case 0xC0..<0xF0:
            var pattern: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { pattern |= UInt64(byte()) << UInt64(shift) }
            value = Double(bitPattern: pattern)
        default: return (badLiterals[Int(selector) % badLiterals.count], nil)
        }
        return (value.description, value.isFinite ? value : nil)
    }
}
