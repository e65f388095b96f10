import PreviewProtocol
import PreviewRender

/// What a render worker may spend: address space, CPU time and wall time. A worker starts under
/// `reading` (reading the recording and running it headless, whatever it holds within the
/// recording limits); once its film is known it lowers them to what that film needs, and tells
/// the server, which kills it at the wall deadline. docs/protocol/security.md states these.
struct RenderLimits: Equatable, Sendable {
    var addressSpaceBytes: Int
    var cpuSeconds: Int
    var wall: Duration

    static let mebibyte = 1024 * 1024

    /// Reading and running the recording: one of 200,000 steps (13.3 MB, refused for its 200 s of
    /// pictures) took 1.9 s and 165 MiB of RSS here; the runtime and libraries map about 180 MiB of
    /// address space before anything is read.
    static let reading = RenderLimits(addressSpaceBytes: 1024 * mebibyte, cpuSeconds: 20, wall: .seconds(40))

    /// Drawing a film of `pictures` pictures of `pixels` pixels each, into a file of at most
    /// `maximumBytes`: 384 MiB for the runtime, the libraries and the film, a picture's bytes for
    /// each of the images kept decoded (`ImageShelf`) and the canvas and encoder's frames, twice
    /// the file; 3 s and 60 ns a pixel of CPU (about twice what drawing and encoding measured
    /// here); wall time twice the CPU time and 5 s (the machine is shared).
    static func drawing(pictures: Int, pixels: Int, maximumBytes: Int) -> RenderLimits {
        let pictureBytes = 4 * pixels
        let addressSpace = 384 * mebibyte + (FilmRenderer.maximumDecodedImages + 8) * pictureBytes + 2 * maximumBytes
        let cpu = 3 + Int((Double(pictures) * Double(pixels) * 60e-9).rounded(.up))
        return RenderLimits(addressSpaceBytes: addressSpace, cpuSeconds: cpu, wall: .seconds(2 * cpu + 5))
    }

    /// The most any film may need (a minute of pictures at the most pixels): a worker that reports
    /// more is held to these.
    static let longestCPU = drawing(pictures: 3000, pixels: FilmRenderer.maximumPixels, maximumBytes: 0).cpuSeconds
    static let longestWall = drawing(pictures: 3000, pixels: FilmRenderer.maximumPixels, maximumBytes: 0).wall

    /// The limits in words, for a refusal that names the one a worker passed.
    var addressSpaceText: String { "\(addressSpaceBytes / Self.mebibyte) MiB of memory" }
    var cpuText: String { "\(cpuSeconds) s of CPU time" }
    var wallText: String { "\(Int(wall / .seconds(1))) s" }
}
