import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// What the hub tests read of a `HubHarness`, and the sessions they start from.
extension HubHarness {
    /// What connection `connection` got first, parsed (its welcome).
    func first(_ connection: Int) throws -> JSONValue {
        try JSONParser.parse(try #require(sent[connection]?.first))
    }

    /// What connection `connection` got last, parsed.
    func last(_ connection: Int) throws -> JSONValue {
        try JSONParser.parse(try #require(sent[connection]?.last))
    }

    /// The `type` of each message connection `connection` got.
    func types(_ connection: Int) -> [String] {
        (sent[connection] ?? []).map { text in
            let value = try! JSONParser.parse(text)
            guard case .string(let type)? = value["type"] else { return "?" }
            return type
        }
    }

    /// A hub whose connection 1 opened with `query`.
    static func opened(_ query: [String: String]) -> HubHarness {
        var harness = HubHarness()
        harness.open(1, query)
        return harness
    }

    /// Session `name` on the manual clock, viewed by connections 1 and 2.
    static func twoViewers(of name: String) -> HubHarness {
        var harness = opened(["session": name, "clock": "manual"])
        harness.open(2, ["session": name])
        return harness
    }
}
