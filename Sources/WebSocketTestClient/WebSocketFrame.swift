/// RFC 6455 framing, shared by the blocking test client and the benchmarks' event-loop load client.
public enum WebSocketFrame {
    /// Opcodes this project uses.
    public static let continuation: UInt8 = 0x0
    public static let text: UInt8 = 0x1
    public static let binary: UInt8 = 0x2
    public static let close: UInt8 = 0x8
    public static let ping: UInt8 = 0x9
    public static let pong: UInt8 = 0xA

    /// A frame's header as read from the front of a buffer.
    public struct Header: Equatable, Sendable {
        public let isFinal: Bool
        public let opcode: UInt8
        /// Bytes before the payload (a server's frames carry no mask).
        public let length: Int
        public let payloadLength: Int
        /// Header and payload together.
        public var frameLength: Int { length + payloadLength }

        /// Reads the header of a server's frame (never masked) at the start of `bytes`; nil until all
        /// of it has arrived.
        public init?(parsing bytes: UnsafeBufferPointer<UInt8>) {
            guard bytes.count >= 2 else { return nil }
            isFinal = bytes[0] & 0x80 != 0
            opcode = bytes[0] & 0x0F
            switch bytes[1] & 0x7F {
            case 126:
                guard bytes.count >= 4 else { return nil }
                payloadLength = Int(bytes[2]) << 8 | Int(bytes[3])
                length = 4
            case 127:
                guard bytes.count >= 10 else { return nil }
                payloadLength = (2..<10).reduce(0) { $0 << 8 | Int(bytes[$1]) }
                length = 10
            case let short:
                payloadLength = Int(short)
                length = 2
            }
        }
    }

    /// One frame's bytes; masked with `mask` when given, as a client must.
    public static func encode(opcode: UInt8, payload: [UInt8], isFinal: Bool = true, mask maskBits: UInt32?) -> [UInt8]
    {
        var frame: [UInt8] = [(isFinal ? 0x80 : 0) | opcode]
        frame.reserveCapacity(payload.count + 14)
        let maskBit: UInt8 = maskBits != nil ? 0x80 : 0
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(maskBit | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        if let maskBits {
            let mask = (0..<4).map { UInt8((maskBits >> ($0 * 8)) & 0xFF) }
            frame += mask
            frame += payload.enumerated().map { $1 ^ mask[$0 % 4] }
        } else {
            frame += payload
        }
        return frame
    }
}
