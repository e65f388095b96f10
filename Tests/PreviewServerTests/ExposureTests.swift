import Foundation
import PreviewProtocol
import PreviewTesting
import Testing
import WebSocketTestClient

@testable import PreviewServer

@Suite("Exposure: static files, origins, limits, dead peers")
struct ExposureTests {
    /// A throwaway public directory with a file of each type, a subdirectory, and symlinks out.
    static func makePublicDirectory() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("public-\(UUID().uuidString)")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("sub"), withIntermediateDirectories: true)
        for name in ["index.html", "app.mjs", "logo.svg", "data.json", "app.js.map", "photo.webp", "sub/page.html"] {
            try Data("content of \(name)".utf8).write(to: root.appendingPathComponent(name))
        }
        let secret = manager.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString).txt")
        try Data("secret".utf8).write(to: secret)
        try manager.createSymbolicLink(at: root.appendingPathComponent("leak.txt"), withDestinationURL: secret)
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("etc"),
            withDestinationURL: URL(fileURLWithPath: "/etc")
        )
        try manager.createSymbolicLink(
            at: root.appendingPathComponent("inside.html"),
            withDestinationURL: root.appendingPathComponent("index.html")
        )
        return root
    }

    @Test("only regular files inside public/ are served, with their types; the rest is a small 404")
    func staticFiles() throws {
        let root = try Self.makePublicDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try LiveServer { $0.publicDirectory = root.path }
        let types = [
            "/": "text/html", "/app.mjs": "text/javascript", "/logo.svg": "image/svg+xml",
            "/data.json": "application/json",
            "/app.js.map": "application/json", "/photo.webp": "image/webp", "/sub/page.html": "text/html",
            "/inside.html": "text/html",
        ]
        for (path, type) in types {
            let response = try HTTPGet.fetch(port: server.port, path: path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers.lowercased().contains("content-type: \(type)"), "\(path): \(response.headers)")
        }
        for path in [
            "/leak.txt", "/etc/hostname", "/etc/passwd", "/../Package.swift", "/%2e%2e/Package.swift",
            "/%2E%2E/%2e%2e/etc/passwd", "//etc/passwd", "/sub/..%2f..%2fetc/passwd", "/sub\\..\\index.html",
            "/sub/", "/sub", "/missing.txt",
        ] {
            let response = try HTTPGet.fetch(port: server.port, path: path)
            #expect(response.status == 404, "\(path) answered \(response.status)")
            #expect(!response.body.contains("secret") && !response.body.contains("root:"), "\(path)")
            #expect(response.body.count < 200, "\(path)")
        }
    }

    @Test("GET /healthz answers 200 ok")
    func health() throws {
        let server = try LiveServer()
        let response = try HTTPGet.fetch(port: server.port, path: "/healthz")
        #expect(response.status == 200 && response.body == "ok")
    }

    @Test("browsers from other origins are refused; the same origin, allowed origins and no origin connect")
    func origins() throws {
        let server = try LiveServer { $0.allowedOrigins = ["http://allowed.test:3000"] }
        let port = server.port
        // Refused with an answer, not a dropped socket, so a proxy in front does not take the worker for dead.
        do {
            _ = try WebSocketClient(port: port, origin: "http://evil.test")
            Issue.record("a foreign origin was accepted")
        } catch {
            #expect("\(error)".contains("403 Forbidden"), "\(error)")
        }
        do {
            _ = try WebSocketClient(port: port, path: "/elsewhere", origin: "http://127.0.0.1:\(port)")
            Issue.record("a WebSocket off /ws was accepted")
        } catch {
            #expect("\(error)".contains("404"), "\(error)")
        }
        #expect(throws: WebSocketClient.Failure.self) {
            try WebSocketClient(port: port, origin: "http://127.0.0.1:\(port + 1)")
        }
        #expect(throws: WebSocketClient.Failure.self) { try WebSocketClient(port: port, origin: "null") }
        for origin in ["http://127.0.0.1:\(port)", "http://allowed.test:3000", nil] {
            let viewer = try TestViewer(WebSocketClient(port: port, origin: origin))
            #expect(try viewer.next()["type"] as? String == "welcome", "\(origin ?? "no origin")")
        }
    }

    @Test("over the connection and session limits the upgrade is refused with a clear reason; others carry on")
    func limits() throws {
        let server = try LiveServer {
            $0.maximumConnections = 3
            $0.maximumSessions = 2
        }
        let first = try server.connect("session=a")
        try first.handshake()
        let second = try server.connect("session=b")
        try second.handshake()
        let thirdSession = try server.connect("session=c")
        let refusal = try thirdSession.next()
        #expect(
            refusal["code"] as? String == "server_full"
                && (refusal["message"] as? String)?.contains("2 sessions") == true
        )
        #expect(try thirdSession.socket.receive() == .close(code: 1013, reason: "server full"))
        let third = try server.connect("session=a")
        try third.handshake()
        let fourth = try server.connect("session=a")
        let full = try fourth.next()
        #expect(
            full["code"] as? String == "server_full" && (full["message"] as? String)?.contains("3 connections") == true
        )
        try first.send(["type": "ping", "id": 1])
        #expect(try first.next("pong")["id"] as? Int == 1)
    }

    @Test("a peer that vanishes without a close is dropped by the ping timeout and its gesture cancelled")
    func deadPeer() throws {
        let server = try LiveServer { $0.pingTimeout = 2 }
        let ghost = try server.connect("session=ghost")
        try ghost.handshake()
        let watcher = try server.connect("session=ghost")
        try watcher.handshake()
        try ghost.send(["type": "pointer", "phase": "down", "x": 200, "y": 50, "t": 0])
        try ghost.send(["type": "pointer", "phase": "move", "x": 100, "y": 50, "t": 16])
        // From here on the ghost reads nothing, so it never answers the server's pings. The watcher
        // waits for the event (a viewer count of 1); the timing itself is tested with stepped time.
        var phases: [String] = []
        while true {
            let message = try watcher.next(timeout: 10)
            if message["type"] as? String == "viewers", message["count"] as? Int == 1 { break }
            if let phase = message["phase"] as? String { phases.append(phase) }
        }
        #expect(phases.last == "animating")
        var last: [String: Any] = [:]
        while last["phase"] as? String != "idle" { last = try watcher.next("frame") }
        #expect(last["index"] as? Int == 0)
        withExtendedLifetime(ghost) {}
    }

    @Test(
        "300 connections that come and go, a third vanishing mid-gesture without a close frame: every session is reaped"
    )
    func churn() throws {
        // Memory across 10,000 such cycles is measured by `make soak`, against a release server.
        let server = try LiveServer { $0.sessionLinger = .zero }
        for cycle in 0..<300 {
            let client = try WebSocketClient(port: server.port, path: "/ws?session=churn-\(cycle % 30)")
            guard case .text = try client.receive() else { throw ViewerError.unexpected("no welcome") }
            if cycle % 3 == 0 {
                try client.send(#"{"type":"pointer","phase":"down","x":100,"y":10,"t":0}"#)
                client.disconnect()
            } else {
                client.close()
            }
        }
        // Nothing announces a session's end to a client, so the count is polled (the real sockets
        // closing are the point here; the linger itself is tested with stepped time).
        for _ in 0..<500 where server.server.sessionCount != 0 { usleep(10_000) }
        #expect(server.server.sessionCount == 0)
        let viewer = try server.connect("session=after-churn")
        #expect(try viewer.next()["type"] as? String == "welcome")
    }
}

@Suite("Behind a balancer: a worker names itself")
struct WorkerNameTests {
    @Test("--worker is named in every welcome and in /stats; a server alone says null")
    func named() throws {
        let named = try LiveServer { $0.worker = "w2" }
        let viewer = try named.connect("session=which")
        let (welcome, _) = try viewer.handshake()
        #expect(welcome["worker"] as? String == "w2")
        let stats = try HTTPGet.fetch(port: named.port, path: "/stats")
        #expect(stats.body.contains(#""worker":"w2""#), "\(stats.body)")

        let alone = try LiveServer()
        let (aloneWelcome, _) = try alone.connect("session=which").handshake()
        #expect(aloneWelcome["worker"] is NSNull)
        #expect(try HTTPGet.fetch(port: alone.port, path: "/stats").body.contains(#""worker":null"#))
    }
}
