import WebSocketTestClient

#if canImport(Glibc)
import Glibc
#endif

/// One WebSocket viewer on a non-blocking socket, driven by an `EventLoop`: it completes the
/// handshake, answers pings, and hands each complete text message to the scenario.
final class ViewerConnection {
    enum State: Equatable {
        case handshaking
        case open
        case closed(String)
    }

    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    let socket: Int32
    private(set) var state = State.handshaking
    /// Pings the server sent and this viewer answered.
    private(set) var pingsAnswered = 0
    private var inbound: [UInt8] = []
    /// Bytes of `inbound` already handled; compacted away once enough pile up.
    private var consumed = 0
    /// A fragmented message's payload so far (the server does not fragment, but may).
    private var fragments: [UInt8] = []
    private var maskSeed: UInt32

    init(port: Int, path: String, seed: UInt32) throws {
        socket = try TCPConnection.open(host: "127.0.0.1", port: port)
        maskSeed = seed | 1
        var noDelay: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
        inbound.reserveCapacity(16 * 1024)
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        write(Array(request.utf8))
    }

    deinit {
        close(socket)
    }

    /// Sends a masked text message.
    func send(text: String) {
        maskSeed = maskSeed &* 1_664_525 &+ 1_013_904_223
        write(WebSocketFrame.encode(opcode: WebSocketFrame.text, payload: Array(text.utf8), mask: maskSeed))
    }

    /// Reads what the socket has into `scratch`, then calls `message` with each complete text
    /// message's bytes (valid only during the call).
    func readAvailable(scratch: UnsafeMutableRawBufferPointer, message: (UnsafeBufferPointer<UInt8>) -> Void) {
        if case .closed = state { return }
        let count = recv(socket, scratch.baseAddress, scratch.count, 0)
        if count == 0 { return fail("the server closed the connection") }
        if count < 0 {
            if errno != EAGAIN && errno != EINTR { fail("recv errno \(errno)") }
            return
        }
        inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
        if state == .handshaking { finishHandshake() }
        if state == .open { handleFrames(message: message) }
        if consumed == inbound.count {
            inbound.removeAll(keepingCapacity: true)
            consumed = 0
        } else if consumed > 64 * 1024 {
            inbound.removeFirst(consumed)
            consumed = 0
        }
    }

    private func finishHandshake() {
        guard let end = inbound[consumed...].firstRange(of: Self.headerEnd) else { return }
        let head = String(decoding: inbound[consumed..<end.lowerBound], as: UTF8.self)
        guard head.hasPrefix("HTTP/1.1 101") else { return fail("handshake refused: \(head.prefix(60))") }
        consumed = end.upperBound
        state = .open
    }

    private func handleFrames(message: (UnsafeBufferPointer<UInt8>) -> Void) {
        while case .open = state {
            let frame: (WebSocketFrame.Header, Range<Int>)? = inbound.withUnsafeBufferPointer { bytes in
                let rest = UnsafeBufferPointer(rebasing: bytes[consumed...])
                guard let header = WebSocketFrame.Header(parsing: rest), rest.count >= header.frameLength else {
                    return nil
                }
                return (header, (consumed + header.length)..<(consumed + header.frameLength))
            }
            guard let (header, payload) = frame else { return }
            consumed += header.frameLength
            switch header.opcode {
            case WebSocketFrame.ping:
                pingsAnswered += 1
                write(
                    WebSocketFrame.encode(
                        opcode: WebSocketFrame.pong,
                        payload: Array(inbound[payload]),
                        mask: 0x5A5A_5A5A
                    )
                )
            case WebSocketFrame.close:
                fail("the server sent close")
            case WebSocketFrame.pong:
                continue
            default:
                if header.isFinal && fragments.isEmpty {
                    if header.opcode == WebSocketFrame.text {
                        inbound.withUnsafeBufferPointer { message(UnsafeBufferPointer(rebasing: $0[payload])) }
                    }
                } else {
                    fragments += inbound[payload]
                    if header.isFinal {
                        fragments.withUnsafeBufferPointer(message)
                        fragments.removeAll()
                    }
                }
            }
        }
    }

    /// Writes all of `bytes`, waiting briefly for room: the messages are small, so the kernel's
    /// buffer almost always takes them at once.
    private func write(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EAGAIN {
                var descriptor = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
                guard Glibc.poll(&descriptor, 1, 1000) > 0 else { return fail("send timed out") }
            } else {
                return fail("send errno \(errno)")
            }
        }
    }

    private func fail(_ reason: String) {
        if case .closed = state { return }
        state = .closed(reason)
    }
}
