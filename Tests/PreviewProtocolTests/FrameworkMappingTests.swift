import PreviewHandover
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The mapping table the handover's snippets and docs come from: a row for every field of the
/// schema, naming every framework (a new field without one fails here), and each mapping says how
/// or why not.
@Suite("Framework mappings: every field of the schema, in every framework, says how or why not")
struct FrameworkMappingTests {
    @Test("every schema field has a row, and every row is a schema field's")
    func everyField() {
        let names = Set(ConfigurationSchema.fields.map(\.linkName))
        for field in ConfigurationSchema.fields {
            #expect(FrameworkMappings.rows[field.linkName] != nil, "\(field.linkName) has no row")
        }
        for name in FrameworkMappings.rows.keys { #expect(names.contains(name), "\(name) is no schema field") }
    }

    @Test("each mapping writes something or says why not; only an exact one says nothing more")
    func everyMapping() throws {
        for field in ConfigurationSchema.fields {
            for target in ExportTarget.allCases {
                let mapping = try #require(FrameworkMappings.mapping(of: field, in: target))
                let context = "\(field.linkName) in \(target.title)"
                switch mapping {
                case .exact(let how): #expect(!how.isEmpty && mapping.note == nil, "\(context)")
                case .close(let how, let note): #expect(!how.isEmpty && !note.isEmpty, "\(context)")
                case .none(let note): #expect(!note.isEmpty && mapping.how == nil, "\(context)")
                }
            }
        }
    }

    @Test("this engine's Swift sets every field as the configuration names it")
    func engineTarget() {
        for field in ConfigurationSchema.fields {
            #expect(FrameworkMappings.mapping(of: field, in: .engine) == .exact("configuration.\(field.swiftName)"))
        }
    }

    @Test("the issue's anchors: UIKit's rate, Compose's snap distance, looping only on the web")
    func anchors() throws {
        func mapping(_ name: String, _ target: ExportTarget) throws -> FieldMapping {
            let field = try #require(ConfigurationSchema.field(linkName: name))
            return try #require(FrameworkMappings.mapping(of: field, in: target))
        }
        #expect(try mapping("decelerationRate", .uiKit).how?.contains("decelerationRate = .init(rawValue: r)") == true)
        #expect(try mapping("decelerationRate", .swiftUI).how == nil)
        #expect(try mapping("maxItemsPerFlick", .compose) == .exact("PagerSnapDistance.atMost(n)"))
        for target in ExportTarget.allCases {
            let loops = try mapping("loop", target)
            let web: Set<ExportTarget> = [.engine, .swiper, .embla, .splide]
            #expect(web.contains(target) == (loops.note == nil), "loop in \(target.title)")
        }
    }
}
