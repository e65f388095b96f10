import Foundation
import PreviewMedia
import PreviewProtocol
import PreviewRecording
import PreviewRender

#if canImport(Glibc)
import Glibc
#endif

/// The render worker's side (`carousel-preview render-worker`): limits itself before it reads a
/// byte, reads one `RenderJob` from its standard input, runs the recording, lowers its limits to
/// what the film needs and says so, draws, and writes the animation or the reason there is none
/// as `RenderReport`s on its standard output. What librsvg or cairo do with a viewer's image ends
/// here: a panic or a limit kills this process, and the server answers its requester.
public enum RenderJobRunner {
    /// Pixels a point: a phone's retina, unless the picture would pass the renderer's limit.
    static let preferredScale = 2

    /// Runs one job; returns the exit status (0: a report was written, 2: the job was unreadable).
    public static func run(publicDirectory: String) -> Int32 {
        // The server's sockets are not ours to hold: a viewer's connection must close when the server closes it.
        closefrom(3)
        impose(RenderLimits.reading, cpuAlreadyUsed: 0)
        let maximumInput = RecordingLimits.bytes + 2 * MediaLimits().sessionBytes + 65536
        let job: RenderJob
        do throws(RenderWorkerError) {
            job = try RenderJob(decoding: readStandardInput(upTo: maximumInput))
        } catch {
            FileHandle.standardError.write(Data("render-worker: \(error)\n".utf8))
            return 2
        }
        let report = draw(job, publicDirectory: publicDirectory) { film in
            emit(film)
            if case .film(_, _, _, let limits) = film { impose(limits, cpuAlreadyUsed: cpuSecondsUsed()) }
        }
        emit(report)
        return 0
    }

    /// The job's recording run and drawn; `started` hears the film and its limits before drawing.
    static func draw(
        _ job: RenderJob,
        publicDirectory: String,
        started: (RenderReport) -> Void
    ) -> RenderReport {
        let film: Film
        do throws(RecordingError) {
            film = try Film(recording: Recording(text: job.recording))
        } catch {
            return .refused(RenderRefusal(.invalidValue, "the recording cannot be drawn: \(error)"))
        }
        let fits =
            film.width * film.height * Double(preferredScale * preferredScale) <= Double(FilmRenderer.maximumPixels)
        let scale = fits ? preferredScale : 1
        let (width, height) = (
            Int((film.width * Double(scale)).rounded(.up)), Int((film.height * Double(scale)).rounded(.up))
        )
        let limits = RenderLimits.drawing(
            pictures: film.frames.count,
            pixels: max(0, min(width * height, FilmRenderer.maximumPixels)),
            maximumBytes: job.maximumBytes
        )
        started(.film(pictures: film.frames.count, width: width, height: height, limits: limits))
        let images = job.images
        do throws(RenderError) {
            let animation = try FilmRenderer.render(film, as: job.format, scale: scale, maximumBytes: job.maximumBytes)
            {
                images[$0] ?? ItemImagePaths.bytes(of: $0, publicDirectory: publicDirectory)
            }
            return .made(animation)
        } catch {
            return .refused(RenderRefusal(.invalidValue, "the recording cannot be drawn: \(error)"))
        }
    }

    /// Address space and CPU time: past the first, allocations fail (librsvg and Swift then abort);
    /// at the CPU limit the kernel sends SIGXCPU, a second later SIGKILL.
    private static func impose(_ limits: RenderLimits, cpuAlreadyUsed: Int) {
        var memory = rlimit(rlim_cur: rlim_t(limits.addressSpaceBytes), rlim_max: rlim_t(limits.addressSpaceBytes))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        let seconds = rlim_t(cpuAlreadyUsed + limits.cpuSeconds)
        var cpu = rlimit(rlim_cur: seconds, rlim_max: seconds + 1)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpu)
    }

    private static func cpuSecondsUsed() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + 1
    }

    private static func readStandardInput(upTo limit: Int) throws(RenderWorkerError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(0, &chunk, chunk.count)
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw RenderWorkerError("the job cannot be read: \(String(cString: strerror(errno)))")
            }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw RenderWorkerError("the job is past \(limit) bytes") }
        }
    }

    private static func emit(_ report: RenderReport) {
        let bytes = report.encoded
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBufferPointer { write(1, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
