import ArgumentParser
import Foundation
import PreviewProtocol
import PreviewRender
import PreviewServer

/// `carousel-preview render RECORDING --out motion.webp`: a recording drawn as an animated image,
/// without a browser: the session every 20 ms with its items' images and captions and the recorded
/// finger, as WebP or GIF by the name's extension.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a recording as an animated WebP or GIF (50 pictures a second, the finger as a ghost).",
        discussion:
            "The recording runs again headless; a picture is the session every fifth 4 ms engine step (20 ms), from the recording's start to its last step, at most \(Film.maximumFrames) pictures. Items' images are read from --public (SVG and PNG); an item whose image is not there (an upload) is drawn in a colour with its caption. Exit status: 0 when written, 2 when the recording cannot be read or drawn within the limits."
    )

    @Argument(help: "A recording saved from the page or a record message.")
    var recording: String

    @Option(help: "The file to write: .webp or .gif.")
    var out: String

    @Option(help: "Pixels a point, \(FilmRenderer.scales.lowerBound) to \(FilmRenderer.scales.upperBound).")
    var scale = 2

    @Option(name: .customLong("public"), help: "The page's directory, where the items' images are.")
    var publicDirectory = ServerOptions.standard.publicDirectory

    func validate() throws {
        guard AnimationFormat(fileName: out) != nil else {
            throw ValidationError("--out must end in .webp or .gif: \(out)")
        }
        guard FilmRenderer.scales.contains(scale) else {
            throw ValidationError(
                "--scale must be \(FilmRenderer.scales.lowerBound) to \(FilmRenderer.scales.upperBound), not \(scale)"
            )
        }
    }

    func run() throws {
        let clock = ContinuousClock()
        let began = clock.now
        guard let data = FileManager.default.contents(atPath: recording) else {
            Self.fail("\(recording) cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else { Self.fail("\(recording) is not UTF-8 text") }
        let film: Film
        do throws(RecordingError) {
            film = try Film(recording: Recording(text: text))
        } catch {
            Self.fail("\(recording): \(error)")
        }
        let publicDirectory = publicDirectory
        let animation: RenderedAnimation
        do throws(RenderError) {
            animation = try FilmRenderer.render(film, as: AnimationFormat(fileName: out)!, scale: scale) { image in
                ItemImagePaths.bytes(of: image, publicDirectory: publicDirectory)
            }
        } catch {
            Self.fail("\(recording): \(error)")
        }
        guard FileManager.default.createFile(atPath: out, contents: Data(animation.bytes)) else {
            Self.fail("\(out) cannot be written")
        }
        let took = (clock.now - began) / .milliseconds(1)
        let seconds = Double(animation.frames) * Film.frameInterval.milliseconds / 1000
        print(
            "wrote \(out): \(animation.frames) pictures (\(Self.decimal(seconds, 2)) s at 50 a second), "
                + "\(animation.width) x \(animation.height) px, \(Self.decimal(Double(animation.bytes.count) / 1024, 1)) KiB, "
                + "in \(Self.decimal(took, 0)) ms (\(Self.decimal(took / Double(animation.frames), 2)) ms a picture)"
        )
    }

    private static func decimal(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    private static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("error: \(reason)\n".utf8))
        Foundation.exit(2)
    }
}
