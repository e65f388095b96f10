import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// A configuration's read-only `limits`: what a `configure` accepts, so the page works none of it out.
@Suite("A configuration's limits say how many items a page may hold in its geometry")
struct ConfigurationLimitsTests {
    static func itemsPerPageMaximum(_ config: SessionConfiguration) -> JSONValue? {
        config.json["limits"]?["itemsPerPage"]?["maximum"]
    }

    @Test("the most items a page may hold is as many as fit between the insets")
    func followsTheGeometry() throws {
        let strip = SessionConfiguration(preset: "strip")!
        #expect(Self.itemsPerPageMaximum(strip) == .number(1), "the preset's item fills the viewport")
        // 375 pt less two 16 pt insets holds three 100 pt items and two 8 pt gaps (324 pt), not four.
        let narrow = try strip.applying(try JSONParser.parse(#"{"itemWidth":100}"#))
        #expect(Self.itemsPerPageMaximum(narrow) == .number(3))
        #expect(Self.itemsPerPageMaximum(narrow) == .number(Double(narrow.configuration.itemsThatFit)))
        // Ten points wide with no gaps: 34 fit in 343 pt.
        let tiny = try strip.applying(try JSONParser.parse(#"{"itemWidth":10,"spacing":0}"#))
        #expect(Self.itemsPerPageMaximum(tiny) == .number(34))
        #expect(tiny.json["limits"]?["items"] == SessionConfiguration.itemLimits)
    }

    @Test("the item widths a configure takes follow the items a page holds")
    func itemWidths() throws {
        let strip = SessionConfiguration(preset: "strip")!
        let one = try #require(strip.json["limits"]?["itemWidth"])
        #expect(one["maximum"] == .number(10_000), "a page of one item takes any width")
        let three = try strip.applying(try JSONParser.parse(#"{"itemWidth":100,"itemsPerPage":3}"#))
        // Three items and two 8 pt gaps between 16 pt insets of 375 pt: at most 109 pt each.
        #expect(three.json["limits"]?["itemWidth"]?["maximum"] == .number(109))
        #expect(throws: ProtocolError.self) { try three.applying(try JSONParser.parse(#"{"itemWidth":110}"#)) }
        guard case .number(let shortest) = three.json["limits"]?["itemWidth"]?["minimum"] else {
            Issue.record("limits.itemWidth.minimum is not a number")
            return
        }
        #expect(
            try three.applying(try JSONParser.parse(#"{"itemWidth":\#(shortest)}"#)).configuration.itemLength
                == shortest
        )
    }

    @Test("a configure may send the limits back, stale or not; other item counts are refused")
    func readOnly() throws {
        let strip = SessionConfiguration(preset: "strip")!
        let stale =
            #"{"itemWidth":100,"limits":{"items":{"minimum":0,"maximum":1000},"itemsPerPage":{"minimum":1,"maximum":1}}}"#
        #expect(try strip.applying(try JSONParser.parse(stale)).configuration.itemLength == 100)
        let forged = #"{"limits":{"items":{"minimum":0,"maximum":5000}}}"#
        #expect(throws: ProtocolError.self) { try strip.applying(try JSONParser.parse(forged)) }
        #expect(throws: ProtocolError.self) { try strip.applying(try JSONParser.parse(#"{"limits":3}"#)) }
    }
}
