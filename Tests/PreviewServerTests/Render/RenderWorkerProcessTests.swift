import Foundation
import PreviewProtocol
import Testing

@testable import PreviewServer

/// Real processes through `WorkerProcess`: the limits a render worker sets itself, a CPU-time limit
/// as the kernel enforces it, a deadline, and output past its cap.
@Suite("Worker processes: real limits, real deadlines")
struct RenderWorkerProcessTests {
    @Test("the real render worker reports its film's limits, then the animation; its job read whole")
    func realWorker() throws {
        let recording = try String(
            contentsOf: URL(fileURLWithPath: publicDirectory).appendingPathComponent("corpus/double-flick.json"),
            encoding: .utf8
        )
        let job = RenderJob(format: .gif, maximumBytes: 8 << 20, images: [:], recording: recording)
        let worker = try WorkerProcess(
            executable: builtExecutable,
            arguments: ["render-worker", "--public", publicDirectory],
            environment: ["SWIFT_BACKTRACE=enable=no"]
        )
        let completion = worker.communicate(job.encoded, maximumOutput: 16 << 20) { _ in .now + .seconds(60) }
        #expect(completion.ending == .exited(0), "\(completion.errorText)")
        let reports = try RenderReport.reports(in: completion.output)
        guard case .film(let pictures, let width, let height, let limits)? = reports.first,
            case .made(let animation)? = reports.last
        else {
            Issue.record("reports: \(reports)")
            return
        }
        #expect(limits == RenderLimits.drawing(pictures: pictures, pixels: width * height, maximumBytes: 8 << 20))
        #expect((animation.frames, animation.width, animation.height) == (pictures, width, height))
        #expect(animation.bytes.starts(with: Array("GIF89a".utf8)))
    }

    @Test("a process past its CPU-time limit is ended by the kernel and judged so")
    func cpuLimit() throws {
        let worker = try WorkerProcess(
            executable: "/bin/sh",
            // A soft limit, as the render worker sets (its hard limit a second later): SIGXCPU.
            arguments: ["-c", "ulimit -S -t 1; while :; do :; done"],
            environment: []
        )
        let completion = worker.communicate([], maximumOutput: 1024) { _ in .now + .seconds(30) }
        #expect(completion.ending == .signalled(SIGXCPU))
        #expect(completion.cpuTime >= .milliseconds(500))
        let limits = RenderLimits(addressSpaceBytes: 1 << 30, cpuSeconds: 1, wall: .seconds(10))
        guard case .failure(let refusal) = RenderWorker.judge(completion, limits: limits) else {
            Issue.record("judged a success")
            return
        }
        #expect(refusal.message.contains("CPU-time limit of 1 s"))
    }

    @Test(
        "a process past its deadline is killed; one writing past its cap is killed; input it never reads does not block"
    )
    func deadlineAndCap() throws {
        let sleeper = try WorkerProcess(executable: "/bin/sh", arguments: ["-c", "exec sleep 30"], environment: [])
        let clock = ContinuousClock()
        let start = clock.now
        // 4 MiB of input the process never reads: the pipe fills, the wait goes on to the deadline.
        let slept = sleeper.communicate(Array(repeating: 7, count: 4 << 20), maximumOutput: 1024) { _ in
            start + .milliseconds(300)
        }
        #expect(slept.passedDeadline)
        #expect(slept.ending == .signalled(SIGKILL))
        #expect(clock.now - start < .seconds(5))
        let writer = try WorkerProcess(executable: "/bin/sh", arguments: ["-c", "yes"], environment: [])
        let wrote = writer.communicate([], maximumOutput: 100_000) { _ in .now + .seconds(30) }
        #expect(wrote.wroteTooMuch)
        #expect(wrote.output.count > 100_000 && wrote.output.count < 100_000 + 65_536 + 1)
        #expect(throws: RenderWorkerError.self) {
            _ = try WorkerProcess(executable: "/nonexistent/worker", arguments: [], environment: [])
        }
    }
}
