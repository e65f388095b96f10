#if canImport(Glibc)
import Glibc
#endif

/// A bare HTTP/1.1 GET for tests, with `Connection: close`, so no HTTP client is needed.
public enum HTTPGet {
    /// Fetches `path` and returns the status code, the raw header block and the body.
    /// `headers`: raw header lines to add; one starting with `Host:` replaces the usual Host, and
    /// `sendsHost: false` sends none at all; `method` is GET unless given.
    public static func fetch(
        host: String = "127.0.0.1",
        port: Int,
        path: String,
        headers: [String] = [],
        sendsHost: Bool = true,
        method: String = "GET"
    ) throws -> (status: Int, headers: String, body: String) {
        let (status, head, body) = try fetchBytes(
            host: host,
            port: port,
            path: path,
            headers: headers,
            sendsHost: sendsHost,
            method: method
        )
        return (status, head, String(decoding: body, as: UTF8.self))
    }

    /// `fetch`, with the body as the bytes that came (an image's).
    public static func fetchBytes(
        host: String = "127.0.0.1",
        port: Int,
        path: String,
        headers: [String] = [],
        sendsHost: Bool = true,
        method: String = "GET"
    ) throws -> (status: Int, headers: String, body: [UInt8]) {
        let socket = try TCPConnection.open(host: host, port: port)
        defer { Glibc.close(socket) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array(
            ("\(method) \(path) HTTP/1.1\r\n" + headerBlock(host: "\(host):\(port)", headers, sendsHost: sendsHost)
                + "Connection: close\r\n\r\n").utf8
        )
        _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response += chunk[..<count]
        }
        let split = headEnd(response)
        let headers = String(decoding: response[..<split], as: UTF8.self)
        let status = Int(headers.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, headers, Array(response[min(response.count, split + 4)...]))
    }

    /// Where the head ends: the first blank line.
    private static func headEnd(_ bytes: [UInt8]) -> Int {
        var at = 0
        while at + 3 < bytes.count {
            if bytes[at] == 13, bytes[at + 1] == 10, bytes[at + 2] == 13, bytes[at + 3] == 10 { return at }
            at += 1
        }
        return bytes.count
    }
}

/// `Host` (unless one of `headers` is a Host or `sendsHost` is false) and `headers`, each ending in CRLF.
func headerBlock(host: String, _ headers: [String], sendsHost: Bool) -> String {
    let hasHost = headers.contains { $0.lowercased().hasPrefix("host:") }
    let hostLine = sendsHost && !hasHost ? "Host: \(host)\r\n" : ""
    return hostLine + headers.map { "\($0)\r\n" }.joined()
}
