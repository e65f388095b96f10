import CarouselCore
import Foundation
import PreviewWire
import Testing

@testable import PreviewProtocol

/// The `wheel` message: decoded and refused as a pointer's numbers are, owned like a finger, and
/// journaled so a recording of a trackpad swipe replays exactly.
@Suite("Wheel messages: decoded, owned like a finger, recorded and replayed byte for byte")
struct WheelMessageTests {
    typealias FakeTransport = HubTests.FakeTransport

    static func wheel(dx: Double, dy: Double = 0, t: Double) -> String {
        #"{"type":"wheel","dx":\#(JSONValue.number(dx).encoded),"dy":\#(JSONValue.number(dy).encoded),"t":\#(JSONValue.number(t).encoded)}"#
    }

    /// A trackpad swipe of 60 events 10 ms apart, rising then decaying, as a viewer sends it over
    /// live ticks, starting at the hub's time.
    static func swipe(_ transport: inout FakeTransport, _ connection: Int) {
        let start =
            Double(transport.now.components.seconds) * 1000 + Double(transport.now.components.attoseconds) / 1e15
        for event in 0..<60 {
            let delta = event < 15 ? 2 * Double(event + 1) : 30 * pow(0.92, Double(event - 14))
            transport.send(connection, wheel(dx: delta.rounded(), t: start + Double(event * 10)))
            transport.tick(by: .milliseconds(10))
        }
    }

    static func errors(_ transport: FakeTransport, _ connection: Int) -> [JSONValue] {
        (transport.sent[connection] ?? []).map { try! JSONParser.parse($0) }.filter { $0["type"] == .string("error") }
    }

    @Test("decodes and encodes back to the same message; edge numbers pass or are refused as a pointer's")
    func decoding() throws {
        let message = try ClientMessage.decode(#"{"type":"wheel","dx":12.5,"dy":-0,"t":1000,"seq":7}"#)
        #expect(message == .wheel(dx: 12.5, dy: -0.0, time: 1000, seq: 7))
        let encoded = message.json.encoded
        #expect(try ClientMessage.decode(encoded) == message, "\(encoded)")
        for bad in [
            #"{"type":"wheel","dx":"NaN","dy":0,"t":0}"#, #"{"type":"wheel","dy":0,"t":0}"#,
            #"{"type":"wheel","dx":1,"dy":0}"#, #"{"type":"wheel","dx":1e400,"dy":0,"t":0}"#,
        ] {
            #expect(throws: ProtocolError.self, "\(bad)") { try ClientMessage.decode(bad) }
        }
        // Numbers the wire carries but the engine refuses are answered with an error naming the message.
        var transport = FakeTransport.opened(["session": "edges", "clock": "manual"])
        for (dx, t) in [(1e7, 0.0), (1, 1e16)] { transport.send(1, Self.wheel(dx: dx, t: t)) }
        let refused = Self.errors(transport, 1)
        #expect(refused.count == 2)
        #expect(refused.allSatisfy { $0["code"] == .string("invalid_value") && $0["ref"] == .string("wheel") })
        for dx in [0, -0.0, Double.leastNonzeroMagnitude, 1e-307, 1e6, -1e6] {
            transport.send(1, Self.wheel(dx: dx, t: 10))
        }
        #expect(Self.errors(transport, 1).count == 2)
    }

    @Test("a trackpad swipe over a live session pages once; its recording replays byte for byte")
    func recordedSwipeReplays() throws {
        var transport = FakeTransport.opened(["session": "wheel", "preset": "banner"])
        transport.open(2, ["session": "wheel"])
        for _ in 0..<5 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"start"}"#)
        Self.swipe(&transport, 1)
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(RecordingTests.recordingText(transport, 1))
        #expect(text.contains(#""type":"wheel""#))
        let first = try RecordingTests.replaysAsReceived(text, by: 2, of: transport)
        let events = first.joined()
        #expect(events.components(separatedBy: #""pageChanged""#).count == 2, "one page per swipe")
        #expect(events.contains(#""settled""#))
    }

    @Test("another viewer's wheel while a finger drags is refused once, like a second finger")
    func fingerOwnsTheCarousel() {
        var transport = FakeTransport.twoViewers(of: "owned")
        transport.send(1, RecordingTests.pointer("down", x: 300, t: 0))
        for t in [0.0, 10, 20] { transport.send(2, Self.wheel(dx: 20, t: t)) }
        let busy = Self.errors(transport, 2).filter { $0["code"] == .string("gesture_busy") }
        #expect(busy.count == 1)
        transport.send(1, RecordingTests.pointer("up", x: 300, t: 30))
        transport.send(1, #"{"type":"advance","ms":1000}"#)
        let before = Self.errors(transport, 2).count
        transport.send(2, Self.wheel(dx: 20, t: 1000))
        #expect(Self.errors(transport, 2).count == before)
    }
}
