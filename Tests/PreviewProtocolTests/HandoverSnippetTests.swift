import CarouselCore
import Foundation
import PreviewHandover
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The numbers each framework's snippet writes, read back out of its code, against the formulas
/// worked out apart from the code (`FrameworkPhysicsTests` has the same values by hand): every
/// preset, the tuned strip and each rate, spring and reach of the issue's table. The checkers that
/// compile and parse the snippets are `Tests/Handover`.
@Suite("Handover snippets: each framework's numbers, notes and link")
struct HandoverSnippetTests {
    static func tunedStrip() -> SessionConfiguration {
        var config = SessionConfiguration(preset: "strip")!
        config.configuration.itemLength = 110
        config.configuration.spacing = 4
        config.configuration.itemsPerPage = 3
        config.configuration.alignment = .center
        config.configuration.decelerationRate = 0.998
        config.configuration.layoutDirection = .rtl
        return config
    }

    /// Every preset, the tuned strip, and the strip at rates 0.99/0.998, w 8/20/40, reach 1/3, paged and free.
    static var configurations: [SessionConfiguration] {
        var all = Configuration.presetNames.compactMap { SessionConfiguration(preset: $0) } + [tunedStrip()]
        for rate in [0.99, 0.998] {
            for frequency in [8.0, 20.0, 40.0] {
                for reach in [1, 3] {
                    for snapping in Configuration.Snapping.allCases {
                        var config = SessionConfiguration(preset: "strip")!
                        config.configuration.decelerationRate = rate
                        config.configuration.springAngularFrequency = frequency
                        config.configuration.maxItemsPerFlick = reach
                        config.configuration.snapping = snapping
                        all.append(config)
                    }
                }
            }
        }
        return all
    }

    static func snippets(_ config: SessionConfiguration) -> [ExportTarget: String] {
        let export = ConfigurationExport(config, itemCount: 7)
        return Dictionary(uniqueKeysWithValues: export.handover.map { ($0.target, $0.code) })
    }

    /// The number written right after the last `label` in `code` (the header's notes come first).
    static func number(after label: String, in code: String) -> Double? {
        guard let range = code.range(of: label, options: .backwards) else { return nil }
        let digits = code[range.upperBound...].prefix { "0123456789.e-+".contains($0) }
        return Double(digits)
    }

    static func close(_ value: Double?, _ expected: Double) -> Bool {
        guard let value else { return false }
        return abs(value - expected) <= 1e-9 * abs(expected)
    }

    @Test("each framework's motion numbers follow its formula to 1e-9", arguments: configurations)
    func motion(config: SessionConfiguration) throws {
        let c = config.configuration
        let code = Self.snippets(config)
        let r = c.decelerationRate
        let w = c.springAngularFrequency
        let context = "\(config.presetName) r \(r) w \(w) reach \(c.maxItemsPerFlick) \(c.snapping)"
        let uiKit = try #require(code[.uiKit])
        #expect(Self.number(after: "decelerationRate = .init(rawValue: ", in: uiKit) == r, "\(context)")
        let splide = try #require(code[.splide])
        #expect(Self.close(Self.number(after: "flickPower: ", in: splide), r / (1 - r)), "\(context)")
        #expect(Self.number(after: "flickMaxPages: ", in: splide) == Double(c.maxItemsPerFlick), "\(context)")
        // Splide 4 has no velocity threshold (removed in v3): the file must not set one.
        #expect(!splide.contains("  flickVelocityThreshold:"), "\(context)")
        let flutter = try #require(code[.flutter])
        #expect(Self.number(after: "stiffness: ", in: flutter) == w * w, "\(context)")
        #expect(Self.number(after: "damping: ", in: flutter) == 2 * w, "\(context)")
        let swiper = try #require(code[.swiper])
        if c.snapping == .item {
            let compose = try #require(code[.compose])
            #expect(
                Self.close(Self.number(after: "frictionMultiplier = ", in: compose), -1000 * log(r) / 4.2),
                "\(context)"
            )
            #expect(Self.number(after: "stiffness = ", in: compose) == w * w, "\(context)")
            #expect(Self.number(after: "PagerSnapDistance.atMost(", in: compose) == Double(c.maxItemsPerFlick))
            #expect(!swiper.contains("momentumRatio: "), "a pager has no free mode")
        } else {
            #expect(Self.close(Self.number(after: "momentumRatio: ", in: swiper), 2 * r / (1 - r) / 1000), "\(context)")
            #expect(Self.close(Self.number(after: "TunedCoastSimulation(\n        ", in: flutter), pow(r, 1000)))
        }
        // The settle's length: (1 + x) e^-x = 0.01 at x = w t.
        let settle = try #require(Self.number(after: "speed: ", in: swiper)) / 1000
        #expect(abs((1 + w * settle) * exp(-w * settle) - 0.01) < 0.0005, "\(context): speed \(settle) s")
        let embla = try #require(code[.embla])
        #expect(Self.number(after: "duration: ", in: embla) == (500 / w).rounded(), "\(context)")
    }

    @Test("the layout's numbers: sizes, gaps and where a resting page sits", arguments: configurations.prefix(6))
    func layout(config: SessionConfiguration) throws {
        let c = config.configuration
        let code = Self.snippets(config)
        let horizontal = c.axis == .horizontal
        let swiftUI = try #require(code[.swiftUI])
        #expect(Self.number(after: "Stack(spacing: ", in: swiftUI) == c.spacing)
        #expect(Self.number(after: "contentMargins(.\(horizontal ? "leading" : "top"), ", in: swiftUI) == c.snapLine)
        // An item as long as the viewport less both insets follows the container: only its height is set.
        if c.itemLength == nil {
            #expect(
                Self.number(after: ".frame(\(horizontal ? "height" : "width"): ", in: swiftUI) == c.viewportCrossLength
            )
        } else {
            #expect(Self.number(after: ".frame(width: ", in: swiftUI) == c.viewportWidth)
        }
        let uiKit = try #require(code[.uiKit])
        #expect(Self.number(after: "interGroupSpacing = ", in: uiKit) == c.spacing)
        #expect(Self.number(after: "count: ", in: uiKit) == Double(c.itemsPerPage))
        let compose = try #require(code[.compose])
        #expect(Self.number(after: "pageSize = PageSize.Fixed(", in: compose) == c.pageBlockLength)
        #expect(Self.number(after: "pageSpacing = ", in: compose) == c.spacing)
        let splide = try #require(code[.splide])
        #expect(Self.number(after: "gap: ", in: splide) == c.spacing)
        // The option's line (the CSS comment after the options names its own widths).
        #expect(Self.number(after: "\n  width: ", in: splide) == c.viewportWidth)
        let flutter = try #require(code[.flutter])
        #expect(
            Self.close(
                Self.number(after: "viewportFraction: ", in: flutter),
                Double(c.itemsPerPage) * c.pitch / c.viewportMainLength
            )
        )
        let right = c.layoutDirection == .rtl && horizontal
        #expect(try #require(code[.embla]).contains("direction: '\(right ? "rtl" : "ltr")'"))
        #expect(swiftUI.contains(".rightToLeft") == right)
        #expect(try #require(code[.compose]).contains("LayoutDirection.Rtl") == right)
    }

    @Test("the tuned strip's header: the link opens the same carousel, and every note is the table's")
    func header() throws {
        let config = Self.tunedStrip()
        let model = HandoverModel(config, itemCount: 12)
        let query = model.settingsQuery.dropFirst().split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts[1])
        }
        let link = try #require(LinkSettings(query: Dictionary(uniqueKeysWithValues: query)))
        let made = link.creatingSession()
        #expect(made.config == config, "the header's link makes the tuned strip again")
        #expect(made.itemCount == 12)
        for target in ExportTarget.allCases where target != .engine {
            let snippet = try #require(FrameworkSnippets.write(model).first { $0.target == target })
            for note in snippet.notes {
                #expect(snippet.code.contains("// - " + note.line), "\(target): \(note.line)")
            }
            // Fields the table cannot express in this framework each have a note; exact ones none.
            for field in ConfigurationSchema.fields {
                let mapping = try #require(FrameworkMappings.mapping(of: field, in: target))
                let noted = snippet.notes.contains { note in note.fields.contains { $0.hasPrefix(field.linkName + " ") }
                }
                if mapping.note == nil { #expect(!noted, "\(target) \(field.linkName) is exact") }
            }
        }
        let swiftUI = try #require(FrameworkSnippets.write(model).first { $0.target == .swiftUI })
        #expect(
            swiftUI.notes.contains { $0.fields == ["decelerationRate 0.998"] && $0.text.hasPrefix("not expressible") }
        )
    }

    @Test("a number worked out is written to 12 significant digits, a set one as it is")
    func numbers() {
        #expect(CodeNumber.derived(0.99 / (1 - 0.99)) == "99")
        #expect(CodeNumber.derived(-1000 * log(0.998) / 4.2) == "0.476667302541")
        #expect(CodeNumber.derived(0) == "0")
        #expect(CodeNumber.derived(1e-300) == "1e-300")
        #expect(CodeNumber.text(0.1) == "0.1")
        #expect(CodeNumber.text(16) == "16")
        #expect(CodeNumber.text(-0.0) == "0")
    }
}

/// Every edge value of every numeric field the session accepts, on every preset: each framework's
/// file says only finite numbers (no `inf`, `nan` or `-0`), so no accepted setting makes code that
/// does not compile.
@Suite("Handover snippets at the fields' edges")
struct HandoverEdgeTests {
    @Test("each accepted edge value writes only finite numbers in every file", arguments: Configuration.presetNames)
    func edges(preset: String) throws {
        let base = try #require(SessionConfiguration(preset: preset))
        var checked = 0
        for field in ConfigurationSchema.fields {
            for value in field.edgeValues {
                var config = base
                do throws(FieldProblem) {
                    try field.set(.number(value), in: &config.configuration)
                    try config.configuration.validateNamingField()
                } catch {
                    continue  // refused: never a session's
                }
                for snippet in ConfigurationExport(config, itemCount: 3).handover {
                    let words = snippet.code.split { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "." }
                    let bad = words.filter { ["inf", "-inf", "nan", "-nan", "-0"].contains($0.lowercased()) }
                    #expect(bad.isEmpty, "\(preset) \(field.linkName) = \(value): \(snippet.target) writes \(bad)")
                }
                checked += 1
            }
        }
        #expect(checked > 20, "\(checked) accepted edge values")
    }
}
