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
        let text = String(decoding: response, as: UTF8.self)
        let parts = text.components(separatedBy: "\r\n\r\n")
        let headers = parts.first ?? ""
        let status = Int(headers.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, headers, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

/// `Host` (unless one of `headers` is a Host or `sendsHost` is false) and `headers`, each ending in CRLF.
func headerBlock(host: String, _ headers: [String], sendsHost: Bool) -> String {
    let hasHost = headers.contains { $0.lowercased().hasPrefix("host:") }
    let hostLine = sendsHost && !hasHost ? "Host: \(host)\r\n" : ""
    return hostLine + headers.map { "\($0)\r\n" }.joined()
}

extension String {
    fileprivate func components(separatedBy separator: String) -> [String] {
        var result: [String] = []
        var rest = Substring(self)
        while let range = rest.firstRange(of: separator) {
            result.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        result.append(String(rest))
        return result
    }
}
