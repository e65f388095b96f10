import ArgumentParser
import Foundation
import PreviewProtocol
import PreviewRecording
import PreviewRender
import PreviewServer
import PreviewWire

/// `carousel-preview render RECORDING --out motion.webp`: a recording drawn as an animated image,
/// without a browser: the session every 20 ms with its items' images and captions and the recorded
/// finger, as WebP or GIF by the name's extension.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a recording as an animated WebP or GIF (50 pictures a second, the finger as a ghost).",
        discussion:
            "The recording runs again headless; a picture is the session every fifth 4 ms engine step (20 ms), from the recording's start to its last step, at most \(Film.maximumFrames) pictures, each item in the session's template, image fit, corners and direction. Items' images are read from --public (SVG and PNG), and uploads (media: images, which a recording does not carry) from a settings file given with --config; an item whose image is not there is drawn in a colour with its caption. Exit status: 0 when written, 2 when the recording or the settings file cannot be read or drawn within the limits."
    )

    @Argument(help: "A recording saved from the page or a record message.")
    var recording: String

    @Option(help: "The file to write: .webp or .gif.")
    var out: String

    @Option(help: "Pixels a point, \(FilmRenderer.scales.lowerBound) to \(FilmRenderer.scales.upperBound).")
    var scale = 2

    @Option(name: .customLong("public"), help: "The page's directory, where the items' images are.")
    var publicDirectory = ServerOptions.standard.publicDirectory

    @Option(
        name: .customLong("config"),
        help: "A settings file with images (the page's Download settings; serve --config): the uploads its items show."
    )
    var settingsFile: String?

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
        let settings = settingsFile.map(Self.settings)
        let publicDirectory = publicDirectory
        var missingUploads: Set<String> = []
        let animation: RenderedAnimation
        do throws(RenderError) {
            animation = try FilmRenderer.render(film, as: AnimationFormat(fileName: out)!, scale: scale) { image in
                guard image.hasPrefix(ItemImageAddress.uploadScheme) else {
                    return ItemImagePaths.bytes(of: image, publicDirectory: publicDirectory)
                }
                let bytes = settings?.uploadedImage(named: image)
                if bytes == nil { missingUploads.insert(image) }
                return bytes
            }
        } catch {
            Self.fail("\(recording): \(error)")
        }
        if !missingUploads.isEmpty {
            let source =
                settingsFile.map { "not in \($0)" } ?? "not given: use --config with the session's settings file"
            FileHandle.standardError.write(
                Data(
                    "note: \(missingUploads.count) uploaded image(s) the items show, \(source); drawn in their colours\n"
                        .utf8
                )
            )
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

    /// The settings file at `path`, read as strictly as `serve --config` reads one.
    private static func settings(_ path: String) -> PreviewSettings {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            fail("--config \(path) cannot be read as UTF-8 text")
        }
        do throws(SettingsError) {
            return try PreviewSettings(text: text)
        } catch {
            fail("--config \(path): \(error)")
        }
    }

    private static func decimal(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }

    private static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("error: \(reason)\n".utf8))
        Foundation.exit(2)
    }
}
