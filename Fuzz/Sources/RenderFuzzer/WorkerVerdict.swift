import Foundation
import PreviewHandover
import PreviewMedia
import PreviewProtocol
import PreviewRecording

@testable import PreviewServer

#if canImport(Glibc)
import Glibc
import PreviewWire
#endif

/// One job drawn by a real render worker, through the server's own code (`WorkerProcess`,
/// `RenderJob`, `RenderWorker.run` and `RenderWorker.judge`), and the ending judged twice: by the
/// server, and here against what an SVG the allow-list took may do. It may be drawn, or refused as
/// `invalid_value` (a recording the worker cannot film); anything else (a crash, a panic, a CPU,
/// memory or wall limit passed, a report missing or out of order) means the allow-list let through
/// something it should not, and is a finding: `fatalError`, so libFuzzer keeps the input.
enum WorkerVerdict {
    enum Ending {
        case made(frames: Int)
        case refused
    }

    /// Draws `job` and returns how it ended; traps on a finding, naming it.
    static func draw(_ job: RenderJob, executable: String) -> Ending {
        let worker: WorkerProcess
        do throws(RenderWorkerError) {
            worker = try WorkerProcess(
                executable: executable,
                arguments: RenderWorker.arguments(publicDirectory: FuzzSetup.publicDirectory),
                environment: RenderWorker.environment
            )
        } catch {
            // Not the SVG's doing (too many processes, a missing binary): stop, rather than save an input.
            FileHandle.standardError.write(Data("render-fuzz: no worker: \(error)\n".utf8))
            exit(70)
        }
        let (completion, limits) = RenderWorker.run(job, on: worker)
        let judged = RenderWorker.judge(completion, limits: limits)
        let reports = (try? RenderReport.reports(in: completion.output)) ?? []
        func finding(_ what: String) -> Never {
            fatalError(
                "render-fuzz finding: \(what); ending \(completion.ending), cpu \(completion.cpuTime), deadline passed "
                    + "\(completion.passedDeadline), wrote too much \(completion.wroteTooMuch); judged \(judged); "
                    + "reports \(reports.map(describe)); worker said: \(completion.errorText.suffix(1500))"
            )
        }
        if completion.passedDeadline { finding("the worker passed its wall-time deadline of \(limits.wallText)") }
        if completion.wroteTooMuch { finding("the worker wrote past the largest animation") }
        guard completion.ending == .exited(0) else { finding("the worker did not exit cleanly") }
        guard case .film(let pictures, let width, let height, _)? = reports.first else {
            finding("the worker's first report is not its film")
        }
        switch (reports.last, judged) {
        case (.made(let animation)?, .success(let drawn)):
            guard reports.count == 2, drawn == animation, animation.format == job.format,
                animation.frames == pictures, animation.width == width, animation.height == height,
                isAnimation(animation.bytes, format: job.format)
            else { finding("the animation made is not the film reported, or not a \(job.format.rawValue)") }
            return .made(frames: animation.frames)
        case (.refused(let refusal)?, .failure(let judgedRefusal)):
            guard reports.count == 2, refusal == judgedRefusal, refusal.code == .invalidValue else {
                finding("the worker refused otherwise than with invalid_value")
            }
            return .refused
        case (_, .success):
            finding("the server judged a success from an ending that is no animation")
        default:
            finding("the worker's reports end with neither an animation nor a refusal")
        }
    }

    /// Whether `bytes` begin as a file of `format` does.
    private static func isAnimation(_ bytes: [UInt8], format: AnimationFormat) -> Bool {
        switch format {
        case .gif: bytes.starts(with: Array("GIF89a".utf8))
        case .webp:
            bytes.count > 12 && bytes.starts(with: Array("RIFF".utf8)) && Array(bytes[8..<12]) == Array("WEBP".utf8)
        }
    }

    private static func describe(_ report: RenderReport) -> String {
        switch report {
        case .film(let pictures, let width, let height, let limits): "film \(pictures) x \(width)x\(height) \(limits)"
        case .made(let animation): "made \(animation.format.rawValue) \(animation.frames) \(animation.bytes.count) B"
        case .refused(let refusal): "refused \(refusal.code.rawValue): \(refusal.message)"
        }
    }
}
