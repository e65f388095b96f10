import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("One schema: the config JSON, configure, errors and the export derive from the field table")
struct SchemaTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// A value inside `field`'s range near `current` (so it breaks no rule between fields) and
    /// different from it.
    static func otherValue(for field: ConfigurationField, than current: JSONValue) -> JSONValue {
        switch (field.typeName, current) {
        case ("boolean", _): return current == .bool(true) ? .bool(false) : .bool(true)
        case ("choice", _): return .string(field.choices.first { .string($0) != current }!)
        case (_, .number(let number)):
            let range = field.range!
            let step = field.typeName == "integer" ? 1 : min(1, (range.maximum - range.minimum) / 1000)
            return .number(range.contains(number + step) ? number + step : number - step)
        default: return .number(100)
        }
    }

    /// `value` at `path` inside a JSON object.
    static func member(_ json: JSONValue, _ path: [String]) -> JSONValue? {
        path.reduce(Optional(json)) { partial, key in partial?[key] }
    }

    @Test("every field of every preset sits in the config JSON at its path, with the engine's value")
    func configJSONFollowsTheTable() throws {
        for name in Configuration.presetNames {
            let config = try #require(SessionConfiguration(preset: name))
            for field in ConfigurationSchema.fields {
                #expect(
                    Self.member(config.json, field.path) == field.value(in: config.configuration),
                    "\(name) \(field.messagePath)"
                )
            }
        }
    }

    /// The strip with 100 pt items: three fit between its insets, so two items a page is a value
    /// near the current one that breaks no rule between fields.
    static func stripOfShortItems() throws -> SessionConfiguration {
        try #require(SessionConfiguration(preset: "strip")).applying(.object([("itemWidth", .number(100))]))
    }

    @Test("a configure that changes one field changes that field alone, for every field")
    func patchOneFieldAtATime() throws {
        let base = try Self.stripOfShortItems()
        for field in ConfigurationSchema.fields where field.linkName != "axis" {
            let wanted = Self.otherValue(for: field, than: field.value(in: base.configuration))
            var patch: JSONValue = wanted
            for key in field.path.reversed() { patch = .object([(key, patch)]) }
            let changed = try base.applying(patch)
            #expect(field.value(in: changed.configuration) == wanted, "\(field.messagePath)")
            for other in ConfigurationSchema.fields where other.linkName != field.linkName {
                #expect(
                    other.value(in: changed.configuration) == other.value(in: base.configuration),
                    "setting \(field.messagePath) changed \(other.messagePath)"
                )
            }
        }
    }

    @Test("each range's ends: a bound it includes is taken, one step past it is out_of_range with the bounds")
    func rangeEnds() throws {
        for field in ConfigurationSchema.fields {
            guard let range = field.range else { continue }
            var configuration = Configuration.banner
            if range.includesMinimum {
                try field.set(.number(range.minimum), in: &configuration)
            }
            let below = range.includesMinimum ? range.minimum.nextDown : range.minimum
            #expect(throws: FieldProblem.self) { try field.set(.number(below), in: &configuration) }
            do throws(FieldProblem) {
                try field.set(.number(below), in: &configuration)
            } catch {
                #expect(error.code == .outOfRange && error.field == field.linkName && error.range == range)
                #expect(error.message.hasPrefix(field.messagePath), "\(error.message)")
            }
            if range.maximum.isFinite {
                let above = range.includesMaximum ? range.maximum.nextUp : range.maximum
                #expect(throws: FieldProblem.self, "\(field.messagePath) \(above)") {
                    try field.set(.number(above), in: &configuration)
                }
            }
            do throws(FieldProblem) {
                try field.set(.string("12"), in: &configuration)
                Issue.record("\(field.messagePath) took a string")
            } catch {
                #expect(error.code == .wrongType)
            }
        }
    }

    @Test("an invalid configure answers with the field's message path in `field`, for every numeric field")
    func configureErrorsNameTheField() throws {
        var transport = FakeTransport.opened(["session": "fields", "clock": "manual"])
        for field in ConfigurationSchema.fields {
            guard let range = field.range else { continue }
            var patch = JSONValue.number(range.includesMinimum ? range.minimum.nextDown : range.minimum)
            for key in field.path.reversed() { patch = .object([(key, patch)]) }
            transport.send(1, #"{"type":"configure","config":\#(patch.encoded)}"#)
            let answer = try JSONParser.parse(transport.sent[1]!.last!)
            #expect(answer["type"] == .string("error") && answer["code"] == .string("invalid_value"))
            #expect(answer["field"] == .string(field.messagePath), "\(answer.encoded)")
        }
        transport.send(1, #"{"type":"advance","ms":-1}"#)
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["field"] == .string("advance.ms"))
        transport.send(1, #"{"type":"command","name":"goto","index":99}"#)
        #expect(try JSONParser.parse(transport.sent[1]!.last!)["field"] == .string("command.index"))
        transport.send(1, #"{"type":"ping"}"#)
        transport.send(1, #"{"type":"nonsense"}"#)
        let unknown = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(unknown["code"] == .string("unknown_type") && unknown["field"] == nil, "no member to name")
    }

    @Test("a rule between fields names the field it is about: an inset that leaves no room is config.inset")
    func crossFieldRuleNamesAField() throws {
        var transport = FakeTransport.opened(["session": "cross", "clock": "manual"])
        transport.send(1, #"{"type":"configure","config":{"inset":200,"viewport":{"width":390}}}"#)
        let answer = try JSONParser.parse(transport.sent[1]!.last!)
        #expect(answer["code"] == .string("invalid_value"), "\(answer.encoded)")
        #expect(answer["field"] == .string("config.inset"), "\(answer.encoded)")
    }

    @Test("the Swift export assigns a changed field by its Swift name, and nothing else, for every field")
    func exportFollowsTheTable() throws {
        #expect(
            ConfigurationExport(try #require(SessionConfiguration(preset: "strip")), itemCount: 5).swift
                .contains("let configuration: Configuration = .strip\n")
        )
        let base = try Self.stripOfShortItems()
        for field in ConfigurationSchema.fields where field.linkName != "axis" {
            var patch = Self.otherValue(for: field, than: field.value(in: base.configuration))
            for key in field.path.reversed() { patch = .object([(key, patch)]) }
            let changed = try base.applying(patch)
            let swift = ConfigurationExport(changed, itemCount: 5).swift
            let assignment = "configuration.\(field.swiftName) = \(field.swiftLiteral(in: changed.configuration))"
            #expect(swift.contains(assignment), "\(swift)")
            // The base's own item length is assigned too, unless it is the field that changed.
            let assignments = field.swiftName == "itemLength" ? 1 : 2
            #expect(swift.components(separatedBy: "configuration.").count == 1 + assignments, "\(swift)")
        }
    }

    @Test("names are unique: link names, message paths and Swift names each name one field")
    func namesAreUnique() {
        let fields = ConfigurationSchema.fields
        #expect(Set(fields.map(\.linkName)).count == fields.count)
        #expect(Set(fields.map(\.messagePath)).count == fields.count)
        #expect(Set(fields.map(\.swiftName)).count == fields.count)
        #expect(!fields.contains { ["preset", "items", "session", "clock", "token"].contains($0.linkName) })
    }

    @Test("message kinds: every kind decodes by its type name, and only kinds that carry seq keep one")
    func messageKinds() throws {
        let examples: [MessageKind: String] = [
            .pointer: #"{"type":"pointer","phase":"down","x":1,"y":1,"t":0,"seq":1}"#,
            .wheel: #"{"type":"wheel","dx":3,"dy":0,"t":0,"seq":1}"#,
            .command: #"{"type":"command","name":"next","seq":1}"#,
            .configure: #"{"type":"configure","config":{},"seq":1}"#,
            .visibility: #"{"type":"visibility","hidden":false,"seq":1}"#,
            .advance: #"{"type":"advance","ms":16,"seq":1}"#,
            .ping: #"{"type":"ping","seq":1}"#,
            .export: #"{"type":"export","format":"swift","seq":1}"#,
            .record: #"{"type":"record","action":"start","seq":1}"#,
            .replay: #"{"type":"replay","recording":{}}"#,
            .name: #"{"type":"name","name":"Ana","seq":1}"#,
            .image: #"{"type":"image","bytes":10,"seq":1}"#,
            .variant: #"{"type":"variant","action":"save","name":"v2","seq":1}"#,
            .feel: #"{"type":"feel","seq":1}"#,
            .render: #"{"type":"render","format":"gif","part":"{","last":false,"seq":1}"#,
        ]
        for kind in MessageKind.allCases {
            let text = try #require(examples[kind])
            #expect(text.contains(#""type":"\#(kind.rawValue)""#))
            if kind != .replay {
                let message = try ClientMessage.decode(text)
                #expect(message.kind == kind, "\(kind)")
                #expect(
                    (message.seq != nil) == kind.carriesSeq,
                    "\(kind): a seq is echoed only by kinds that carry one"
                )
            }
        }
    }
}
