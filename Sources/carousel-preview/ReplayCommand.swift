import ArgumentParser
import Foundation
import PreviewProtocol
import PreviewRecording

/// `carousel-preview replay FILE`: runs a recording in-process, with no network, and prints the
/// frames its session sent, one JSON line each; or, with `--expect`, compares them with a file.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a recording headless and print its frames as JSON lines (or compare them with --expect).",
        discussion:
            "Exit status: 0 when the frames were printed or equal the expected ones, 1 when they differ, 2 when the recording (or the expected file) cannot be read."
    )

    @Argument(help: "A recording saved from the page or a record message.")
    var file: String

    @Option(help: "A file of expected frames, one JSON line each: compare instead of printing.")
    var expect: String?

    func run() throws {
        let frames = Self.replay(file)
        guard let expect else {
            var output = frames.joined(separator: "\n")
            if !output.isEmpty { output += "\n" }
            FileHandle.standardOutput.write(Data(output.utf8))
            return
        }
        let expected = Self.read(expect).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if let difference = FrameComparison.firstDifference(expected: expected, actual: frames) {
            FileHandle.standardError.write(Data("\(expect): \(difference)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The recording's frames, or exit 2 naming the file and the reason.
    private static func replay(_ path: String) -> [String] {
        let result = Result { () throws(RecordingError) -> [String] in
            try Replay.frames(of: Recording(text: read(path)))
        }
        switch result {
        case .success(let frames): return frames
        case .failure(let error): fail("\(path): \(error)")
        }
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { fail("\(path) cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8 text") }
        return text
    }

    private static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("error: \(reason)\n".utf8))
        Foundation.exit(2)
    }
}
