import ArgumentParser
import CarouselCore
import Foundation
import PreviewHandover
import PreviewProtocol
import PreviewServer
import PreviewWire

extension ExportTarget: ExpressibleByArgument {}

/// `carousel-preview handover [SETTINGS]`: the carousel of a settings file (or a preset) as code
/// for each framework the page's Export panel offers: printed, or written into a folder.
struct HandoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "handover",
        abstract: "Write a tuned carousel as SwiftUI, UIKit, Compose, Flutter, Swiper, Embla or Splide code.",
        discussion:
            "Reads a settings file (the page's Download settings) or takes a preset, and prints one target's file or every target's, or writes each into --out with the items' images in its images/ folder. Exit status: 0 when written, 2 when the settings cannot be read or an image cannot be found."
    )

    @Argument(help: "A settings file; without one, --preset's carousel.")
    var settings: String?

    @Option(help: "A preset, when no settings file is given: \(Configuration.presetNames.joined(separator: ", ")).")
    var preset: String = "banner"

    @Option(help: "Only this target: \(ExportTarget.allCases.map(\.rawValue).joined(separator: ", ")).")
    var target: ExportTarget?

    @Option(help: "A folder to write each target's file into (made if missing), instead of printing.")
    var out: String?

    @Option(name: .customLong("public"), help: "The page's directory, where the bundled items' images are.")
    var publicDirectory = ServerOptions.standard.publicDirectory

    func run() throws {
        let settings = configuration
        let export = ConfigurationExport(
            settings.config,
            itemCount: settings.itemCount,
            items: settings.handoverItems()
        )
        let snippets = export.handover.filter { target == nil || $0.target == target }
        guard let out else {
            let printed = snippets.map { snippets.count == 1 ? $0.code : "// ===== \($0.fileName) =====\n\($0.code)" }
            FileHandle.standardOutput.write(Data(printed.joined(separator: "\n").utf8))
            return
        }
        let folder = URL(fileURLWithPath: out, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for snippet in snippets {
                try Data(snippet.code.utf8).write(to: folder.appendingPathComponent(snippet.fileName))
            }
            try write(export.images, of: settings, into: folder.appendingPathComponent(HandoverImage.folder))
        } catch {
            Self.fail("\(out): \(error.localizedDescription)")
        }
    }

    /// Each image the files name, from `public/` or from the settings file's uploads.
    private func write(_ images: [HandoverImage], of settings: PreviewSettings, into folder: URL) throws {
        guard !images.isEmpty else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for image in images {
            let bytes =
                image.source.hasPrefix(ItemImageAddress.uploadScheme)
                ? settings.uploadedImage(named: image.source)
                : ItemImagePaths.bytes(of: image.source, publicDirectory: publicDirectory)
            guard let bytes else { Self.fail("\(image.source) cannot be read (is --public the page's directory?)") }
            try Data(bytes).write(to: folder.appendingPathComponent(image.file))
        }
    }

    /// The settings file's carousel, or the preset's with its bundled items.
    private var configuration: PreviewSettings {
        guard let settings else {
            guard let config = SessionConfiguration(preset: preset) else {
                Self.fail(
                    "--preset must be one of \(Configuration.presetNames.joined(separator: ", ")), got \"\(preset)\""
                )
            }
            let itemCount = ItemCatalogs.bundled.catalog(for: config.configuration.layout).count
            return PreviewSettings(config: config, itemCount: itemCount)
        }
        guard let data = FileManager.default.contents(atPath: settings) else { Self.fail("\(settings) cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { Self.fail("\(settings) is not UTF-8 text") }
        do throws(SettingsError) {
            return try PreviewSettings(text: text)
        } catch {
            Self.fail("\(settings): \(error)")
        }
    }

    private static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("error: \(reason)\n".utf8))
        Foundation.exit(2)
    }
}
