import CarouselCore
import PreviewRecording
import PreviewWire
import Testing

@testable import PreviewProtocol

/// `maxItemsPerFlick` through every door the schema opens: the config JSON, a configure patch, a
/// share link, the export and a settings file; a whole number from 1 to 20.
@Suite("maxItemsPerFlick on the wire: a whole number from 1 to 20, the preset's when left out")
struct FlickReachFieldTests {
    typealias FakeTransport = HubTests.FakeTransport

    @Test("the config JSON carries each preset's value after flickVelocity: 3 for the strip, 1 for the rest")
    func configJSON() throws {
        for name in Configuration.presetNames {
            let config = try #require(SessionConfiguration(preset: name))
            #expect(config.json["maxItemsPerFlick"] == .number(name == "strip" ? 3 : 1), "\(name)")
        }
        let banner = try #require(SessionConfiguration(preset: "banner")).json.encoded
        #expect(banner.contains(#""flickVelocity":300,"maxItemsPerFlick":1,"springFrequency":20"#))
    }

    @Test("a configure sets it; 0, 21 and 1.5 are refused naming config.maxItemsPerFlick, and nothing changes")
    func configure() throws {
        var transport = FakeTransport.opened(["session": "reach", "clock": "manual"])
        transport.send(1, #"{"type":"configure","config":{"maxItemsPerFlick":4}}"#)
        let config = transport.sent[1]!.compactMap { try? JSONParser.parse($0) }.last {
            $0["type"] == .string("config")
        }
        #expect(config?["config"]?["maxItemsPerFlick"] == .number(4))
        for (value, reason) in [("0", "between 1 and 20"), ("21", "between 1 and 20"), ("1.5", "whole number")] {
            transport.send(1, #"{"type":"configure","config":{"maxItemsPerFlick":\#(value)}}"#)
            let error = try transport.last(1)
            #expect(error["code"] == .string("invalid_value"), "\(value): \(error.encoded)")
            #expect(error["field"] == .string("config.maxItemsPerFlick"), "\(value)")
            guard case .string(let message)? = error["message"] else { throw CancellationError() }
            #expect(message.contains(reason), "\(message)")
        }
        transport.send(1, #"{"type":"export"}"#)
        let export = try transport.last(1)
        #expect(export["configure"]?["config"]?["maxItemsPerFlick"] == .number(4), "the refused values changed nothing")
    }

    @Test("a share link takes a whole number in range; a fraction is wrong_type, 50 out_of_range with the bounds")
    func shareLink() throws {
        let created = try #require(LinkSettings(query: ["preset": "strip", "maxItemsPerFlick": "5"])).creatingSession()
        #expect(created.config.configuration.maxItemsPerFlick == 5)
        #expect(created.report.applied == ["preset", "maxItemsPerFlick"])

        let fraction = try #require(LinkSettings(query: ["maxItemsPerFlick": "2.5"]))
        #expect(fraction.problems.map(\.code) == [.wrongType])
        #expect(fraction.problems.first?.message == #"maxItemsPerFlick must be a whole number, got "2.5""#)

        let far = try #require(LinkSettings(query: ["maxItemsPerFlick": "50"])).creatingSession()
        let problem = try #require(far.report.ignored.first)
        #expect(problem.code == .outOfRange && problem.field == "maxItemsPerFlick")
        #expect(problem.range == Configuration.Rules.itemsPerFlick)
        #expect(far.config.configuration.maxItemsPerFlick == 1)
    }

    @Test("the export writes it as a whole number in Swift, and a settings file without it has the preset's")
    func exportAndSettings() throws {
        let tuned = try #require(SessionConfiguration(preset: "banner")).applying(
            JSONParser.parse(#"{"maxItemsPerFlick":2}"#)
        )
        let export = ConfigurationExport(tuned, itemCount: 5)
        #expect(export.swift.contains("    configuration.maxItemsPerFlick = 2\n"))
        #expect(export.settings["config"]?["maxItemsPerFlick"] == .number(2))
        let read = try PreviewSettings(text: export.settings.encoded)
        #expect(read.config.configuration.maxItemsPerFlick == 2)

        // A file (or a recording's setup) written before the field existed: the preset's value.
        let old = try PreviewSettings(
            text:
                #"{"format":"carousel-preview/settings","version":1,"config":{"preset":"strip","spacing":4},"itemCount":5}"#
        )
        #expect(old.config.configuration.maxItemsPerFlick == 3)
    }
}
