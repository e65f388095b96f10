import Foundation
import PreviewTesting
import Testing
import WebSocketTestClient

@Suite("serve --config FILE: new sessions start from a settings file, or the server does not start")
struct ConfigOptionTests {
    static func settings(_ config: String, version: Int = 1, itemCount: String = "7") -> String {
        #"{"format":"carousel-preview/settings","version":\#(version),"config":\#(config),"itemCount":\#(itemCount)}"#
    }

    @Test(
        "a file that cannot be used stops serve before it listens: status 2, one line naming the file and the fault",
        arguments: [
            ("not JSON", "{\"format\":", "not JSON"),
            ("another format", #"{"format":"carousel-preview/recording","version":1}"#, #""format" must be"#),
            ("version 2", settings(#"{"preset":"strip"}"#, version: 2), #""version" must be 1"#),
            (
                "out of range", settings(#"{"preset":"strip","spacing":-3}"#),
                "config.spacing must be between 0 and 10000"
            ),
            ("no items", settings(#"{"preset":"strip"}"#, itemCount: "0"), #""itemCount" is 0"#),
            ("missing", "", "cannot be read"),
        ]
    )
    func refusesBadFiles(kind: String, text: String, reason: String) throws {
        let path =
            kind == "missing" ? "/nonexistent/settings.json" : try ReplayCommandTests.temporaryFile(text)
        let result = try ReplayCommandTests.run(["serve", "--port", "0", "--public", publicDirectory, "--config", path])
        #expect(result.status == 2, "\(kind)")
        #expect(result.output.isEmpty, "\(kind): it printed \(result.output)")
        #expect(result.errors.hasPrefix("error: --config \(path): "), "\(kind): \(result.errors)")
        #expect(result.errors.contains(reason), "\(kind): \(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1, "\(kind): \(result.errors)")
    }

    @Test("--config is in serve's help")
    func help() throws {
        let result = try ReplayCommandTests.run(["serve", "--help"])
        #expect(result.output.contains("--config <file>"))
    }

    @Test("a session on a --config server starts as the file says, and its recording replays to the same frames")
    func sessionAndReplay() throws {
        let file = try ReplayCommandTests.temporaryFile(Self.settings(#"{"preset":"strip","spacing":12}"#))
        let command = try Command(
            [
                "serve", "--port", "0", "--public", publicDirectory, "--config", file, "--ready-json", "--log-level",
                "error",
            ]
        )
        defer {
            kill(command.process.processIdentifier, SIGTERM)
            _ = command.finish()
        }
        let ready = command.waitForOutput(containing: "\n")
        let port = try #require(ready.firstMatch(of: /"port":(\d+)/).map { Int($0.1)! })
        let viewer = TestViewer(try WebSocketClient(port: port, path: "/ws?session=c&clock=manual"))
        let welcome = try viewer.handshake().welcome
        let config = try #require(welcome["config"] as? [String: Any])
        #expect(config["preset"] as? String == "strip" && config["spacing"] as? Double == 12)
        #expect((welcome["items"] as? [Any])?.count == 7)

        try viewer.send(["type": "record", "action": "start"])
        _ = try viewer.next("record")
        for (phase, x, t) in [("down", 300.0, 0.0), ("move", 200, 16), ("up", 150, 32)] {
            try viewer.input(["type": "pointer", "phase": phase, "x": x, "y": 90, "t": t])
            try viewer.input(["type": "advance", "ms": 16])
        }
        _ = try viewer.runUntilIdle()
        try viewer.send(["type": "record", "action": "stop"])
        _ = try viewer.next("recording")
        // `{"type":"recording","recording":{...}}`: the recording is the text a viewer saves.
        let wrapper = #"{"type":"recording","recording":"#
        #expect(viewer.lastText.hasPrefix(wrapper))
        let recording = String(viewer.lastText.dropFirst(wrapper.count).dropLast())
        _ = try viewer.next("record")
        let texts = viewer.received
        let started = try #require(texts.lastIndex { $0.contains(#""type":"record","state":"started""#) })
        let stopped = try #require(texts.lastIndex { $0.contains(#""type":"record","state":"stopped""#) })
        let frames = texts[started..<stopped].filter { $0.hasPrefix(#"{"type":"frame""#) }
        #expect(recording.contains(#""preset":"strip","config":{"spacing":12}"#))

        let saved = try ReplayCommandTests.temporaryFile(recording)
        let replayed = try ReplayCommandTests.run(["replay", saved])
        #expect(replayed.status == 0 && replayed.errors.isEmpty, "\(replayed.errors)")
        #expect(replayed.output == frames.joined(separator: "\n") + "\n")
        #expect(frames.count > 6)
    }
}
