/// Calls in a row as one record, what a session streams to a page that runs the engine and the page
/// hands to the module whole (`cp_run`): per call a byte naming it, then its arguments, little-endian
/// as every record: records as a 32-bit length and the bytes; a pointer's kind, id, x, y, t (two
/// 32-bit, three doubles); a wheel's three doubles; a command's three 32-bit numbers; visibility's
/// one; an advance's double. A frame is not a call of a batch: the page takes frames when it draws.
public enum EngineCallBatch {
    /// The largest batch the module takes: the inbox's size.
    public static let maximumBytes = 1 << 20

    private enum Code: UInt8 {
        case reset = 0, configuration, items, start, restore, pointer, wheel, command, visibility, advance
        case advanceNanoseconds
    }

    public static func encode(_ calls: [EngineCall]) -> [UInt8] {
        var writer = ByteWriter()
        for call in calls {
            switch call {
            case .reset: writer.byte(Code.reset.rawValue)
            case .start: writer.byte(Code.start.rawValue)
            case .configuration(let record): writer.record(Code.configuration.rawValue, record)
            case .items(let record): writer.record(Code.items.rawValue, record)
            case .restore(let record): writer.record(Code.restore.rawValue, record)
            case .pointer(let kind, let id, let x, let y, let t):
                writer.byte(Code.pointer.rawValue)
                writer.int32(kind)
                writer.int32(id)
                for value in [x, y, t] { writer.double(value) }
            case .wheel(let dx, let dy, let t):
                writer.byte(Code.wheel.rawValue)
                for value in [dx, dy, t] { writer.double(value) }
            case .command(let kind, let index, let animated):
                writer.byte(Code.command.rawValue)
                for value in [kind, index, animated] { writer.int32(value) }
            case .visibility(let hidden):
                writer.byte(Code.visibility.rawValue)
                writer.int32(hidden)
            case .advance(let milliseconds):
                writer.byte(Code.advance.rawValue)
                writer.double(milliseconds)
            case .advanceNanoseconds(let nanoseconds):
                writer.byte(Code.advanceNanoseconds.rawValue)
                writer.double(nanoseconds)
            case .frame: break
            }
        }
        return writer.bytes
    }

    /// The calls in `bytes`, or why they cannot be read (nothing is run then).
    public static func decode(_ bytes: [UInt8]) throws(ABIError) -> [EngineCall] {
        guard bytes.count <= maximumBytes else { throw .tooLarge("a batch of calls is at most \(maximumBytes) bytes") }
        var reader = ByteReader(bytes)
        var calls: [EngineCall] = []
        while !reader.isAtEnd {
            let byte = try reader.byte()
            guard let code = Code(rawValue: byte) else { throw .malformed("no call is numbered \(byte)") }
            switch code {
            case .reset: calls.append(.reset)
            case .start: calls.append(.start)
            case .configuration: calls.append(.configuration(try reader.record()))
            case .items: calls.append(.items(try reader.record()))
            case .restore: calls.append(.restore(try reader.record()))
            case .pointer:
                let kind = try reader.int32()
                let id = try reader.int32()
                calls.append(
                    .pointer(kind: kind, id: id, x: try reader.double(), y: try reader.double(), t: try reader.double())
                )
            case .wheel: calls.append(.wheel(dx: try reader.double(), dy: try reader.double(), t: try reader.double()))
            case .command:
                calls.append(
                    .command(kind: try reader.int32(), index: try reader.int32(), animated: try reader.int32())
                )
            case .visibility: calls.append(.visibility(try reader.int32()))
            case .advance: calls.append(.advance(milliseconds: try reader.double()))
            case .advanceNanoseconds: calls.append(.advanceNanoseconds(try reader.double()))
            }
        }
        return calls
    }
}

extension ByteWriter {
    mutating func byte(_ value: UInt8) {
        bytes([value])
    }

    /// `code`, then `record` as a 32-bit length and its bytes.
    mutating func record(_ code: UInt8, _ record: [UInt8]) {
        byte(code)
        int32(record.count)
        bytes(record)
    }
}

extension ByteReader {
    mutating func byte() throws(ABIError) -> UInt8 {
        let bytes = try self.bytes(count: 1)
        return bytes[0]
    }

    /// A 32-bit length, then that many bytes.
    mutating func record() throws(ABIError) -> [UInt8] {
        let count = try int32()
        guard count >= 0 else { throw .malformed("a record's length is \(count)") }
        return try bytes(count: Int(count))
    }
}
