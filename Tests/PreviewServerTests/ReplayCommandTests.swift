import Foundation
import Testing

/// The committed recordings of live sessions on a real server, and the frames their first viewer
/// received while they were recorded: `two-viewers` (version 1: two viewers dragging in turn, then a
/// command) and `checkpoint-drag` (version 2, made by `record_live.py` beside it: a flick caught
/// mid-flight by another viewer, a spacing change while it moves, then Next).
enum RecordingFixture {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings")
    static let recording = directory.appendingPathComponent("two-viewers.recording.json").path
    static let frames = directory.appendingPathComponent("two-viewers.frames.jsonl").path
    static let all = ["two-viewers", "checkpoint-drag"].map { name in
        (
            recording: directory.appendingPathComponent("\(name).recording.json").path,
            frames: directory.appendingPathComponent("\(name).frames.jsonl").path
        )
    }
}

@Suite("carousel-preview replay: headless, byte-identical, a regression test for CI")
struct ReplayCommandTests {
    /// Runs `carousel-preview` to the end; returns its status and both outputs.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Command.executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: printed, as: UTF8.self),
            String(decoding: complaints, as: UTF8.self)
        )
    }

    static func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(
        "each committed recording (versions 1 and 2) replays, twice, to exactly the frames its viewer received",
        arguments: RecordingFixture.all.indices
    )
    func committedRecording(index: Int) throws {
        let (recording, frames) = RecordingFixture.all[index]
        let first = try Self.run(["replay", recording])
        let second = try Self.run(["replay", recording])
        #expect(first.status == 0 && first.errors.isEmpty)
        #expect(first.output == second.output)
        #expect(first.output == (try String(contentsOfFile: frames, encoding: .utf8)))
        #expect(first.output.split(separator: "\n").count > 40)
        let checked = try Self.run(["replay", recording, "--expect", frames])
        #expect(checked.status == 0 && checked.output.isEmpty && checked.errors.isEmpty)
    }

    @Test("the version-2 fixture begins at a checkpoint, catches a flick mid-flight and reconfigures mid-motion")
    func versionTwoFixture() throws {
        let text = try String(contentsOfFile: RecordingFixture.all[1].recording, encoding: .utf8)
        #expect(text.contains(#""version":2"#) && text.contains(#""checkpoint":{"#))
        #expect(text.contains(#""pointer":["down""#) && text.contains(#""type":"configure""#))
        let frames = try String(contentsOfFile: RecordingFixture.all[1].frames, encoding: .utf8)
        #expect(frames.contains(#""type":"interrupted""#))
    }

    @Test("--expect on a changed frame exits 1 naming the frame and the field")
    func changedFrame() throws {
        var lines = try String(contentsOfFile: RecordingFixture.frames, encoding: .utf8).split(separator: "\n").map(
            String.init
        )
        let index = lines.firstIndex { $0.contains(#""phase":"animating""#) }!
        let seq = lines[index].firstMatch(of: /"seq":(\d+)/)!.1
        lines[index] = lines[index].replacingOccurrences(of: #""phase":"animating""#, with: #""phase":"idle""#)
        let changed = try Self.temporaryFile(lines.joined(separator: "\n") + "\n")
        let result = try Self.run(["replay", RecordingFixture.recording, "--expect", changed])
        #expect(result.status == 1)
        #expect(
            result.errors.contains("frame \(index + 1) (seq \(seq)): phase is \"animating\", expected \"idle\""),
            "\(result.errors)"
        )
        let shorter = try Self.temporaryFile(lines.dropLast().joined(separator: "\n"))
        let short = try Self.run(["replay", RecordingFixture.recording, "--expect", shorter])
        #expect(short.status == 1)
    }

    @Test(
        "a recording that cannot be read exits 2 with one line saying why",
        arguments: [
            ("truncated", "not valid JSON"),
            ("unknown version", "unknown version 3"),
            ("invalid step", "step 5: an invalid message"),
            ("missing", "cannot be read"),
        ]
    )
    func unreadable(kind: String, reason: String) throws {
        let text = try String(contentsOfFile: RecordingFixture.recording, encoding: .utf8)
        let path: String
        switch kind {
        case "truncated": path = try Self.temporaryFile(String(text.prefix(text.count / 2)))
        case "unknown version":
            path = try Self.temporaryFile(text.replacingOccurrences(of: #""version":1"#, with: #""version":3"#))
        case "invalid step":
            var document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            var steps = document["steps"] as! [[String: Any]]
            steps[5] = ["atNs": steps[5]["atNs"]!, "client": 1, "message": ["type": "pointer", "phase": "sideways"]]
            document["steps"] = steps
            path = try Self.temporaryFile(
                String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
            )
        default: path = "/nonexistent/recording.json"
        }
        let result = try Self.run(["replay", path])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errors.hasPrefix("error: ") && result.errors.contains(reason), "\(result.errors)")
        #expect(result.errors.split(separator: "\n").count == 1)
    }
}
