import CarouselCore
import PreviewRecording
import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// Save, Download settings, `serve --config`, open: the same configuration, items and variants come
/// back, for random configurations of every field the schema has (a variant's `itemsPerPage` was
/// once lost on the way).
@Suite("Settings files round-trip every field")
struct SettingsRoundTripTests {
    /// A random value for `field`, within its range (or one of its choices); nil for a field whose
    /// value follows the preset (the content, which needs items of its own).
    static func randomValue(_ field: ConfigurationField, using random: inout SeededGenerator) -> JSONValue? {
        switch field.typeName {
        case "boolean": return .bool(Bool.random(using: &random))
        case "choice":
            guard field.linkName != "content" else { return nil }
            return .string(field.choices.randomElement(using: &random)!)
        default:
            guard let range = field.range else { return nil }
            let low = max(range.minimum, -1_000)
            let high = min(range.maximum, 1_000)
            var value = Double.random(in: low...high, using: &random)
            if field.typeName == "integer" || Bool.random(using: &random) { value = value.rounded(.down) }
            if field.typeName == "number-or-null", Bool.random(using: &random) { return .null }
            return range.contains(value) ? .number(value) : nil
        }
    }

    /// A random configuration the server takes: each field set with a chance, the set refused as a
    /// whole (a rule between fields) tried again.
    static func randomConfiguration(
        using random: inout SeededGenerator
    ) -> (patch: JSONValue, config: SessionConfiguration) {
        while true {
            let preset = Configuration.presetNames.randomElement(using: &random)!
            var patch: [(key: String, value: JSONValue)] = []
            for field in ConfigurationSchema.fields where Int.random(in: 0..<3, using: &random) == 0 {
                guard let value = randomValue(field, using: &random) else { continue }
                patch = merge(patch, path: field.path[...], value: value)
            }
            let json = JSONValue.object([("preset", .string(preset))] + patch)
            if let config = try? SessionConfiguration(preset: preset)!.applying(json) { return (json, config) }
        }
    }

    static func merge(
        _ members: [(key: String, value: JSONValue)],
        path: ArraySlice<String>,
        value: JSONValue
    ) -> [(key: String, value: JSONValue)] {
        var members = members
        let key = path.first!
        if path.count == 1 {
            members.removeAll { $0.key == key }
            members.append((key, value))
            return members
        }
        let inner: [(key: String, value: JSONValue)]
        if let index = members.firstIndex(where: { $0.key == key }), case .object(let existing) = members[index].value {
            inner = existing
            members.remove(at: index)
        } else {
            inner = []
        }
        members.append((key, .object(merge(inner, path: path.dropFirst(), value: value))))
        return members
    }

    @Test("export → settings file → serve --config → welcome: config, own items and variants as they were (seeded)")
    func roundTrip() throws {
        for seed in UInt64(1)...60 {
            var random = SeededGenerator(seed: seed)
            let (live, _) = Self.randomConfiguration(using: &random)
            var harness = HubHarness.opened(["session": "s", "clock": "manual"])
            let uniform = live["preset"] != .string("cards")
            if uniform {
                harness.send(
                    1,
                    #"{"type":"configure","config":{"preset":"banner"},"items":[{"id":"a","title":"Ä","price":"9 €","image":"banners/spring-sale.svg"},{"id":"b","title":"B"}]}"#
                )
            }
            harness.send(1, #"{"type":"configure","config":\#(live.encoded)}"#)
            var variants: [(String, SessionConfiguration, Int)] = []
            for index in 0..<3 {
                let (patch, config) = Self.randomConfiguration(using: &random)
                let count = Int.random(in: 0...12, using: &random)
                harness.send(
                    1,
                    #"{"type":"variant","action":"save","name":"v\#(index)","config":\#(patch.encoded),"itemCount":\#(count)}"#
                )
                variants.append(("v\(index)", config, count))
            }
            harness.send(1, #"{"type":"export"}"#)
            let exported = try JSONParser.parse(
                try #require(harness.sent[1]?.last { $0.contains(#""type":"export""#) })
            )
            let settingsText = try #require(
                exported["settings"],
                "seed \(seed): no settings in \(exported.encoded.prefix(300))"
            )
            let start = try SessionStart(settingsFile: settingsText.encoded)
            var served = HubHarness(hub: PreviewHub(start: start))
            served.open(1, ["session": "s"])
            let before = try HubHarness.welcomeOf(harness, reopening: "s")
            let after = try served.first(1)
            #expect(
                after["config"] == before["config"],
                "seed \(seed): config \(after["config"]?.encoded ?? "") != \(before["config"]?.encoded ?? "")"
            )
            #expect(after["items"] == before["items"], "seed \(seed): items")
            guard case .array(let listed)? = after["variants"] else {
                Issue.record("seed \(seed): no variants in the welcome")
                continue
            }
            for ((name, config, count), variant) in zip(variants, listed) {
                let read = try Variant.read(variant, field: "variant")
                #expect(read.name == name && read.itemCount == count, "seed \(seed): \(variant.encoded)")
                #expect(read.config == config, "seed \(seed): \(name) came back as \(variant.encoded)")
            }
            #expect(listed.count == variants.count, "seed \(seed)")
        }
    }
}

extension HubHarness {
    /// The welcome a new viewer of `session` gets from `harness`'s hub now.
    static func welcomeOf(_ harness: HubHarness, reopening session: String) throws -> JSONValue {
        var copy = harness
        copy.open(99, ["session": session])
        return try copy.first(99)
    }
}
