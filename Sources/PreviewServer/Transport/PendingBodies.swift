/// The HTTP bodies being written from memory, a part each time their socket drains: an uploaded
/// image of a few megabytes never goes to lws at once, since lws would buffer whatever the socket
/// does not take, for as long as a client declines to read. Pure and generic over the socket handle.
struct PendingBodies<Socket: Hashable> {
    /// The most bodies written at once; past it a request is answered 503.
    static var maximumCount: Int { 64 }
    /// The most bytes written in one part.
    static var partBytes: Int { 64 * 1024 }

    private var bodies: [Socket: (bytes: [UInt8], sent: Int)] = [:]

    var isFull: Bool { bodies.count >= Self.maximumCount }

    func isWriting(_ socket: Socket) -> Bool { bodies[socket] != nil }

    mutating func start(_ bytes: [UInt8], on socket: Socket) {
        bodies[socket] = (bytes, 0)
    }

    /// The next part for `socket`, and whether it is the last; the body is forgotten with its last part.
    mutating func nextPart(for socket: Socket) -> (part: ArraySlice<UInt8>, isLast: Bool)? {
        guard let (bytes, sent) = bodies[socket] else { return nil }
        let end = min(bytes.count, sent + Self.partBytes)
        let isLast = end == bytes.count
        bodies[socket] = isLast ? nil : (bytes, end)
        return (bytes[sent..<end], isLast)
    }

    mutating func forget(_ socket: Socket) {
        bodies[socket] = nil
    }
}
