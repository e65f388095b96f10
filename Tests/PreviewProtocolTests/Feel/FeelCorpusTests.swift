import CarouselCore
import Foundation
import PreviewRecording
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The shipped corpus (public/corpus, recorded in Chromium by `make corpus`) against its
/// committed baseline: a softer spring drifts release-to-rest and the gate names the gestures; a
/// change that leaves the motion alone passes; every file is documented in the corpus's README.
@Suite("The shipped gesture corpus and its feel baseline")
struct FeelCorpusTests {
    static let folder = Repository.file("public/corpus")

    static func takes() throws -> [FeelGesture] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        return try names.flatMap { name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return try FeelGesture.gestures(in: try Recording(text: text), file: name)
        }
    }

    static func baseline() throws -> FeelBaseline {
        try FeelBaseline(
            text: String(contentsOf: Repository.file("Tests/Fixtures/feel-baseline.json"), encoding: .utf8)
        )
    }

    static func banner(_ patch: String = "{}", variants: [Variant] = []) throws -> PreviewSettings {
        let config = try SessionConfiguration(preset: "banner")!.applying(try JSONParser.parse(patch))
        return PreviewSettings(config: config, itemCount: 5, variants: variants)
    }

    @Test("every recording holds a whole take, and the README says what each tests")
    func documented() throws {
        let takes = try Self.takes()
        #expect(takes.count >= 21)
        #expect(takes.map(\.gestureCount).reduce(0, +) >= 23, "double flick and catch: two gestures each")
        let wheels = takes.filter { take in take.inputs.contains { $0.kind == .wheel } }
        #expect(wheels.count == 4, "two wheels' notches and two trackpad swipes")
        #expect(wheels.allSatisfy { $0.gestureCount == 1 && $0.inputs.allSatisfy { $0.kind == .wheel } })
        let readme = try String(contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
        for take in takes { #expect(readme.contains("`\(take.name)`:"), "\(take.name)") }
    }

    @Test("spring 20 → 8 on the banner: the gate fails on release-to-rest, naming the gestures")
    func softerSpringDrifts() throws {
        let softer = try FeelReport(
            label: "preset banner",
            settings: try Self.banner(#"{"springFrequency":8}"#),
            gestures: try Self.takes()
        )
        let drifts = try Self.baseline().drifts(in: [softer]).filter { !$0.hasSuffix("(the baseline has it)") }
        let settles = drifts.filter { $0.contains(": settleMs ") }
        #expect(settles.count >= 5, "\(drifts)")
        #expect(settles.allSatisfy { $0.hasPrefix("preset banner · ") && $0.contains(".json #") })
    }

    @Test("a change that leaves the motion alone (a saved variant) passes the gate")
    func unchangedFeelPasses() throws {
        let variant = Variant(name: "v2 a note", config: try Self.banner().config, itemCount: 5)
        let same = try FeelReport(
            label: "preset banner",
            settings: try Self.banner(variants: [variant]),
            gestures: try Self.takes()
        )
        #expect(try Self.baseline().drifts(in: [same]).filter { !$0.hasSuffix("(the baseline has it)") } == [])
    }
}
