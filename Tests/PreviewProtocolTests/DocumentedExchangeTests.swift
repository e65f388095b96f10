import Foundation
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// docs/protocol/exchange.md's "A complete exchange", run as written: each `>` line is sent to a hub, and the
/// hub must answer with the `<` lines, byte for byte (the server's random instance id aside), so
/// the worked example can never drift from what the server says.
@Suite("docs/protocol/exchange.md's worked exchange, run as a golden test")
struct DocumentedExchangeTests {
    static let protocolDocument = Repository.file("docs/protocol/exchange.md")

    /// The exchange's lines, in order: (whether the client sends it, the message's text).
    static func exchange() throws -> [(sent: Bool, text: String)] {
        let document = try String(contentsOf: protocolDocument, encoding: .utf8)
        guard let heading = document.range(of: "# A complete exchange") else { return [] }
        let section = document[heading.upperBound...]
        guard let open = section.range(of: "```\n"), let close = section[open.upperBound...].range(of: "```")
        else { return [] }
        return section[open.upperBound..<close.lowerBound].split(separator: "\n").compactMap { line in
            if line.hasPrefix("> ") { return (true, String(line.dropFirst(2))) }
            if line.hasPrefix("< ") { return (false, String(line.dropFirst(2))) }
            return nil
        }
    }

    @Test("every message the document shows the server sending is what the server sends")
    func runsAsWritten() throws {
        let lines = try Self.exchange()
        #expect(lines.filter(\.sent).count >= 10, "the exchange was not found in docs/protocol/exchange.md")
        // The instance id is random per server; the document's stands for it.
        let welcome = try #require(lines.first { !$0.sent })
        let instance = try #require(try JSONParser.parse(welcome.text)["instance"])
        guard case .string(let instanceID) = instance else { Issue.record("no instance in the welcome"); return }
        var transport = HubTests.FakeTransport()
        transport.hub = PreviewHub(identity: ServerIdentity(instance: instanceID))
        transport.open(1, ["session": "demo", "clock": "manual"])
        for line in lines where line.sent { transport.send(1, line.text) }
        let expected = lines.filter { !$0.sent }.map(\.text)
        let received = transport.sent[1] ?? []
        #expect(received.count == expected.count, "\(received.count) messages, the document shows \(expected.count)")
        for (index, (got, shown)) in zip(received, expected).enumerated() {
            #expect(
                got == shown,
                "message \(index + 1) differs from docs/protocol/exchange.md:\nserver:   \(got)\ndocument: \(shown)"
            )
        }
    }
}
