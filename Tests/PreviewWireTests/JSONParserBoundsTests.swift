import Testing

@testable import PreviewWire

/// The parser reads text from anyone: its limits hold at their edge, and its time per byte does not
/// grow with the document on the shapes that made it quadratic or could (many keys, deep nesting,
/// long strings, many numbers).
struct JSONParserBoundsTests {
    @Test("an object holds up to the member limit; one more is refused, naming the limit")
    func memberLimit() throws {
        let atLimit = Self.object(keys: JSONParser.maximumMembers)
        guard case .object(let members) = try JSONParser.parse(atLimit) else { Issue.record("not an object"); return }
        #expect(members.count == JSONParser.maximumMembers)
        #expect(throws: JSONParser.Failure.self) {
            try JSONParser.parse(Self.object(keys: JSONParser.maximumMembers + 1))
        }
        do {
            _ = try JSONParser.parse(Self.object(keys: JSONParser.maximumMembers + 1))
        } catch {
            #expect(error.message.contains("more than \(JSONParser.maximumMembers) members"))
        }
    }

    @Test("an array holds up to the element limit; one more is refused")
    func elementLimit() throws {
        let atLimit = "[" + Array(repeating: "0", count: JSONParser.maximumElements).joined(separator: ",") + "]"
        guard case .array(let elements) = try JSONParser.parse(atLimit) else { Issue.record("not an array"); return }
        #expect(elements.count == JSONParser.maximumElements)
        let over = "[" + Array(repeating: "0", count: JSONParser.maximumElements + 1).joined(separator: ",") + "]"
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(over) }
    }

    @Test("a number literal may be as long as the limit, not longer")
    func numberLength() throws {
        let atLimit = "0." + String(repeating: "1", count: JSONParser.maximumNumberLength - 2)
        #expect(try JSONParser.parse(atLimit) == .number(Double(atLimit)!))
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(atLimit + "1") }
        #expect(throws: JSONParser.Failure.self) {
            try JSONParser.parse("1" + String(repeating: "0", count: 100_000))
        }
    }

    @Test("duplicate keys are refused wherever they are, the first and last of a wide object too")
    func duplicates() {
        for (first, second) in [(0, 1), (0, 999), (998, 999)] {
            var keys = (0..<1000).map { "\"k\($0)\":0" }
            keys[second] = "\"k\(first)\":1"
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse("{" + keys.joined(separator: ",") + "}") }
        }
    }

    @Test(
        "time per byte stays flat from 16 KiB to 1 MiB on adversarial shapes",
        arguments: ["many keys", "deep nesting", "long strings", "many numbers"]
    )
    func linearTime(shape: String) throws {
        let small = Self.document(shape: shape, bytes: 16 * 1024)
        let large = Self.document(shape: shape, bytes: 1024 * 1024)
        let smallCost = try Self.nanosecondsPerByte(small, repetitions: 16)
        let largeCost = try Self.nanosecondsPerByte(large, repetitions: 1)
        // A quadratic parser's cost per byte grows 64 times across this span; a linear one's only
        // with caches and allocation. The bound is wide, for a shared machine.
        print("\(shape): \(smallCost) ns/byte at \(small.utf8.count) bytes, \(largeCost) at \(large.utf8.count)")
        #expect(largeCost < smallCost * 8, "\(shape): per-byte cost grew from \(smallCost) to \(largeCost) ns")
    }

    // MARK: - Documents

    private static func object(keys: Int) -> String {
        "{" + (0..<keys).map { "\"key\($0)\":\($0)" }.joined(separator: ",") + "}"
    }

    /// A document of about `bytes` bytes that the parser accepts whole, so its whole length is read.
    static func document(shape: String, bytes: Int) -> String {
        switch shape {
        case "many keys":
            // Objects at the member limit, each with keys that share a long prefix (costly to compare).
            let prefix = String(repeating: "k", count: 24)
            let one = "{" + (0..<JSONParser.maximumMembers).map { "\"\(prefix)\($0)\":1" }.joined(separator: ",") + "}"
            return "[" + Array(repeating: one, count: max(1, bytes / one.utf8.count)).joined(separator: ",") + "]"
        case "deep nesting":
            let depth = JSONParser.maximumDepth - 1
            let one = String(repeating: "[", count: depth) + "0" + String(repeating: "]", count: depth)
            return "[" + Array(repeating: one, count: max(1, bytes / (one.utf8.count + 1))).joined(separator: ",") + "]"
        case "long strings":
            let one = "\"" + String(repeating: "a\\u00e9\\n", count: 1024) + "\""
            return "[" + Array(repeating: one, count: max(1, bytes / (one.utf8.count + 1))).joined(separator: ",") + "]"
        default:
            let one = "[" + Array(repeating: "-1.2345678901234567e-300", count: 1000).joined(separator: ",") + "]"
            return "[" + Array(repeating: one, count: max(1, bytes / (one.utf8.count + 1))).joined(separator: ",") + "]"
        }
    }

    /// The fastest of three timings of `repetitions` parses, per byte.
    private static func nanosecondsPerByte(_ text: String, repetitions: Int) throws -> Double {
        let clock = ContinuousClock()
        var fastest = Duration.seconds(1_000_000)
        for _ in 0..<3 {
            let elapsed = try clock.measure {
                for _ in 0..<repetitions { _ = try JSONParser.parse(text) }
            }
            fastest = min(fastest, elapsed)
        }
        let (seconds, attoseconds) = fastest.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        return nanoseconds / Double(repetitions * text.utf8.count)
    }
}
