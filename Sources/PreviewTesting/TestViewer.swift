import Foundation

/// A connected client that speaks protocol v1 in JSON dictionaries, over any `TestConnection`.
public final class TestViewer {
    public let connection: any TestConnection
    /// Every text message received, in order.
    public private(set) var received: [String] = []
    private var nextBarrier = 900_000
    /// The server, kept alive as long as one of its viewers is.
    private let server: AnyObject?

    public init(_ connection: any TestConnection, server: AnyObject? = nil) {
        self.connection = connection
        self.server = server
    }

    public func send(_ message: [String: Any]) throws {
        let data = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        try connection.send(String(decoding: data, as: UTF8.self))
    }

    /// The next text message as JSON; fails on a close, or when nothing comes.
    public func next(timeout: Double = 5) throws -> [String: Any] {
        switch try connection.receive(timeout: timeout) {
        case .text(let text):
            received.append(text)
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
                throw ViewerError.unexpected("not a JSON object: \(text)")
            }
            return object
        case let other:
            throw ViewerError.unexpected("\(other)")
        }
    }

    /// Skips messages until one of `type` arrives.
    public func next(_ type: String, timeout: Double = 5) throws -> [String: Any] {
        while true {
            let message = try next(timeout: timeout)
            if message["type"] as? String == type { return message }
        }
    }

    /// The raw text of the last message received.
    public var lastText: String { received.last ?? "" }

    /// Sends `message` and returns the frame it produced (manual clock: exactly one per input).
    @discardableResult
    public func input(_ message: [String: Any]) throws -> [String: Any] {
        try send(message)
        return try next("frame")
    }

    /// Advances a manual session in 16 ms steps until it is idle; returns the frames.
    public func runUntilIdle(limit: Int = 200) throws -> [[String: Any]] {
        var frames: [[String: Any]] = []
        for _ in 0..<limit {
            let frame = try input(["type": "advance", "ms": 16])
            frames.append(frame)
            if frame["phase"] as? String == "idle" { break }
        }
        return frames
    }

    /// Consumes the welcome, the first frame and the viewers count of a fresh connection.
    @discardableResult
    public func handshake() throws -> (welcome: [String: Any], frame: [String: Any]) {
        let welcome = try next()
        let frame = try next()
        _ = try next("viewers")
        return (welcome, frame)
    }

    /// Whether nothing was waiting for this viewer: a ping's pong comes back first. The server
    /// answers in order, so this is a barrier, not a timed wait for silence.
    public func isQuiet() throws -> Bool {
        nextBarrier += 1
        let id = nextBarrier
        try send(["type": "ping", "id": id])
        let reply = try next()
        return reply["type"] as? String == "pong" && reply["id"] as? Int == id
    }
}

/// The events of a frame, as `type:index` strings.
public func events(_ frame: [String: Any]) -> [String] {
    (frame["events"] as? [[String: Any]] ?? []).map { "\($0["type"]!):\($0["index"]!)" }
}
