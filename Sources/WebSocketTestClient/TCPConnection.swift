#if canImport(Glibc)
import Glibc
#endif

/// Opens a TCP connection to an IPv4 address; the caller owns (and closes) the descriptor.
public enum TCPConnection {
    /// - Parameter receiveBufferSize: shrinks the kernel's receive buffer before connecting.
    public static func open(host: String, port: Int, receiveBufferSize: Int32? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw WebSocketClient.Failure.connect("socket()") }
        if var size = receiveBufferSize {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        inet_pton(AF_INET, host, &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(socket)
            throw WebSocketClient.Failure.connect("connect() errno \(code)")
        }
        return socket
    }
}
