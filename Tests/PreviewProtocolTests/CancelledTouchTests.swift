import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("A touch the browser took for a page scroll, `down` then `cancel` that never moved the content, is no gesture")
struct CancelledTouchTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// Ticks until the replay under way finishes; its frames from `start` on.
    static func replayedFrames(_ transport: inout FakeTransport, from start: Int) -> [String] {
        var ticks = 0
        while !transport.sent[1]![start...].contains(#"{"type":"replay","state":"finished"}"#), ticks < 10_000 {
            transport.tick(by: .milliseconds(16))
            ticks += 1
        }
        let messages = transport.sent[1]![start...]
        let finished = messages.firstIndex(of: #"{"type":"replay","state":"finished"}"#) ?? messages.endIndex
        return messages[..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
    }

    static func pointer(_ phase: String, x: Double, y: Double, t: Double) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":\#(y),"t":\#(t),"pointerType":"touch"}"#
    }

    /// A finger down on the banner that goes up the page (what Chromium sends before it takes the
    /// pan: a move or two across the carousel's axis), then the browser's `cancel` where it last was.
    static func pageScrollTouch(_ transport: inout FakeTransport, at x: Double) {
        let now = Double(transport.now.components.seconds) * 1000
        transport.send(1, pointer("down", x: x, y: 120, t: now))
        for step in 1...2 {
            transport.tick(by: .milliseconds(16))
            transport.send(1, pointer("move", x: x, y: 120 - 15 * Double(step), t: now + 16 * Double(step)))
        }
        transport.send(1, pointer("cancel", x: x, y: 90, t: now + 40))
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
    }

    @Test("alone, it leaves the session without a last gesture")
    func noGestureYet() throws {
        var transport = FakeTransport.opened(["session": "scroll"])
        Self.pageScrollTouch(&transport, at: 200)
        transport.send(1, LastGestureReplayTests.slowMotion)
        let answer = try JSONParser.parse(try #require(transport.sent[1]!.last))
        #expect(answer["code"] == .string("invalid_value") && answer["ref"] == .string("replay"))
        #expect(answer.encoded.contains("no gesture to replay yet"), "\(answer.encoded)")
    }

    @Test("after a flick, the flick stays the last gesture: Slow-mo replays the flick's frames")
    func theFlickStaysLast() throws {
        var (transport, gesture) = LastGestureReplayTests.flickedSession()
        Self.pageScrollTouch(&transport, at: 200)
        let start = transport.sent[1]!.count
        transport.send(1, LastGestureReplayTests.slowMotion)
        #expect(Self.replayedFrames(&transport, from: start) == gesture)
    }

    @Test("a finger that moved before its cancel made a gesture: Slow-mo replays it")
    func aMovedFingerIsAGesture() throws {
        var transport = FakeTransport.opened(["session": "moved"])
        let now = Double(transport.now.components.seconds) * 1000
        transport.send(1, RecordingTests.pointer("down", x: 200, t: now))
        transport.tick(by: .milliseconds(16))
        transport.send(1, RecordingTests.pointer("move", x: 150, t: now + 16))
        transport.send(1, RecordingTests.pointer("cancel", x: 150, t: now + 32))
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
        let start = transport.sent[1]!.count
        transport.send(1, LastGestureReplayTests.slowMotion)
        #expect(transport.sent[1]![start].hasPrefix(#"{"type":"replay","state":"started""#))
        #expect(!Self.replayedFrames(&transport, from: start).isEmpty)
    }
}
