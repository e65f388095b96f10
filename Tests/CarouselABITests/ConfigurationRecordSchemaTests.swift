import CarouselABI
import CarouselCore
import PreviewProtocol
import PreviewWire
import TestSupport
import Testing

/// The page writes a configuration record from the schema alone (js/engine/enginerecords.js): the
/// layout's position in `layouts`, then each schema field's JSON value in the schema's order (a
/// number as it is, a flag 0 or 1, a choice its position in `choices`, a number-or-null a flag and
/// the number). These tests hold the engine's record to that rule.
@Suite("The engine's configuration record follows the page schema, field by field")
struct ConfigurationRecordSchemaTests {
    static func schemaRecord(_ configuration: Configuration) -> [Double] {
        var values = [Double(Configuration.Layout.allCases.firstIndex(of: configuration.layout)!)]
        for field in ConfigurationSchema.fields {
            switch field.value(in: configuration) {
            case .number(let number):
                values += field.typeName == "number-or-null" ? [1, number] : [number]
            case .bool(let flag): values.append(flag ? 1 : 0)
            case .string(let name): values.append(Double(field.choices.firstIndex(of: name)!))
            case .null: values += [0, 0]
            default: Issue.record("\(field.swiftName) has a value the record cannot hold")
            }
        }
        return values
    }

    static func doubles(_ record: [UInt8]) -> [Double] {
        stride(from: 0, to: record.count, by: 8).map { offset in
            Double(bitPattern: (0..<8).reduce(UInt64(0)) { $0 | UInt64(record[offset + $1]) << (8 * UInt64($1)) })
        }
    }

    @Test("the record's fields are the layout and then the schema's, in order")
    func fieldOrder() {
        #expect(ConfigurationRecord.fields == ["layout"] + ConfigurationSchema.fields.map(\.swiftName))
        let optional = ConfigurationSchema.fields.filter { $0.typeName == "number-or-null" }.map(\.swiftName)
        #expect(ConfigurationRecord.optionalFields == Set(optional))
    }

    @Test("every preset, and seeded variations, encode as the schema rule writes them")
    func values() {
        let seed = UInt64.random(in: 1...1_000_000)
        print("ConfigurationRecordSchemaTests.values seed \(seed)")
        var random = SeededGenerator(seed: seed)
        for name in Configuration.presetNames {
            var configuration = Configuration.preset(named: name)!
            for _ in 0..<50 {
                let expected = Self.schemaRecord(configuration)
                let actual = Self.doubles(ConfigurationRecord.encode(configuration))
                #expect(actual.map(\.bitPattern) == expected.map(\.bitPattern), "\(name), seed \(seed)")
                configuration.itemLength =
                    Bool.random(using: &random) ? nil : Double.random(in: 1...500, using: &random)
                configuration.itemThickness =
                    Bool.random(using: &random) ? nil : Double.random(in: 1...500, using: &random)
                configuration.alignment = Configuration.Alignment.allCases.randomElement(using: &random)!
                configuration.layoutDirection = Configuration.LayoutDirection.allCases.randomElement(using: &random)!
                configuration.autoScrollInterval = Duration(milliseconds: Double.random(in: 1...9_000, using: &random))
                configuration.isAutoScrollEnabled.toggle()
                configuration.itemsPerPage = Int.random(in: 1...64, using: &random)
                configuration.imageFit = Configuration.ImageFit.allCases.randomElement(using: &random)!
                configuration.cornerRadius = Double.random(in: 0...200, using: &random)
            }
        }
    }
}
