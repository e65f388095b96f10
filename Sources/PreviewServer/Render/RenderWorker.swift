import Foundation
import PreviewProtocol
import Synchronization

/// Draws recordings for the page's "Download as animation" in worker processes (`carousel-preview
/// render-worker`), each watched by a thread of its own: the hub's `RenderLine` hands over one at a
/// time, so a render never spends the event loop's time, and whatever the drawing libraries do
/// with a viewer's image (panic, loop, swallow memory) ends the worker, never the server. A worker
/// that ends without an animation costs its requester a `render_failed` that names why. The loop
/// is woken when an outcome is ready, and takes it with `takeFinished`.
final class RenderWorker: RenderQueue {
    private struct State {
        var finished: [RenderOutcome] = []
        var wake: (@Sendable () -> Void)?
        /// The workers drawing now, by ticket.
        var running: [Int: WorkerProcess] = [:]
        /// Tickets cancelled before their worker started.
        var cancelled: Set<Int> = []
    }

    private let publicDirectory: String
    private let executable: String
    private let maximumBytes: Int
    private let state = Mutex(State())

    /// Items' images not uploaded to the session are read from `publicDirectory`, as the page's
    /// are; `executable` is carousel-preview itself; an animation past `maximumBytes` is not made.
    init(publicDirectory: String, executable: String, maximumBytes: Int) {
        self.publicDirectory = publicDirectory
        self.executable = executable
        self.maximumBytes = maximumBytes
    }

    /// What wakes the event loop when an outcome is ready (safe from any thread).
    func setWake(_ wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
    }

    func submit(_ request: RenderRequest) {
        let thread = Thread { [self] in
            let result = draw(request)
            let wake = state.withLock { state in
                state.running[request.ticket] = nil
                state.cancelled.remove(request.ticket)
                state.finished.append(RenderOutcome(request: request, result: result))
                return state.wake
            }
            wake?()
        }
        thread.name = "carousel-preview.render"
        thread.start()
    }

    func cancel(ticket: Int) {
        state.withLock { state in
            if let worker = state.running[ticket] {
                worker.kill()
            } else {
                state.cancelled.insert(ticket)
            }
        }
    }

    func takeFinished() -> [RenderOutcome] {
        state.withLock { state in
            defer { state.finished = [] }
            return state.finished
        }
    }

    /// A worker's command line after the executable's name.
    static func arguments(publicDirectory: String) -> [String] {
        ["render-worker", "--public", publicDirectory]
    }

    /// A worker's whole environment. One malloc arena: each thread's own would reserve 64 MiB of
    /// the address space limit. No Swift backtrace: a crash's words are the library's panic, not
    /// pages of frames.
    static let environment = ["MALLOC_ARENA_MAX=1", "LANG=C.UTF-8", "SWIFT_BACKTRACE=enable=no"]

    /// The request drawn by a worker process, or why not.
    private func draw(_ request: RenderRequest) -> Result<RenderedAnimation, RenderRefusal> {
        let job = RenderJob(
            format: request.format,
            maximumBytes: maximumBytes,
            images: request.images,
            recording: request.recordingText
        )
        let worker: WorkerProcess
        do throws(RenderWorkerError) {
            worker = try WorkerProcess(
                executable: executable,
                arguments: Self.arguments(publicDirectory: publicDirectory),
                environment: Self.environment
            )
        } catch {
            return .failure(RenderRefusal(.renderFailed, "the server could not start a render worker: \(error)"))
        }
        let isCancelled = state.withLock { state in
            state.running[request.ticket] = worker
            return state.cancelled.contains(request.ticket)
        }
        if isCancelled { worker.kill() }
        return Self.outcome(of: worker, doing: job)
    }

    /// Runs `job` on `worker` under the reading limits, then the film's, and reads the ending.
    static func outcome(of worker: WorkerProcess, doing job: RenderJob) -> Result<RenderedAnimation, RenderRefusal> {
        let (completion, limits) = run(job, on: worker)
        return judge(completion, limits: limits)
    }

    /// Runs `job` on `worker` to its ending, held to the reading limits' deadline until the worker
    /// reports its film, then to the film's; the ending and the limits it was held to. Apart from
    /// `outcome` so that the render fuzzer can judge the ending itself as well as through `judge`.
    static func run(_ job: RenderJob, on worker: WorkerProcess) -> (WorkerProcess.Completion, RenderLimits) {
        let started = ContinuousClock.now
        var limits = RenderLimits.reading
        var knowsFilm = false
        let completion = worker.communicate(job.encoded, maximumOutput: job.maximumBytes + 65536) { output in
            // The first report is the film, with its limits: from then on the deadline is the film's.
            if !knowsFilm, let reports = try? RenderReport.reports(in: output),
                case .film(_, _, _, let filmLimits)? = reports.first
            {
                knowsFilm = true
                limits = RenderLimits(
                    addressSpaceBytes: filmLimits.addressSpaceBytes,
                    cpuSeconds: min(filmLimits.cpuSeconds, RenderLimits.longestCPU),
                    wall: RenderLimits.reading.wall + min(filmLimits.wall, RenderLimits.longestWall)
                )
            }
            return started + limits.wall
        }
        return (completion, limits)
    }

    /// What a library said as it panicked (librsvg: `thread '…' panicked at 'WHAT', FILE`), without
    /// the build's paths: the requester learns what broke, not how the server is built.
    static func panic(in errorText: String) -> String? {
        for line in errorText.split(separator: "\n") {
            if let start = line.range(of: "panicked at '"), let end = line[start.upperBound...].range(of: "',") {
                return "a drawing library panicked: " + String(line[start.upperBound..<end.lowerBound].prefix(120))
            }
            if line.hasPrefix("Fatal error:") { return String(line.prefix(160)) }
        }
        return nil
    }

    /// What a finished worker's ending means for its requester.
    static func judge(
        _ completion: WorkerProcess.Completion,
        limits: RenderLimits
    ) -> Result<RenderedAnimation, RenderRefusal> {
        func failed(_ why: String) -> Result<RenderedAnimation, RenderRefusal> {
            .failure(RenderRefusal(.renderFailed, "the animation could not be drawn: \(why); nothing else was touched"))
        }
        if completion.wasKilled { return failed("it was stopped (its viewer left)") }
        if completion.passedDeadline { return failed("the render passed its wall-time limit of \(limits.wallText)") }
        if completion.wroteTooMuch { return failed("the animation grew past the largest file a session keeps") }
        let reports = (try? RenderReport.reports(in: completion.output)) ?? []
        if completion.ending == .exited(0), let last = reports.last {
            switch last {
            case .made(let animation): return .success(animation)
            case .refused(let refusal): return .failure(refusal)
            case .film: break
            }
        }
        let words = completion.errorText
        if completion.ending == .signalled(SIGXCPU)
            || completion.ending == .signalled(SIGKILL)
                && completion.cpuTime >= .seconds(limits.cpuSeconds)
        {
            return failed("the render passed its CPU-time limit of \(limits.cpuText)")
        }
        if ["memory allocation of", "out of memory", "Cannot allocate memory", "bad_alloc"].contains(
            where: words.contains
        ) {
            return failed("the render passed its memory limit of \(limits.addressSpaceText)")
        }
        let said = Self.panic(in: words).map { ": \($0)" } ?? ""
        switch completion.ending {
        case .signalled(let signal):
            return failed("the render worker crashed (signal \(signal)) drawing an image\(said)")
        case .exited(let status):
            return failed("the render worker ended with status \(status)\(said)")
        }
    }
}
