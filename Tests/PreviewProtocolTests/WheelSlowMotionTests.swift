import CarouselCore
import Testing

@testable import PreviewProtocol

/// Slow-mo replays the last gesture, and a wheel's swipe or notch is one: from the wheel event
/// that began it to the frame that settled it.
@Suite("Slow-mo replays a wheel's gesture like a finger's")
struct WheelSlowMotionTests {
    typealias FakeTransport = HubTests.FakeTransport

    /// A banner session whose viewer flicked once with a finger, then moved the carousel with
    /// `gesture`; the frames the viewer got from the gesture's first wheel event to its `settled`.
    static func session(_ gesture: (inout FakeTransport) -> Void) -> (transport: FakeTransport, frames: [String]) {
        var transport = FakeTransport.opened(["session": "wheel-slow", "preset": "banner"])
        RecordingTests.drag(&transport, 1, from: 300, by: -150)
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
        let before = transport.sent[1]!.count
        gesture(&transport)
        for _ in 0..<60 { transport.tick(by: .milliseconds(16)) }
        let frames = transport.sent[1]![before...].filter { $0.hasPrefix(#"{"type":"frame""#) }
        let settle = frames.firstIndex { $0.contains(#"{"type":"settled""#) }!
        return (transport, Array(frames[...settle]))
    }

    static func slowMotionFrames(_ transport: inout FakeTransport) throws -> [String] {
        let start = transport.sent[1]!.count
        transport.send(1, LastGestureReplayTests.slowMotion)
        #expect(transport.sent[1]![start].hasPrefix(#"{"type":"replay","state":"started""#))
        return CancelledTouchTests.replayedFrames(&transport, from: start)
    }

    @Test("a trackpad swipe after a flick: Slow-mo replays the swipe's frames, not the flick's")
    func swipeIsTheLastGesture() throws {
        var (transport, frames) = Self.session { WheelMessageTests.swipe(&$0, 1) }
        #expect(frames.joined().components(separatedBy: #""pageChanged""#).count == 2, "the swipe paged once")
        // Its frames name the wheel, so a page can tell a wheel's gesture from a finger's.
        #expect(frames.first?.contains(#""input":{"client":1,"seq":null,"wheel":true}"#) == true, "\(frames.first!)")
        #expect(try Self.slowMotionFrames(&transport) == frames)
    }

    @Test("a single mouse notch, which moves the carousel when its quiet time ends, is a gesture too")
    func notchIsTheLastGesture() throws {
        var (transport, frames) = Self.session { transport in
            let now = Double(transport.now.components.seconds) * 1000
            transport.send(1, WheelMessageTests.wheel(dx: 100, t: now))
        }
        #expect(frames.first?.contains(#""phase":"idle""#) == true, "the notch's own step moved nothing yet")
        #expect(frames.joined().contains(#""pageChanged""#))
        #expect(try Self.slowMotionFrames(&transport) == frames)
    }
}
