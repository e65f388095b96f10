import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("Slow motion: the session's last gesture replayed live, from its down to the end of its motion")
struct LastGestureReplayTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let slowMotion = #"{"type":"replay","gesture":"last","speed":0.25}"#

    /// A live coverflow session with auto-scroll every 500 ms; its viewer flicks once, and auto-scroll
    /// moves on after the flick settles. The frames the viewer got from the down to the settle.
    static func flickedSession() -> (transport: FakeTransport, gesture: [String]) {
        var transport = FakeTransport.opened(["session": "slow", "preset": "coverflow"])
        transport.send(1, #"{"type":"configure","config":{"autoscroll":{"enabled":true,"intervalMs":500}}}"#)
        for _ in 0..<10 { transport.tick(by: .milliseconds(16)) }
        let before = transport.sent[1]!.count
        RecordingTests.drag(&transport, 1, from: 300, by: -150)
        for _ in 0..<120 { transport.tick(by: .milliseconds(16)) }
        let frames = transport.sent[1]![before...].filter { $0.hasPrefix(#"{"type":"frame""#) }
        let settle = frames.firstIndex { $0.contains(#"{"type":"settled""#) }!
        return (transport, Array(frames[...settle]))
    }

    /// Ticks until the replay under way finishes; the messages from `start` on, and the ticks taken.
    static func playToEnd(_ transport: inout FakeTransport, from start: Int) -> (messages: [String], ticks: Int) {
        var ticks = 0
        while !transport.sent[1]![start...].contains(#"{"type":"replay","state":"finished"}"#), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        return (Array(transport.sent[1]![start...]), ticks)
    }

    @Test("the replay sends the gesture's frames as they were sent, then stops: not the auto-scroll after it")
    func replaysTheGestureAlone() throws {
        var (transport, gesture) = Self.flickedSession()
        #expect(
            transport.sent[1]!.contains { $0.contains(#""type":"autoScrolled""#) },
            "auto-scroll ran after the flick"
        )
        for _ in 0..<2 {
            let start = transport.sent[1]!.count
            transport.send(1, Self.slowMotion)
            let (messages, _) = Self.playToEnd(&transport, from: start)
            #expect(
                messages.first?.hasPrefix(#"{"type":"replay","state":"started","speed":0.25,"durationMs":"#) == true
            )
            let finished = try #require(messages.firstIndex(of: #"{"type":"replay","state":"finished"}"#))
            let played = messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
            #expect(Array(played) == gesture, "the same frames, byte for byte, on each replay")
            #expect(messages[..<finished].filter { $0.hasPrefix(#"{"type":"ghost""#) }.count == 8)
        }
    }

    @Test("at 0.25x it takes four times the gesture's own time")
    func quarterSpeed() throws {
        var (transport, gesture) = Self.flickedSession()
        let times = gesture.map { text -> Double in
            guard case .number(let time)? = try! JSONParser.parse(text)["time"] else { return .nan }
            return time
        }
        let gestureTicks = (times.last! - times.first!) / 16
        let start = transport.sent[1]!.count
        transport.send(1, Self.slowMotion)
        let (_, ticks) = Self.playToEnd(&transport, from: start)
        #expect(abs(Double(ticks) - 4 * gestureTicks) <= 2, "\(ticks) ticks for a gesture of \(gestureTicks)")
    }

    @Test(
        "refused with a reason: no gesture yet, a finger down, a recording under way, another gesture or source",
        arguments: [
            ("none", #"{"type":"replay","gesture":"last"}"#, "invalid_value", "no gesture to replay yet"),
            ("down", #"{"type":"replay","gesture":"last"}"#, "gesture_busy", "a finger is on the carousel"),
            ("recording", #"{"type":"replay","gesture":"last"}"#, "gesture_busy", "being recorded"),
            ("none", #"{"type":"replay","gesture":"first"}"#, "invalid_value", "replay.gesture must be \"last\""),
            ("none", #"{"type":"replay","gesture":"last","part":"{}"}"#, "bad_message", "one of"),
            ("none", #"{"type":"replay","gesture":"last","speed":2}"#, "invalid_value", "replay.speed"),
            ("none", #"{"type":"replay","gesture":"last","speed":0}"#, "invalid_value", "replay.speed"),
            ("none", #"{"type":"replay","gesture":"last","speed":-0}"#, "invalid_value", "replay.speed"),
            ("none", #"{"type":"replay","gesture":"last","speed":1e-307}"#, "invalid_value", "replay.speed"),
            ("none", #"{"type":"replay","gesture":"last","speed":5e-324}"#, "invalid_value", "replay.speed"),
            (
                "none", #"{"type":"replay","gesture":"last","speed":1.0000000000000002}"#, "invalid_value",
                "replay.speed"
            ),
            ("none", #"{"type":"replay","gesture":"","speed":1}"#, "invalid_value", "replay.gesture"),
            ("none", #"{"type":"replay","gesture":1}"#, "bad_message", "gesture"),
        ]
    )
    func refusals(state: String, message: String, code: String, reason: String) throws {
        var transport = FakeTransport.opened(["session": "refuse"])
        switch state {
        case "down":
            transport.send(1, RecordingTests.pointer("down", x: 200, t: 0))
        case "recording":
            RecordingTests.drag(&transport, 1, from: 300, by: -150)
            transport.send(1, #"{"type":"record","action":"start"}"#)
        default:
            break
        }
        let before = transport.sent[1]!.count
        transport.send(1, message)
        let answer = try JSONParser.parse(try #require(transport.sent[1]!.last))
        #expect(transport.sent[1]!.count == before + 1, "one answer, nothing else")
        #expect(answer["code"] == .string(code) && answer["ref"] == .string("replay"))
        guard case .string(let said)? = answer["message"] else {
            Issue.record("no message in \(answer.encoded)")
            return
        }
        #expect(said.contains(reason), "\(said)")
    }
}
