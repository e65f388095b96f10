import Foundation
import Logging
import PreviewProtocol
import PreviewServer
import Testing
import WebSocketTestClient

/// The repository's `public/` directory, found from this file's path.
let publicDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("public").path

/// A real server on a free port, stopped when the test releases it.
final class LiveServer {
    let server: PreviewServer
    let port: Int

    init(fps: Int = 60, configure: (inout ServerOptions) -> Void = { _ in }) throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var options = ServerOptions(port: 0, publicDirectory: publicDirectory, framesPerSecond: fps)
        configure(&options)
        server = PreviewServer(options: options, logger: logger)
        port = try server.start()
    }

    deinit {
        server.stop()
        server.waitUntilStopped()
    }

    /// Connects a viewer with `query` (without the leading `?`).
    func connect(_ query: String = "") throws -> TestViewer {
        try TestViewer(WebSocketClient(port: port, path: query.isEmpty ? "/ws" : "/ws?\(query)"))
    }
}

/// A connected client that speaks protocol v1 in JSON dictionaries.
final class TestViewer {
    let socket: WebSocketClient
    /// Every text message received, in order.
    private(set) var received: [String] = []

    init(_ socket: WebSocketClient) {
        self.socket = socket
    }

    func send(_ message: [String: Any]) throws {
        try socket.send(
            String(decoding: try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys]), as: UTF8.self)
        )
    }

    /// The next text message as JSON; fails on a close or a timeout.
    func next(timeout: Double = 5) throws -> [String: Any] {
        switch try socket.receive(timeout: timeout) {
        case .text(let text):
            received.append(text)
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        case let other:
            throw ViewerError.unexpected("\(other)")
        }
    }

    /// Skips messages until one of `type` arrives.
    func next(_ type: String, timeout: Double = 5) throws -> [String: Any] {
        while true {
            let message = try next(timeout: timeout)
            if message["type"] as? String == type { return message }
        }
    }

    /// The raw text of the last message received.
    var lastText: String { received.last ?? "" }

    /// Sends `message` and returns the frame it produced (manual clock: exactly one per input).
    @discardableResult
    func input(_ message: [String: Any]) throws -> [String: Any] {
        try send(message)
        return try next("frame")
    }

    /// Advances a manual session in 16 ms steps until it is idle; returns the frames.
    func runUntilIdle(limit: Int = 200) throws -> [[String: Any]] {
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
    func handshake() throws -> (welcome: [String: Any], frame: [String: Any]) {
        let welcome = try next()
        let frame = try next()
        _ = try next("viewers")
        return (welcome, frame)
    }

    /// Asserts that nothing arrives for `seconds`.
    func expectSilence(for seconds: Double) throws -> Bool {
        do {
            _ = try socket.receive(timeout: seconds)
            return false
        } catch WebSocketClient.Failure.timeout {
            return true
        }
    }
}

enum ViewerError: Error {
    case unexpected(String)
}

/// The events of a frame, as `type:index` strings.
func events(_ frame: [String: Any]) -> [String] {
    (frame["events"] as? [[String: Any]] ?? []).map { "\($0["type"]!):\($0["index"]!)" }
}
