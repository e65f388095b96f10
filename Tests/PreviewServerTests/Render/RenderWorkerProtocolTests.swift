import Foundation
import PreviewProtocol
import Testing

@testable import PreviewServer

/// The server and its render workers: the job and the reports round-trip, a worker's every ending
/// is told to the requester as what it was, and the limits follow from the film.
@Suite("Render workers: the job, the reports, and what an ending means")
struct RenderWorkerProtocolTests {
    @Test("a job and every report read back as written, whatever bytes the images and recording hold")
    func roundTrips() throws {
        let job = RenderJob(
            format: .gif,
            maximumBytes: 8 * 1024 * 1024,
            images: ["media:" + String(repeating: "a", count: 64): [0, 10, 255, 0x0A], "media:b": []],
            recording: "{\"steps\":\n[]}\nformat 3\n"
        )
        #expect(try RenderJob(decoding: job.encoded) == job)
        let reports: [RenderReport] = [
            .film(
                pictures: 59,
                width: 750,
                height: 360,
                limits: RenderLimits.drawing(pictures: 59, pixels: 270_000, maximumBytes: 8)
            ),
            .refused(RenderRefusal(.invalidValue, "the recording cannot be drawn: not valid JSON at byte 0")),
            .made(RenderedAnimation(bytes: Array("GIF89a\n;".utf8), format: .gif, frames: 3, width: 2, height: 1)),
        ]
        #expect(try RenderReport.reports(in: reports.flatMap(\.encoded)) == reports)
        // Cut anywhere: the whole reports before the cut, never a wrong one.
        let bytes = reports.flatMap(\.encoded)
        for cut in 0..<bytes.count {
            let read = try RenderReport.reports(in: Array(bytes[..<cut]))
            #expect(read == Array(reports.prefix(read.count)), "cut at \(cut)")
        }
        #expect(throws: RenderWorkerError.self) { try RenderJob(decoding: Array("format 3\ngif".utf8)) }
        #expect(throws: RenderWorkerError.self) { try RenderJob(decoding: Array("format 99\ngif".utf8)) }
    }

    @Test("a recording that is not one is refused by the worker's reading, as the hub once did")
    func unreadable() {
        let job = RenderJob(format: .webp, maximumBytes: 1024, images: [:], recording: "not json")
        var started = false
        let report = RenderJobRunner.draw(job, publicDirectory: publicDirectory) { _ in started = true }
        guard case .refused(let refusal) = report else {
            Issue.record("drawn: \(report)")
            return
        }
        #expect(refusal.code == .invalidValue)
        #expect(refusal.message.hasPrefix("the recording cannot be drawn: not valid JSON"))
        #expect(!started, "no film, so no limits reported")
    }

    static func completion(
        _ ending: WorkerProcess.Completion.Ending,
        output: [UInt8] = [],
        errors: String = "",
        cpu: Duration = .seconds(1),
        deadline: Bool = false,
        killed: Bool = false
    ) -> WorkerProcess.Completion {
        WorkerProcess.Completion(
            ending: ending,
            output: output,
            errorText: errors,
            passedDeadline: deadline,
            wroteTooMuch: false,
            wasKilled: killed,
            cpuTime: cpu
        )
    }

    static func message(_ result: Result<RenderedAnimation, RenderRefusal>) -> String {
        guard case .failure(let refusal) = result else { return "made" }
        #expect(refusal.code == .renderFailed || refusal.code == .invalidValue)
        return refusal.message
    }

    @Test("each ending names what it was: a panic (without the build's paths), CPU time, memory, the wall, a kill")
    func endings() throws {
        let limits = RenderLimits.drawing(pictures: 59, pixels: 270_000, maximumBytes: 8 * 1024 * 1024)
        let panic = """
            thread '<unnamed>' panicked at 'Data storage buffer dimension mismatch.', /build/reproducible-path/librsvg-2.54.7+dfsg/vendor/nalgebra/src/base/vec_storage.rs:89:9
            note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
            fatal runtime error: failed to initiate panic, error 5
            """
        let panicked = Self.message(
            RenderWorker.judge(Self.completion(.signalled(SIGABRT), errors: panic), limits: limits)
        )
        #expect(panicked.contains("crashed (signal 6)"))
        #expect(panicked.contains("a drawing library panicked: Data storage buffer dimension mismatch."))
        #expect(!panicked.contains("/build/"))
        let cpu = Self.message(
            RenderWorker.judge(Self.completion(.signalled(SIGXCPU), cpu: .seconds(4)), limits: limits)
        )
        #expect(cpu.contains("passed its CPU-time limit of \(limits.cpuSeconds) s"))
        let memory = Self.message(
            RenderWorker.judge(
                Self.completion(.signalled(SIGABRT), errors: "memory allocation of 1024000000 bytes failed\n"),
                limits: limits
            )
        )
        #expect(memory.contains("passed its memory limit of \(limits.addressSpaceBytes / 1_048_576) MiB"))
        let wall = Self.message(
            RenderWorker.judge(Self.completion(.signalled(SIGKILL), deadline: true), limits: limits)
        )
        #expect(wall.contains("wall-time limit of \(limits.cpuSeconds * 2 + 5) s"))
        let killed = Self.message(
            RenderWorker.judge(Self.completion(.signalled(SIGKILL), killed: true), limits: limits)
        )
        #expect(killed.contains("stopped"))
        let made = RenderedAnimation(bytes: [1, 2], format: .webp, frames: 1, width: 1, height: 1)
        let output =
            RenderReport.film(pictures: 1, width: 1, height: 1, limits: limits).encoded
            + RenderReport.made(made).encoded
        #expect(try RenderWorker.judge(Self.completion(.exited(0), output: output), limits: limits).get() == made)
        // A worker that reported its film, then died without a word: a crash, not a success.
        let cut = RenderReport.film(pictures: 1, width: 1, height: 1, limits: limits).encoded
        #expect(
            Self.message(RenderWorker.judge(Self.completion(.signalled(SIGSEGV), output: cut), limits: limits))
                .contains("signal 11")
        )
    }

    @Test("limits follow from the film: more pictures or pixels, more time and memory; the largest film's cap")
    func limits() {
        let small = RenderLimits.drawing(pictures: 59, pixels: 270_000, maximumBytes: 8 << 20)
        let large = RenderLimits.drawing(pictures: 3000, pixels: 1_200_000, maximumBytes: 8 << 20)
        #expect(small.cpuSeconds == 4)
        #expect(large.cpuSeconds == 219)
        #expect(small.addressSpaceBytes < large.addressSpaceBytes)
        #expect(large.addressSpaceBytes < 600 << 20)
        #expect(RenderLimits.longestCPU == 219)
        #expect(small.wall == .seconds(13))
    }
}
