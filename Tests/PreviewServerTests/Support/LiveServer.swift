import Foundation
import Logging
import PreviewProtocol
import PreviewServer
import PreviewTesting
import Testing
import WebSocketTestClient

/// The repository's `public/` directory, found from this file's path.
let publicDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("public").path

/// The carousel-preview program built beside the tests, which the server runs renders in: the
/// test process is not carousel-preview, so its own program cannot be the worker.
let builtExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    .deletingLastPathComponent().appendingPathComponent("carousel-preview").path

/// A real server on a free port, stopped when the test releases it.
final class LiveServer {
    let server: PreviewServer
    let port: Int

    init(fps: Int = 60, configure: (inout ServerOptions) -> Void = { _ in }) throws {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        var options = ServerOptions(port: 0, publicDirectory: publicDirectory, framesPerSecond: fps)
        options.renderWorkerExecutable = builtExecutable
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
        try TestViewer(
            LiveConnection(WebSocketClient(port: port, path: query.isEmpty ? "/ws" : "/ws?\(query)")),
            server: self
        )
    }
}

/// A real WebSocket as a `TestConnection`.
final class LiveConnection: TestConnection {
    let client: WebSocketClient

    init(_ client: WebSocketClient) {
        self.client = client
    }

    func send(_ text: String) throws {
        try client.send(text)
    }

    func receive(timeout: Double) throws -> TestConnectionEvent {
        switch try client.receive(timeout: timeout) {
        case .text(let text): .text(text)
        case .binary(let bytes): throw ViewerError.unexpected("a binary message of \(bytes.count) bytes")
        case .close(let code, let reason): .close(code: code, reason: reason)
        }
    }

    func close() {
        client.close()
    }
}

extension TestViewer {
    convenience init(_ client: WebSocketClient) {
        self.init(LiveConnection(client))
    }

    /// The real socket under a live viewer, for what only a socket can do (raw frames, vanishing).
    var socket: WebSocketClient { (connection as! LiveConnection).client }
}

extension LiveServer: TestServer {}

/// Where a scenario runs: the hub in-process with stepped time, or a real server on a real socket.
enum Backend: String, CaseIterable, CustomTestStringConvertible {
    case inProcess, live

    var testDescription: String { rawValue }

    func start() throws -> any TestServer {
        switch self {
        case .inProcess: InProcessServer()
        case .live: try LiveServer()
        }
    }
}
