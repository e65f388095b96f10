import ArgumentParser
import CarouselCore
import Foundation
import PreviewProtocol
import PreviewRecording
import PreviewWire

/// `carousel-preview feel CORPUS...`: every gesture of a corpus of recordings driven through the
/// engine again under each settings file (or preset), scored, printed as a table, saved as JSON, and
/// gated on a baseline.
struct FeelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feel",
        abstract: "Score how carousels feel over a corpus of recorded gestures, and gate on a baseline.",
        discussion:
            "Each recording's gestures (a down to its up) are driven through the engine again under each --settings file and --preset, at their recorded times, then at 60 frames a second until they rest. Exit status: 0 when scored (and nothing drifted from --baseline), 1 when something drifted, 2 when an input cannot be read."
    )

    @Argument(help: "Recordings (format carousel-preview/recording), or folders of them (each .json inside).")
    var corpus: [String]

    @Option(name: .customLong("settings"), help: "A settings file to score (repeatable).")
    var settingsFiles: [String] = []

    @Option(
        name: .customLong("preset"),
        help: "A preset to score (repeatable): \(Configuration.presetNames.joined(separator: ", "))."
    )
    var presets: [String] = []

    @Option(help: "Write the scores as JSON here.")
    var json: String?

    @Option(
        help: "Write a self-contained HTML report here: each gesture's measures and a plot, the carousels overlaid."
    )
    var html: String?

    @Option(help: "A baseline (a --write-baseline file): exit 1 naming each gesture and measure that drifted.")
    var baseline: String?

    @Option(
        name: .customLong("write-baseline"),
        help: "Write the scores as a baseline here, with the default tolerances."
    )
    var writeBaseline: String?

    func run() throws {
        let gestures = Self.gestures(in: corpus)
        var carousels: [(label: String, settings: PreviewSettings)] = settingsFiles.map { ($0, Self.settings(at: $0)) }
        for preset in presets { carousels.append(("preset \(preset)", Self.preset(preset))) }
        if carousels.isEmpty { carousels.append(("preset banner", Self.preset("banner"))) }
        var reports: [FeelReport] = []
        for carousel in carousels {
            do throws(RecordingError) {
                reports.append(try FeelReport(label: carousel.label, settings: carousel.settings, gestures: gestures))
            } catch {
                Self.fail("\(carousel.label): \(error)")
            }
        }
        for report in reports { print(report.table) }
        if let json { Self.write(JSONValue.array(reports.map(\.json)).encoded, to: json) }
        if let html { Self.write(FeelHTML.page(reports), to: html) }
        if let writeBaseline { Self.write(FeelBaseline.text(of: reports), to: writeBaseline) }
        guard let baseline else { return }
        let gate: FeelBaseline
        do throws(RecordingError) {
            gate = try FeelBaseline(text: Self.text(at: baseline))
        } catch {
            Self.fail("\(baseline): \(error)")
        }
        let drifts = gate.drifts(in: reports)
        guard drifts.isEmpty else {
            FileHandle.standardError.write(
                Data(("feel drifted from \(baseline):\n" + drifts.map { "  \($0)\n" }.joined()).utf8)
            )
            throw ExitCode(1)
        }
        print("feel matches \(baseline): \(reports.map(\.scores.count).reduce(0, +)) gestures within tolerance")
    }

    /// The gestures of every recording named, folders read in name order.
    static func gestures(in paths: [String]) -> [FeelGesture] {
        var files: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                fail("\(path) does not exist")
            }
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                files += names.filter { $0.hasSuffix(".json") }.sorted().map {
                    (path as NSString).appendingPathComponent($0)
                }
            } else {
                files.append(path)
            }
        }
        var gestures: [FeelGesture] = []
        for file in files {
            do throws(RecordingError) {
                let recording = try Recording(text: text(at: file))
                gestures += try FeelGesture.gestures(in: recording, file: (file as NSString).lastPathComponent)
            } catch {
                fail("\(file): \(error)")
            }
        }
        if gestures.isEmpty { fail("the corpus holds no gesture (a pointer down to its up)") }
        return gestures
    }

    static func settings(at path: String) -> PreviewSettings {
        do throws(SettingsError) {
            return try PreviewSettings(text: text(at: path))
        } catch {
            fail("\(path): \(error)")
        }
    }

    static func preset(_ name: String) -> PreviewSettings {
        guard let config = SessionConfiguration(preset: name) else {
            fail("--preset must be one of \(Configuration.presetNames.joined(separator: ", ")), got \"\(name)\"")
        }
        return PreviewSettings(
            config: config,
            itemCount: ItemCatalogs.bundled.catalog(for: config.configuration.layout).count
        )
    }

    static func text(at path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { fail("\(path) cannot be read") }
        guard let text = String(data: data, encoding: .utf8) else { fail("\(path) is not UTF-8 text") }
        return text
    }

    static func write(_ text: String, to path: String) {
        let ended = text.hasSuffix("\n") ? text : text + "\n"
        guard FileManager.default.createFile(atPath: path, contents: Data(ended.utf8)) else {
            fail("\(path) cannot be written")
        }
    }

    static func fail(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("error: \(reason)\n".utf8))
        Foundation.exit(2)
    }
}
