import Foundation
import PreviewTesting
import Testing

/// The files, folders and targets the guides name are the repository's: every name
/// docs/architecture.md gives exists where it says, and docs/guide/development.md lists the
/// Makefile's `test:` targets, all of them, in order.
@Suite("The files and targets the documents name exist as named")
struct DocumentedPathsTests {
    /// Every file and folder under the folders a document may name, relative to the top folder, and
    /// the top folder's own files (`Package.swift`, `Makefile`).
    static func repositoryPaths() -> [String] {
        var paths = (try? FileManager.default.contentsOfDirectory(atPath: Repository.root.path)) ?? []
        for top in ["Sources", "Tests", "public", "docs"] {
            paths.append(top)
            let enumerator = FileManager.default.enumerator(atPath: Repository.file(top).path)
            while let path = enumerator?.nextObject() as? String { paths.append("\(top)/\(path)") }
        }
        return paths
    }

    /// The paths a code span may name: itself, or a Swift file of that name (`RenderJob`,
    /// `Replay/Film`); `nil` for a span that names no file (a command, a member, a message).
    static func candidates(_ span: String) -> [String]? {
        guard !span.contains(where: { " ={\":".contains($0) }), let first = span.first else { return nil }
        if span.hasSuffix("/") { return [String(span.dropLast())] }
        if span.hasSuffix(".swift") || span.hasSuffix(".js") || span.hasSuffix(".md") { return [span] }
        if span.contains("/") { return [span, span + ".swift"] }
        return first.isUppercase ? [span + ".swift"] : nil
    }

    @Test("every file and folder docs/architecture.md names exists where it says")
    func architectureNames() throws {
        let text = try String(contentsOf: Repository.file("docs/architecture.md"), encoding: .utf8)
        let paths = Self.repositoryPaths()
        // Code spans are the odd pieces between backticks (the page has no fenced block).
        let spans = text.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        var checked = 0
        var missing: [String] = []
        for span in spans {
            guard let names = Self.candidates(span) else { continue }
            checked += 1
            let found = names.contains { name in paths.contains { $0 == name || $0.hasSuffix("/" + name) } }
            if !found { missing.append(span) }
        }
        #expect(checked > 50, "the names were not found in docs/architecture.md")
        #expect(missing.isEmpty, "docs/architecture.md names what is not there: \(missing)")
        // The two claims it once had wrong: the card pool's folder, and which file catches the clock up.
        #expect(paths.contains("Sources/CarouselCore/Cards/CardSlotPool.swift") && text.contains("its card pool"))
        let messages = try String(
            contentsOf: Repository.file("Sources/PreviewProtocol/Session/Session+Messages.swift"),
            encoding: .utf8
        )
        #expect(messages.contains("catchUp(now)"))
        #expect(text.contains("`Sources/PreviewProtocol/Session/Session+Messages.swift` catches the live clock up"))
    }

    @Test("docs/guide/development.md lists exactly the Makefile's `test:` targets, in order")
    func makeTestTargets() throws {
        let makefile = try String(contentsOf: Repository.file("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("test:") })
        let targets = line.dropFirst("test:".count).split(separator: " ").map(String.init)
        let guide = try String(contentsOf: Repository.file("docs/guide/development.md"), encoding: .utf8)
        let section = try #require(guide.components(separatedBy: "## The tests").dropFirst().first)
        // The section's first table: its rows, up to the blank line after it.
        let rows = section.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        let listed = rows.flatMap { row in
            (row.split(separator: "|").first ?? "").matches(of: /`make ([\w-]+)`/).map { String($0.1) }
        }
        #expect(targets.count >= 5, "no `test:` line in the Makefile")
        #expect(listed == targets, "development.md lists \(listed); the Makefile runs \(targets)")
    }
}
