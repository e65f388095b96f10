import Foundation
import PreviewTesting
import Testing
import WebSocketTestClient

/// Runs the built `carousel-preview` executable, which sits next to the test bundle.
struct Command {
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("carousel-preview").path

    let process = Process()
    let output = Pipe()
    let errors = Pipe()

    init(_ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads standard output until a line contains `text`.
    func waitForOutput(containing text: String) -> String {
        var seen = ""
        while !seen.contains(text) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            seen += String(decoding: data, as: UTF8.self)
        }
        return seen
    }

    func finish() -> (status: Int32, errors: String) {
        process.waitUntilExit()
        return (
            process.terminationStatus,
            String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        )
    }
}

@Suite("The carousel-preview command")
struct CommandTests {
    @Test(
        "serve --port 0 prints the URL; SIGTERM closes every WebSocket with 1001 and exits 0",
        arguments: [SIGTERM, SIGINT]
    )
    func serveAndStop(signal: Int32) throws {
        let command = try Command(["serve", "--port", "0", "--public", publicDirectory])
        let banner = command.waitForOutput(containing: "/ws")
        let port = try #require(banner.firstMatch(of: /listening on port (\d+)/).map { Int($0.1)! })
        #expect(banner.contains("http://127.0.0.1:\(port)/"))
        let viewer = try WebSocketClient(port: port)
        guard case .text = try viewer.receive() else { Issue.record("no welcome"); return }
        kill(command.process.processIdentifier, signal)
        var close: WebSocketClient.Message?
        while close == nil {
            if case .close(let code, let reason) = try viewer.receive() { close = .close(code: code, reason: reason) }
        }
        #expect(close == .close(code: 1001, reason: "server shutting down"))
        #expect(command.finish().status == 0)
    }

    @Test("it listens on the given address only")
    func bindsOneAddress() throws {
        let server = try LiveServer()
        let hexPort = String(format: "%04X", server.port)
        let ipv4 = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let ipv6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
        // State 0A is LISTEN; 0100007F is 127.0.0.1.
        let listeners = (ipv4 + ipv6).split(separator: "\n").filter {
            $0.contains(":\(hexPort) ") && $0.contains(" 0A ")
        }
        #expect(listeners.count == 1)
        #expect(listeners.first?.contains("0100007F:\(hexPort)") == true)
    }

    @Test(
        "bad options fail with one clear line and a non-zero status",
        arguments: [
            (["serve", "--port", "70000"], "--port"), (["serve", "--fps", "0"], "--fps"),
            (["serve", "--public", "/nonexistent"], "--public"), (["serve", "--bogus"], "--bogus"),
            (["serve", "--log-level", "loud"], "--log-level"), (["serve", "--items", "/nonexistent.json"], "--items"),
        ]
    )
    func badOptions(arguments: [String], mention: String) throws {
        let command = try Command(arguments)
        let (status, errors) = command.finish()
        #expect(status != 0)
        #expect(errors.contains(mention), "\(errors)")
    }

    @Test("an unusable port fails with one clear line")
    func portInUse() throws {
        let server = try LiveServer()
        let command = try Command(["serve", "--port", "\(server.port)", "--public", publicDirectory])
        let (status, errors) = command.finish()
        #expect(status == 1)
        #expect(errors.contains("cannot listen on 127.0.0.1:\(server.port)"))
        #expect(errors.split(separator: "\n").filter { $0.contains("error") }.count == 1)
    }

    @Test("--items serves a custom catalog")
    func customItems() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("items-\(UUID().uuidString).json")
        try Data("[{\"id\":\"one\",\"title\":\"One\"},{\"id\":\"two\",\"title\":\"Two\"}]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let command = try Command(["serve", "--port", "0", "--public", publicDirectory, "--items", file.path])
        let port = try #require(
            command.waitForOutput(containing: "/ws").firstMatch(of: /port (\d+)/).map { Int($0.1)! }
        )
        let viewer = try TestViewer(WebSocketClient(port: port))
        let welcome = try viewer.next()
        #expect((welcome["items"] as? [[String: Any]])?.map { $0["title"] as! String } == ["One", "Two"])
        command.process.terminate()
        #expect(command.finish().status == 0)
    }
}

@Suite("The carousel-preview command: exposure warning")
struct ExposureWarningTests {
    @Test("--host 0.0.0.0 must be explicit and prints a warning that the preview is reachable from the network")
    func warnsOnAllInterfaces() throws {
        let command = try Command(["serve", "--host", "0.0.0.0", "--port", "0", "--public", publicDirectory])
        _ = command.waitForOutput(containing: "/ws")
        command.process.terminate()
        let (status, errors) = command.finish()
        #expect(status == 0)
        #expect(errors.contains("warning: listening on 0.0.0.0: the preview is reachable from the network"))
    }
}
