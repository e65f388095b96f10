import CarouselCore
import Foundation
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The configurations the export is checked on: every preset as it is, and tuned ones that between
/// them change every property, with numbers Swift prints in every form it has.
enum ExportCases {
    static let all: [SessionConfiguration] =
        Configuration.presetNames.map { SessionConfiguration(preset: $0)! } + [
            tuned("coverflow", #"{"spacing":12,"decelerationRate":0.995,"autoscroll":{"intervalMs":2000}}"#),
            tuned("banner", #"{"axis":"vertical","itemWidth":300,"rubberBand":0.3,"loop":false}"#),
            tuned(
                "strip",
                #"{"loop":true,"sideScale":0.9,"flickVelocity":500,"maxItemsPerFlick":20,"springFrequency":30.25}"#
            ),
            tuned(
                "cards",
                #"{"viewport":{"width":390,"height":700},"autoscroll":{"enabled":true,"intervalMs":1234.5678}}"#
            ),
            tuned("paged", #"{"itemHeight":150,"inset":0.1,"viewport":{"width":320},"spacing":1e-5}"#),
            tuned("coverflow", #"{"itemWidth":null,"itemHeight":9999.999999999998,"inset":0,"spacing":10000}"#),
            // The fields that only say how items are drawn.
            tuned("strip", #"{"template":"product","content":"products","imageFit":"contain","cornerRadius":0.5}"#),
        ]

    private static func tuned(_ preset: String, _ patch: String) -> SessionConfiguration {
        try! SessionConfiguration(preset: preset)!.applying(JSONParser.parse(patch))
    }

    /// The item count each case is exported with.
    static func itemCount(_ index: Int) -> Int { 3 + index }

    /// The committed file of exported declarations, as the export writes them today: each pasted as
    /// it is into a type's body (the strictest place it may land; a file's top level and a function
    /// body take the same lines), so `swift test` compiles every one.
    static var generatedFile: String {
        let declarations = all.enumerated().map { index, config in
            let body = ConfigurationExport(config, itemCount: itemCount(index)).swift
                .split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
            return "struct Exported\(index) {\n\(body)\n}\n"
        }
        let instances = all.indices.map { "        (Exported\($0)().configuration, Exported\($0)().itemCount)," }
            .joined(separator: "\n")
        return """
            // swift-format-ignore-file
            // Written by SwiftExportTests from `ConfigurationExport` for `ExportCases.all`; do not edit. To
            // write it again: CAROUSEL_PREVIEW_WRITE_EXPORTS=1 swift test --filter SwiftExportTests
            import CarouselCore

            \(declarations.joined(separator: "\n"))
            /// What "Copy as Swift" gives for each of `ExportCases.all`, compiled as part of the tests.
            enum ExportedConfigurations {
                static let all: [(configuration: Configuration, itemCount: Int)] = [
            \(instances)
                ]
            }

            """
    }
}

@Suite("Export: the configuration as Swift and as a configure message")
struct SwiftExportTests {
    static let generatedPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Generated/ExportedConfigurations.swift").path

    @Test("the committed Swift is what the export writes today, so it cannot drift from the engine")
    func committedFileIsCurrent() throws {
        let expected = ExportCases.generatedFile
        if ProcessInfo.processInfo.environment["CAROUSEL_PREVIEW_WRITE_EXPORTS"] == "1" {
            try expected.write(toFile: Self.generatedPath, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOfFile: Self.generatedPath, encoding: .utf8)
        #expect(committed == expected, "run CAROUSEL_PREVIEW_WRITE_EXPORTS=1 swift test --filter SwiftExportTests")
    }

    @Test("every exported Swift declaration, compiled, builds exactly the configuration and item count it came from")
    func compiledExportsEqualTheirSources() {
        #expect(ExportedConfigurations.all.count == ExportCases.all.count)
        for (index, (exported, source)) in zip(ExportedConfigurations.all, ExportCases.all).enumerated() {
            #expect(
                exported.configuration == source.configuration,
                "\(ConfigurationExport(source, itemCount: 0).swift)"
            )
            #expect(exported.itemCount == ExportCases.itemCount(index))
        }
    }

    @Test("an untuned preset exports as itself; a tuned one names only what differs")
    func onlyWhatDiffers() {
        let plain = ConfigurationExport(SessionConfiguration(preset: "coverflow")!, itemCount: 5)
        #expect(
            plain.swift == """
                // From carousel-preview: the coverflow preset, shown with 5 items.
                let configuration: Configuration = .coverflow
                let itemCount = 5
                """
        )
        #expect(plain.configure.encoded == #"{"type":"configure","config":{"preset":"coverflow"}}"#)
        let tuned = ConfigurationExport(ExportCases.all[Configuration.presetNames.count], itemCount: 8)
        #expect(
            tuned.configure.encoded
                == #"{"type":"configure","config":{"preset":"coverflow","spacing":12,"decelerationRate":0.995,"autoscroll":{"intervalMs":2000}}}"#
        )
        #expect(tuned.swift.contains("configuration.spacing = 12.0"))
        #expect(!tuned.swift.contains("inset"))
    }

    @Test("the configure message of every case, sent to a fresh session of its preset, gives the same configuration")
    func configureMessageReproduces() throws {
        for source in ExportCases.all {
            let message = ConfigurationExport(source, itemCount: 5).configure
            let decoded = try ClientMessage.decode(message.encoded)
            guard case .configure(let patch?, nil, nil) = decoded else {
                Issue.record("not a configure: \(message.encoded)")
                continue
            }
            let fresh = SessionConfiguration(preset: source.presetName)!
            #expect(try fresh.applying(patch) == source)
        }
    }

    @Test("a viewer asks with export and alone gets the session's export")
    func exportMessage() {
        var transport = HubTests.FakeTransport.opened(["session": "x", "preset": "strip"])
        transport.open(2, ["session": "x"])
        transport.send(1, #"{"type":"configure","config":{"spacing":4}}"#)
        let before = transport.sent[2]!.count
        transport.send(1, #"{"type":"export"}"#)
        #expect(transport.sent[2]!.count == before, "only the asker is answered")
        let answer = try! JSONParser.parse(transport.sent[1]!.last!)
        #expect(answer["type"] == .string("export"))
        #expect(
            answer["swift"]
                == .string(
                    "// From carousel-preview: the strip preset, tuned, shown with 5 items.\n"
                        + "let configuration: Configuration = {\n    var configuration = Configuration.strip\n"
                        + "    configuration.spacing = 4.0\n    return configuration\n}()\nlet itemCount = 5"
                )
        )
        #expect(answer["configure"]?.encoded == #"{"type":"configure","config":{"preset":"strip","spacing":4}}"#)
        #expect(
            answer["settings"]?.encoded
                == #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip","spacing":4},"itemCount":5}"#
        )
    }
}

@Suite("Settings files: what Copy as JSON writes, read back as strictly as a configure")
struct PreviewSettingsTests {
    @Test("every export case's settings file reads back to the same configuration and item count")
    func roundTrip() throws {
        for (index, source) in ExportCases.all.enumerated() {
            let settings = ConfigurationExport(source, itemCount: ExportCases.itemCount(index)).settings
            let read = try PreviewSettings(text: settings.encoded)
            #expect(read.config == source && read.itemCount == ExportCases.itemCount(index))
        }
    }

    @Test("a bad file says which member is wrong")
    func badFiles() {
        let good =
            #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip","spacing":4},"itemCount":5}"#
        let cases: [(String, String)] = [
            ("not json {", "not JSON"),
            (good.replacingOccurrences(of: "settings\"", with: "recording\""), "\"format\""),
            (good.replacingOccurrences(of: #""version":1"#, with: #""version":2"#), "\"version\""),
            (good.replacingOccurrences(of: #""preset":"strip""#, with: #""preset":"ears""#), "\"config\""),
            (good.replacingOccurrences(of: #""spacing":4"#, with: #""spacing":-4"#), "config.spacing"),
            (good.replacingOccurrences(of: #""itemCount":5"#, with: #""itemCount":5.5"#), "\"itemCount\""),
            (good.replacingOccurrences(of: #""itemCount":5"#, with: #""itemCount":1001"#), "\"itemCount\""),
        ]
        for (text, named) in cases {
            #expect(text != good || named == "not JSON")
            do {
                _ = try PreviewSettings(text: text)
                Issue.record("accepted: \(text)")
            } catch {
                #expect(error.description.contains(named), "\(error.description)")
            }
        }
    }
}
