import CarouselABI
import Foundation
import PreviewProtocol
import PreviewRecording
import Testing

@Suite("The page's WebAssembly engine draws every committed recording's frames, byte for byte")
struct WasmRecordingTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/recordings")

    /// Every recording committed beside the tests (`*.recording.json`).
    static let recordings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".recording.json") }.sorted()
    }()

    /// What the session of the committed recording `name` went through, as the module's calls.
    static func trace(of name: String) throws -> EngineTrace {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return try Replay.engineTrace(of: try Recording(text: text))
    }

    @Test("the recordings are there to test")
    func recordingsAreThere() {
        #expect(Self.recordings.count >= 2, "found \(Self.recordings) in \(Self.directory.path)")
    }

    @Test(
        "the calls the recording's session engine went through give the module its frames, and the host the same",
        arguments: recordings
    )
    func recording(name: String) throws {
        let trace = try Self.trace(of: name)
        #expect(trace.gap == nil, "\(name): \(trace.gap ?? "")")
        var native = EngineHost()
        let module = try WasmEngine()
        var frameIndex = 0
        for (index, call) in trace.calls.enumerated() {
            let expected = call.run(on: &native)
            let actual = try call.run(on: module)
            try #require(
                expected == actual,
                "\(name): call \(index) \(call) gave \(actual.status) in wasm, \(expected.status) natively"
            )
            guard case .frame = call else { continue }
            try #require(
                actual.bytes == trace.frames[frameIndex],
                "\(name): frame \(frameIndex) (call \(index)) is not the session's"
            )
            frameIndex += 1
        }
        #expect(frameIndex > 50, "\(name): only \(frameIndex) frames")
        print("WasmRecordingTests: \(name): \(trace.calls.count) calls, \(frameIndex) frames the same bytes")
    }

    @Test(
        "the same calls as batches between frames (what a session streams) give the module the same frames",
        arguments: recordings
    )
    func recordingInBatches(name: String) throws {
        let trace = try Self.trace(of: name)
        let module = try WasmEngine()
        var batch: [EngineCall] = []
        var frameIndex = 0
        for call in trace.calls {
            guard case .frame = call else {
                batch.append(call)
                continue
            }
            let status = try module.send(EngineCallBatch.encode(batch), to: "cp_run")
            try #require(status >= 0, "\(name): the batch before frame \(frameIndex) was refused (\(status))")
            batch = []
            let length = try module.call("cp_frame")
            try #require(try module.outbox(length) == trace.frames[frameIndex], "\(name): frame \(frameIndex)")
            frameIndex += 1
        }
        #expect(frameIndex == trace.frames.count)
    }
}
