import CarouselCore
import Foundation
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("The page's schema module: written by the server, never by hand")
struct PageSchemaTests {
    static let publicJS = Repository.file("public/js")

    static func read(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    /// Every page module but the generated one, by name.
    static func handWrittenModules() throws -> [(name: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(at: publicJS, includingPropertiesForKeys: nil))
        var modules: [(name: String, text: String)] = []
        for case let url as URL in enumerator
        where url.pathExtension == "js" && url.deletingLastPathComponent().lastPathComponent != "generated" {
            modules.append((url.lastPathComponent, try read(url)))
        }
        #expect(modules.count > 10, "the page's modules were found")
        return modules
    }

    @Test("public/js/generated/schema.js is what `carousel-preview schema` writes (run `make schema` when this fails)")
    func committedModuleIsCurrent() throws {
        let committed = try Self.read(Self.publicJS.appendingPathComponent("generated/schema.js"))
        #expect(committed == PageSchema.module, "public/js/generated/schema.js is stale: run `make schema`")
    }

    @Test("public/js/generated/catalogs.js is what `carousel-preview schema --catalogs` writes (run `make schema`)")
    func committedCatalogsAreCurrent() throws {
        let committed = try Self.read(Self.publicJS.appendingPathComponent("generated/catalogs.js"))
        #expect(committed == PageCatalogs.module, "public/js/generated/catalogs.js is stale: run `make schema`")
    }

    @Test("the schema has every field, preset, message kind and limit the server uses")
    func schemaIsComplete() throws {
        let json = PageSchema.json
        guard case .array(let fields)? = json["fields"], case .object(let presets)? = json["presets"],
            case .array(let messages)? = json["messages"]
        else {
            Issue.record("schema members missing")
            return
        }
        #expect(fields.map { $0["link"] } == ConfigurationSchema.fields.map { .string($0.linkName) })
        #expect(presets.map(\.key) == Configuration.presetNames)
        for (name, preset) in presets {
            #expect(preset["config"] == (try #require(SessionConfiguration(preset: name)).json), "\(name)")
        }
        #expect(messages.map { $0["type"] } == MessageKind.allCases.map { .string($0.rawValue) })
        #expect(json["limits"]?["items"]?["maximum"] == .number(Double(CatalogItem.maximumCount)))
    }

    /// Every bound of a range or limit in the schema.
    static var bounds: Set<String> {
        var bounds: Set<String> = [String(CatalogItem.maximumCount)]
        for field in ConfigurationSchema.fields {
            guard let range = field.range else { continue }
            for bound in [range.minimum, range.maximum] { bounds.insert(ValueRange.text(bound)) }
        }
        return bounds
    }

    /// The bounds only the schema would give: 0, 1, 10 and 1000 (milliseconds in a second) are
    /// written everywhere for other reasons.
    static var distinctiveBounds: Set<String> { bounds.filter { Double($0).map { $0 > 1000 } ?? false } }

    @Test("no hand-written module repeats a range bound, a limit, a preset table or the list of message kinds")
    func nothingIsWrittenTwice() throws {
        let kinds = MessageKind.allCases.map { "\"\($0.rawValue)\"" }
        for (name, text) in try Self.handWrittenModules() {
            // Each number written in the module, digit separators dropped.
            let numbers = Set(
                text.split { !$0.isNumber && $0 != "_" && $0 != "." }.map { $0.replacingOccurrences(of: "_", with: "") }
            )
            for bound in Self.distinctiveBounds {
                #expect(!numbers.contains(bound), "\(name) writes the schema's \(bound)")
            }
            // Any bound given a name of its own (`const MAXIMUM_ITEMS = 1000;`) is one written twice.
            for line in text.split(separator: "\n") where line.hasPrefix("const ") && line.contains(" = ") {
                let value = line.split(separator: "=").last!.trimmingCharacters(in: .whitespaces.union([";"]))
                #expect(!Self.bounds.contains(value.replacingOccurrences(of: "_", with: "")), "\(name): \(line)")
            }
            #expect(!text.contains("decelerationRate: 0.99"), "\(name) writes a preset's values")
            // A list naming three or more message kinds is the schema's list again.
            for line in text.split(separator: "\n") {
                let named = kinds.filter { line.contains($0) }.count
                #expect(named < 3, "\(name) lists message kinds: \(line)")
            }
        }
    }
}
