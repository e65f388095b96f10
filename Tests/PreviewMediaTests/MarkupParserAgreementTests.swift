import Foundation
import PreviewTesting
import Testing

@testable import PreviewMedia

/// The Swift parser against libxml2: Tests/Fixtures/hostile/svg/expected.json holds what libxml2
/// (through lxml, expected.py) reads in each SVG fixture and banner and in the random documents of
/// Tests/Fixtures/markup, and the parser must read the same names, attribute values and text,
/// refuse what libxml2 finds malformed, and refuse by design what it refuses by design.
@Suite("The markup parser reads the fixtures as libxml2 does")
struct MarkupParserAgreementTests {
    @Test("every element and attribute resolves to the namespace, local name and value libxml2 gives it")
    func agreement() throws {
        let data = try Data(contentsOf: Repository.file("Tests/Fixtures/hostile/svg/expected.json"))
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        let files = json["files"] as! [String: [String: Any]]
        #expect(files.count >= 100)
        for (path, expected) in files.sorted(by: { $0.key < $1.key }) {
            let bytes = Array(try Data(contentsOf: Repository.file(path)))
            let result = Result { () throws(MarkupError) in
                try MarkupDocument.parse(bytes, limits: MarkupLimits(bytes: MediaLimits().svgBytes))
            }
            if let malformed = expected["malformed"] as? String {
                #expect(throws: MarkupError.self, "\(path): libxml2 says \(malformed)") { try result.get() }
            } else if let refused = expected["refused"] as? String {
                #expect(
                    (try? result.get()) == nil && "\(result)".contains(refused),
                    "\(path): refused by design (\(refused)), read as \(result)"
                )
            } else {
                let document = try result.get()
                let lines = Self.lines(document.root)
                #expect(lines.count == expected["count"] as? Int, "\(path)")
                if let elements = expected["elements"] as? [String] { #expect(lines == elements, "\(path)") }
                let digest = SHA256.hex(Array(lines.map { $0 + "\n" }.joined().utf8))
                #expect(digest == expected["sha256"] as? String, "\(path)")
                let values = Self.values(document.root).map { $0 + "\u{0}" }.joined()
                #expect(SHA256.hex(Array(values.utf8)) == expected["values"] as? String, "\(path): \(values)")
                let text = Self.text(document.root)
                #expect(SHA256.hex(Array(text.utf8)) == expected["text"] as? String, "\(path): \(text)")
            }
        }
    }

    /// Every attribute value, in document order.
    static func values(_ element: MarkupElement) -> [String] {
        element.attributes.map(\.value) + element.elements.flatMap(values)
    }

    /// All the text, in document order.
    static func text(_ element: MarkupElement) -> String {
        element.children.map {
            switch $0 {
            case .text(let text): text
            case .element(let child): Self.text(child)
            }
        }.joined()
    }

    /// A line per element in document order: its name, then its attributes', in Clark's notation.
    static func lines(_ element: MarkupElement) -> [String] {
        [([element.name] + element.attributes.map(\.name)).map(\.description).joined(separator: " ")]
            + element.elements.flatMap(lines)
    }
}
