#if canImport(Glibc)
import Glibc
#endif

/// A small, blocking RFC 6455 client over POSIX sockets for tests: it speaks the protocol
/// correctly by default and can also send raw, malformed bytes on purpose.
///
/// One thread may send while another receives (the socket allows it, and the two share no
/// state); two threads must not both send or both receive.
public final class WebSocketClient: @unchecked Sendable {
    /// A message received from the server.
    public enum Message: Equatable, Sendable {
        case text(String)
        case binary([UInt8])
        case close(code: UInt16?, reason: String)
    }

    /// Why a call failed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case connect(String)
        case handshake(String)
        case timeout
        case closed

        public var description: String {
            switch self {
            case .connect(let reason): "connect failed: \(reason)"
            case .handshake(let reason): "handshake failed: \(reason)"
            case .timeout: "timed out"
            case .closed: "connection closed"
            }
        }
    }

    private var socket: Int32
    private var buffer: [UInt8] = []
    private var maskSeed: UInt32 = 0x1234_5678

    /// Connects and completes the WebSocket handshake for `path` (with its query).
    /// - Parameter receiveBufferSize: shrinks the kernel's receive buffer, to play a slow reader.
    /// - Parameter headers: raw header lines to add; one starting with `Host:` replaces the usual Host.
    public init(
        host: String = "127.0.0.1",
        port: Int,
        path: String = "/ws",
        origin: String? = nil,
        timeout: Double = 5,
        receiveBufferSize: Int32? = nil,
        headers: [String] = []
    ) throws {
        socket = try TCPConnection.open(host: host, port: port, receiveBufferSize: receiveBufferSize)
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        var request = "GET \(path) HTTP/1.1\r\n" + headerBlock(host: "\(host):\(port)", headers, sendsHost: true)
        request += "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { request += "Origin: \(origin)\r\n" }
        request += "\r\n"
        try sendRaw(Array(request.utf8))
        let terminator: [UInt8] = [13, 10, 13, 10]
        let deadline = Self.now() + timeout
        while true {
            if let end = buffer.firstRange(of: terminator) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<end.upperBound)
                guard head.hasPrefix("HTTP/1.1 101") else {
                    disconnect()
                    throw Failure.handshake(String(head.prefix(80)))
                }
                return
            }
            guard try fill(until: deadline) else {
                disconnect()
                throw Failure.handshake("closed before the response")
            }
        }
    }

    // A throwing init still runs deinit (every stored property was set), so every path that closes
    // the socket also forgets it: closing a number twice would close whatever socket reused it.
    deinit {
        if socket >= 0 { Glibc.close(socket) }
    }

    /// Sends a masked text message.
    public func send(_ text: String) throws {
        try sendFrame(opcode: WebSocketFrame.text, payload: Array(text.utf8))
    }

    /// Sends one frame, masked unless told otherwise.
    public func sendFrame(opcode: UInt8, payload: [UInt8], isFinal: Bool = true, isMasked: Bool = true) throws {
        maskSeed = maskSeed &* 1_664_525 &+ 1_013_904_223
        try sendFrame(opcode: opcode, payload: payload, isFinal: isFinal, mask: isMasked ? maskSeed : nil)
    }

    private func sendFrame(opcode: UInt8, payload: [UInt8], isFinal: Bool, mask maskBits: UInt32?) throws {
        try sendRaw(WebSocketFrame.encode(opcode: opcode, payload: payload, isFinal: isFinal, mask: maskBits))
    }

    /// Sends many text messages in one write, so they reach the server at the same moment however
    /// slowly this process runs.
    public func sendBurst(_ texts: [String]) throws {
        var bytes: [UInt8] = []
        for text in texts {
            maskSeed = maskSeed &* 1_664_525 &+ 1_013_904_223
            bytes += WebSocketFrame.encode(
                opcode: WebSocketFrame.text,
                payload: Array(text.utf8),
                isFinal: true,
                mask: maskSeed
            )
        }
        try sendRaw(bytes)
    }

    /// Sends bytes as they are.
    public func sendRaw(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure.closed }
            offset += sent
        }
    }

    /// The next data or close message; pings are answered on the way.
    public func receive(timeout: Double = 5) throws -> Message {
        let deadline = Self.now() + timeout
        var fragments: [UInt8] = []
        var fragmentOpcode: UInt8 = 0
        while true {
            guard let (isFinal, opcode, payload) = try nextFrame(until: deadline) else { throw Failure.timeout }
            switch opcode {
            case WebSocketFrame.ping:
                // A fixed mask, so the receiving thread never touches the sender's state.
                try sendFrame(opcode: WebSocketFrame.pong, payload: payload, isFinal: true, mask: 0x5A5A_5A5A)
            case WebSocketFrame.pong:
                continue
            case WebSocketFrame.close:
                let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
                let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
                return .close(code: code, reason: reason)
            default:
                if opcode != 0 { fragmentOpcode = opcode }
                fragments += payload
                guard isFinal else { continue }
                return fragmentOpcode == WebSocketFrame.binary
                    ? .binary(fragments) : .text(String(decoding: fragments, as: UTF8.self))
            }
        }
    }

    /// Sends a close frame and closes the socket.
    public func close(code: UInt16 = 1000) {
        try? sendFrame(opcode: WebSocketFrame.close, payload: [UInt8(code >> 8), UInt8(code & 0xFF)])
        disconnect()
    }

    /// Drops the TCP connection without a close handshake.
    public func disconnect() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    private func nextFrame(until deadline: Double) throws -> (Bool, UInt8, [UInt8])? {
        while true {
            if let header = buffer.withUnsafeBufferPointer(WebSocketFrame.Header.init(parsing:)),
                buffer.count >= header.frameLength
            {
                let payload = Array(buffer[header.length..<header.frameLength])
                buffer.removeSubrange(..<header.frameLength)
                return (header.isFinal, header.opcode, payload)
            }
            guard try fill(until: deadline) else { throw Failure.closed }
            if Self.now() > deadline { return nil }
        }
    }

    /// Reads what is available; false when the peer closed. Returns true with nothing read on timeout.
    private func fill(until deadline: Double) throws -> Bool {
        let remaining = max(0, deadline - Self.now())
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(remaining * 1000))
        guard ready > 0 else {
            if Self.now() >= deadline { throw Failure.timeout }
            return true
        }
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
