import PreviewWire
import Testing

@testable import PreviewProtocol

/// Every configuration field reaches the designer: the page builds its panel from the schema, so a
/// field with no control and no stated reason would be one only a typed link could set.
@Suite("The panel from the schema")
struct SchemaPanelTests {
    @Test(
        "every field has a control or says why it is link-only",
        arguments: ConfigurationSchema.fields.map(\.linkName)
    )
    func everyFieldHasAPlace(link: String) throws {
        let field = try #require(ConfigurationSchema.field(linkName: link))
        switch ConfigurationPanel.place(of: link) {
        case nil:
            Issue.record("\(link) has neither a control nor a reason in ConfigurationPanel")
        case .linkOnly(let reason)?:
            #expect(reason.count > 20, "\(link): a reason a reader can act on, not \"\(reason)\"")
        case .control(let control)?:
            switch control.kind {
            case .range:
                let offered = try #require(control.offered, "\(link): a slider needs its offered range")
                let range = try #require(field.range, "\(link): a slider for a field without numbers")
                #expect(
                    range.contains(offered.minimum) && range.contains(offered.maximum),
                    "\(link): offers what the server refuses"
                )
                #expect(offered.step > 0 && offered.minimum < offered.maximum)
            case .number: #expect(field.range != nil, "\(link): a number box for a field without numbers")
            case .toggle: #expect(field.typeName == "boolean", "\(link): a switch for a \(field.typeName)")
            case .menu:
                #expect(field.typeName == "choice", "\(link): a menu for a \(field.typeName)")
                #expect(Set(control.choiceLabels.keys) == Set(field.choices), "\(link): a label for each choice")
            }
        }
    }

    @Test("the panel's order lists each control once, and nothing else")
    func orderListsEachControl() {
        let controls = ConfigurationSchema.fields.map(\.linkName).filter {
            if case .control? = ConfigurationPanel.place(of: $0) { true } else { false }
        }
        #expect(ConfigurationPanel.order.sorted() == controls.sorted())
    }

    @Test("the page's schema carries each field's panel")
    func schemaCarriesIt() throws {
        guard case .array(let fields)? = PageSchema.json["fields"] else { throw Missing() }
        for field in fields {
            #expect(field["panel"] != nil || field["linkOnly"] != nil, "\(field.encoded)")
        }
        let spring = try #require(fields.first { $0["link"] == .string("springFrequency") })
        #expect(spring["panel"]?["label"] == .string("Snap") && spring["panel"]?["reversed"] == .bool(true))
    }

    struct Missing: Error {}
}
