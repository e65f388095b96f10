import TestSupport
import Testing

@testable import PreviewMedia

/// Random documents from a small grammar (prefixes declared and redeclared at random depths,
/// attributes in namespaces, values and text full of characters that need escaping, CDATA,
/// comments) parse back to the tree they were written from; random mutations of them never crash
/// the parser and never make it work more than a fixed multiple of their bytes. A failure names
/// its seed, which replays it.
@Suite("The markup parser: round trips and mutations from seeds")
struct MarkupParserPropertyTests {
    static let seeds: Range<UInt64> = 0..<300
    static let limits = MarkupLimits(bytes: 1 << 20)

    @Test("a written document parses back to the tree it was written from")
    func roundTrip() throws {
        print("MarkupParserPropertyTests.roundTrip: seeds \(Self.seeds)")
        for seed in Self.seeds {
            var writer = DocumentWriter(seed: seed)
            let (tree, text) = writer.document()
            do {
                let document = try MarkupDocument.parse(Array(text.utf8), limits: Self.limits)
                #expect(document.root == tree, "seed \(seed): \(text)")
            } catch {
                Issue.record("seed \(seed): \(error) in \(text)")
            }
        }
    }

    @Test("mutated documents are read or refused, never crash, and cost at most 4 steps a byte")
    func mutations() {
        print("MarkupParserPropertyTests.mutations: seeds \(Self.seeds)")
        let interesting = Array("<>&;#x\"'/!?[]-=: \t\r\nazAZ09".utf8) + [0x00, 0x80, 0xC3, 0xEF, 0xBF, 0xFF]
        for seed in Self.seeds {
            var writer = DocumentWriter(seed: seed)
            let original = Array(writer.document().text.utf8)
            var generator = SeededGenerator(seed: seed &+ 1_000_003)
            for round in 0..<8 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...6, using: &generator) {
                    let at = Int.random(in: 0...bytes.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0 where at < bytes.count: bytes[at] = interesting.randomElement(using: &generator)!
                    case 1: bytes.insert(interesting.randomElement(using: &generator)!, at: at)
                    case 2 where at < bytes.count:
                        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &generator)))
                    default:
                        let start = Int.random(in: 0...bytes.count, using: &generator)
                        let span = bytes[start..<min(bytes.count, start + Int.random(in: 1...40, using: &generator))]
                        bytes.insert(contentsOf: span, at: at)
                    }
                }
                var parser = MarkupParser(bytes, limits: Self.limits)
                _ = try? parser.parse()
                #expect(parser.steps <= 4 * bytes.count + 16, "seed \(seed) round \(round): \(parser.steps) steps")
            }
        }
    }

    @Test("the work stays linear on inputs built to be costly")
    func costlyInputs() {
        let inputs = [
            "<a " + (0..<60).map { "a\($0)='\(String(repeating: "&amp;", count: 200))'" }.joined(separator: " ") + "/>",
            "<a>" + String(repeating: "<b xmlns:p='urn:p' xmlns='urn:q' p:x='1'/>", count: 5000) + "</a>",
            String(repeating: "<g>", count: 64) + String(repeating: "x&#x1F600;", count: 10_000)
                + String(repeating: "</g>", count: 64),
            "<a>" + String(repeating: "<!-- - - - -->", count: 10_000) + "</a>",
            "<" + String(repeating: "n", count: 100_000) + "/>",
        ]
        for input in inputs {
            let bytes = Array(input.utf8)
            var parser = MarkupParser(bytes, limits: Self.limits)
            _ = try? parser.parse()
            #expect(parser.steps <= 4 * bytes.count + 16, "\(parser.steps) steps for \(bytes.count) bytes")
        }
    }
}

/// Writes random documents and the tree each must parse to.
struct DocumentWriter {
    private var generator: SeededGenerator
    private static let namespaces = ["http://www.w3.org/2000/svg", "urn:a", "urn:b?x=<&>\"'", "http://e.example/é"]
    private static let prefixes = ["p", "q", "svg", "x1", "_z"]
    private static let localNames = ["svg", "g", "rect", "a-b", "c.d", "_e", "F9"]
    private static let attributeNames = ["x", "y", "fill", "data-v", "_k", "d.e"]
    private static let characters: [String] = [
        "a", "b", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "]]>", "é", "😀", "-", ";", "#", "\u{7F}",
    ]

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    /// A document's tree and its text.
    mutating func document() -> (tree: MarkupElement, text: String) {
        var text = chance(4) ? "\u{FEFF}" : ""
        if chance(2) { text += #"<?xml version="1.0" encoding="UTF-8"?>"# }
        text += misc()
        let (tree, element) = self.element(depth: 0, bindings: [:], defaultNamespace: nil)
        text += element + misc()
        return (tree, text)
    }

    private mutating func chance(_ oneIn: Int) -> Bool { Int.random(in: 0..<oneIn, using: &generator) == 0 }
    private mutating func pick<T>(_ values: [T]) -> T { values.randomElement(using: &generator)! }

    private mutating func misc() -> String {
        (0..<Int.random(in: 0...2, using: &generator)).map { _ in
            chance(2) ? " \n" : "<!-- \(pick(["x", "-x", ""])) -->"
        }
        .joined()
    }

    private mutating func element(
        depth: Int,
        bindings: [String: String],
        defaultNamespace: String?
    ) -> (MarkupElement, String) {
        var bindings = bindings
        var defaultNamespace = defaultNamespace
        var declarations: [String] = []
        if chance(3) {
            let uri = chance(4) ? "" : pick(Self.namespaces)
            defaultNamespace = uri.isEmpty ? nil : uri
            declarations.append(" xmlns=\(quoted(uri))")
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) {
            let prefix = pick(Self.prefixes)
            guard !declarations.contains(where: { $0.hasPrefix(" xmlns:\(prefix)=") }) else { continue }
            let uri = pick(Self.namespaces)
            bindings[prefix] = uri
            declarations.append(" xmlns:\(prefix)=\(quoted(uri))")
        }
        let local = pick(Self.localNames)
        var written = local
        var name = MarkupName(local, namespace: defaultNamespace)
        if let prefix = bindings.keys.sorted().randomElement(using: &generator), chance(2) {
            written = "\(prefix):\(local)"
            name = MarkupName(local, namespace: bindings[prefix])
        }
        var attributes: [MarkupAttribute] = []
        var attributeText = ""
        for _ in 0..<Int.random(in: 0...4, using: &generator) {
            let local = pick(Self.attributeNames)
            var attributeName = MarkupName(local)
            var writtenName = local
            if let prefix = bindings.keys.sorted().randomElement(using: &generator), chance(2) {
                attributeName = MarkupName(local, namespace: bindings[prefix])
                writtenName = "\(prefix):\(local)"
            } else if chance(8) {
                attributeName = MarkupName("lang", namespace: MarkupName.xmlNamespace)
                writtenName = "xml:lang"
            }
            guard !attributes.contains(where: { $0.name == attributeName }) else { continue }
            let value = randomText()
            attributes.append(MarkupAttribute(attributeName, value))
            attributeText += "\(pick([" ", "\n", "  "]))\(writtenName)\(pick(["=", " = "]))\(quoted(value))"
        }
        var children: [MarkupNode] = []
        var content = ""
        for _ in 0..<Int.random(in: 0...(depth < 5 ? 4 : 0), using: &generator) {
            if chance(2) {
                let (child, text) = element(depth: depth + 1, bindings: bindings, defaultNamespace: defaultNamespace)
                children.append(.element(child))
                content += text
            } else {
                let text = randomText()
                guard !text.isEmpty else { continue }
                if case .text(let before) = children.last {
                    children[children.count - 1] = .text(before + text)
                } else {
                    children.append(.text(text))
                }
                content += writtenText(text) + (chance(3) ? "<!--c-->" : "")
            }
        }
        let open = "<\(written)\(declarations.shuffled(using: &generator).joined())\(attributeText)"
        let tree = MarkupElement(name, attributes: attributes, children: children)
        if content.isEmpty, chance(2) { return (tree, open + pick(["/>", " />"])) }
        return (tree, open + ">" + content + "</\(written)\(pick(["", " "]))>")
    }

    private mutating func randomText() -> String {
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in pick(Self.characters) }.joined()
    }

    /// Text content: escaped, or a CDATA section when it can be one.
    private mutating func writtenText(_ text: String) -> String {
        if chance(3), !text.contains("]]>"), !text.contains("\r") { return "<![CDATA[\(text)]]>" }
        return escaped(text, quote: nil)
    }

    private mutating func quoted(_ value: String) -> String {
        let quote: Character = chance(2) ? "\"" : "'"
        return "\(quote)\(escaped(value, quote: quote))\(quote)"
    }

    /// Escapes what must be, and at random some ordinary characters as numeric references.
    private mutating func escaped(_ text: String, quote: Character?) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += pick(["&gt;", "&#62;"])
            case "\"" where quote == "\"": output += pick(["&quot;", "&#34;"])
            case "'" where quote == "'": output += pick(["&apos;", "&#x27;"])
            case "\t" where quote != nil: output += "&#9;"
            case "\n" where quote != nil: output += "&#10;"
            case "\r\n": output += "&#13;&#10;"
            case "\r": output += "&#13;"
            default:
                let scalar = character.unicodeScalars.first!.value
                output += chance(6) ? pick(["&#\(scalar);", "&#x\(String(scalar, radix: 16));"]) : String(character)
            }
        }
        return output
    }
}
