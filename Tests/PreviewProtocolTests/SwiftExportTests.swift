import CarouselCore
import Foundation
import Testing

@testable import PreviewProtocol

/// The configurations the export is checked on: every preset as it is, and tuned ones that between
/// them change every property, with numbers Swift prints in every form it has.
enum ExportCases {
    static let all: [SessionConfiguration] =
        Configuration.presetNames.map { SessionConfiguration(preset: $0)! } + [
            tuned("coverflow", #"{"spacing":12,"decelerationRate":0.995,"autoscroll":{"intervalMs":2000}}"#),
            tuned("banner", #"{"axis":"vertical","itemWidth":300,"rubberBand":0.3,"loop":false}"#),
            tuned("strip", #"{"loop":true,"sideScale":0.9,"flickVelocity":500,"springFrequency":30.25}"#),
            tuned(
                "cards",
                #"{"viewport":{"width":390,"height":700},"autoscroll":{"enabled":true,"intervalMs":1234.5678}}"#
            ),
            tuned("paged", #"{"itemHeight":150,"inset":0.1,"viewport":{"width":320},"spacing":1e-5}"#),
            tuned("coverflow", #"{"itemWidth":null,"itemHeight":9999.999999999998,"inset":0,"spacing":10000}"#),
        ]

    private static func tuned(_ preset: String, _ patch: String) -> SessionConfiguration {
        try! SessionConfiguration(preset: preset)!.applying(JSONParser.parse(patch))
    }

    /// The committed file of exported expressions, as the export writes it today.
    static var generatedFile: String {
        let expressions = all.map { config in
            ConfigurationExport(config).swift.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "        \($0)" }.joined(separator: "\n") + ","
        }
        return """
            // swift-format-ignore-file
            // Written by SwiftExportTests from `ConfigurationExport` for `ExportCases.all`; do not edit. To
            // write it again: CAROUSEL_PREVIEW_WRITE_EXPORTS=1 swift test --filter SwiftExportTests
            import CarouselCore

            /// What "Copy as Swift" gives for each of `ExportCases.all`, compiled as part of the tests.
            enum ExportedConfigurations {
                static let all: [Configuration] = [
            \(expressions.joined(separator: "\n"))
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

    @Test("every exported Swift expression, compiled, builds exactly the configuration it came from")
    func compiledExportsEqualTheirSources() {
        #expect(ExportedConfigurations.all.count == ExportCases.all.count)
        for (exported, source) in zip(ExportedConfigurations.all, ExportCases.all) {
            #expect(exported == source.configuration, "\(ConfigurationExport(source).swift)")
        }
    }

    @Test("an untuned preset exports as itself; a tuned one names only what differs")
    func onlyWhatDiffers() {
        let plain = ConfigurationExport(SessionConfiguration(preset: "coverflow")!)
        #expect(plain.swift == "Configuration.coverflow")
        #expect(plain.configure.encoded == #"{"type":"configure","config":{"preset":"coverflow"}}"#)
        let tuned = ConfigurationExport(ExportCases.all[Configuration.presetNames.count])
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
            let message = ConfigurationExport(source).configure
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
        var transport = HubTests.FakeTransport()
        transport.open(1, ["session": "x", "preset": "strip"])
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
                    "{\n    var configuration = Configuration.strip\n    configuration.spacing = 4.0\n    return configuration\n}()"
                )
        )
        #expect(answer["configure"]?.encoded == #"{"type":"configure","config":{"preset":"strip","spacing":4}}"#)
    }
}
