import CarouselCore
import Foundation
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// `{"type":"feel"}` through the hub: the session's carousel scored over the corpus, as the CLI
/// scores it; the same carousel asked again is answered from what was kept; new carousels are
/// limited across the server with a clear error; a server without a corpus says so.
@Suite("The feel message: a session's carousel scored over the server's corpus")
struct FeelServiceTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func corpus() throws -> FeelService {
        let folder = Repository.file("public/corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        let files = try names.map { ($0, try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)) }
        return FeelService(gestures: try FeelService.corpus(files))
    }

    static func transport(feel: FeelService) -> FakeTransport {
        var transport = FakeTransport()
        transport.hub.feel = feel
        transport.open(1, ["session": "feel"])
        return transport
    }

    @Test("the banner's answer is the committed baseline's banner report, gesture for gesture")
    func answersLikeTheCLI() throws {
        var transport = Self.transport(feel: try Self.corpus())
        transport.send(1, #"{"type":"feel"}"#)
        let answer = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(answer["type"] == .string("feel"))
        let baseline = try JSONParser.parse(
            String(contentsOf: Repository.file("Tests/Fixtures/feel-baseline.json"), encoding: .utf8)
        )
        guard case .array(let reports)? = baseline["reports"] else { Issue.record("no reports"); return }
        let banner = try #require(reports.first { $0["settings"] == .string("preset banner") })
        #expect(answer["gestures"] == banner["gestures"])
        // The line that sums it up, as the CLI prints it under its table.
        #expect(
            answer["summary"] == .string("23 recorded gestures: 2 with a jump (up to 200 pt in one frame), 21 fine")
        )
    }

    @Test("asked again, the same carousel costs no scoring; new carousels past 4 a second are refused, clearly")
    func keptAndLimited() throws {
        var transport = Self.transport(feel: try Self.corpus())
        for _ in 0..<50 { transport.send(1, #"{"type":"feel"}"#) }
        #expect(transport.sent[1]!.suffix(50).allSatisfy { $0.hasPrefix(#"{"type":"feel","gestures":["#) })
        var answers: [JSONValue] = []
        for spacing in 1...10 {
            transport.send(1, #"{"type":"configure","config":{"spacing":\#(spacing)}}"#)
            transport.send(1, #"{"type":"feel"}"#)
            answers.append(try JSONParser.parse(transport.sent[1]!.last!))
        }
        let scored = answers.filter { $0["type"] == .string("feel") }.count
        let refused = answers.filter { $0["code"] == .string("rate_limited") && $0["ref"] == .string("feel") }
        // A burst of four a second in all, the first ask's among them.
        #expect(scored <= 4 && scored + refused.count == 10 && refused.count >= 6, "\(scored) scored")
        #expect(refused.first?["message"].map { $0.encoded.contains("at most 4 new carousels a second") } == true)
        transport.tick(by: .seconds(2))
        transport.send(1, #"{"type":"feel"}"#)
        #expect(transport.sent[1]!.last!.hasPrefix(#"{"type":"feel""#), "the allowance refills")
    }

    @Test("a server without a corpus answers invalid_value, ref feel, saying so")
    func noCorpus() throws {
        var transport = Self.transport(feel: FeelService())
        transport.send(1, #"{"type":"feel"}"#)
        let answer = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(answer["code"] == .string("invalid_value") && answer["ref"] == .string("feel"))
        #expect(answer["message"].map { $0.encoded.contains("no gesture corpus") } == true)
    }
}
