import CarouselCore
import Foundation
import PreviewRecording
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

@Suite("Sessions that live for days: what a recording holds does not depend on the session's age")
struct EnduranceTests {
    typealias FakeTransport = HubTests.FakeTransport

    static let frameInterval = Duration.milliseconds(16)

    /// Runs the hub as the server's loop does, until `end`: a tick on the frame grid while something
    /// moves, else at the hub's next deadline. What was sent is let go (a day of frames would not
    /// fit in memory); when `counting`, the frames that auto-scrolled are counted first.
    @discardableResult
    static func run(_ transport: inout FakeTransport, until end: Duration, counting: Bool = false) -> Int {
        var autoScrolls = 0
        var next = transport.now + frameInterval
        while transport.now < end {
            transport.now = min(next, end)
            let response = transport.hub.tick(now: transport.now)
            transport.perform(response.actions)
            for texts in transport.sent.values where counting {
                autoScrolls += texts.count { $0.contains(#""type":"autoScrolled""#) }
            }
            transport.sent.removeAll(keepingCapacity: true)
            if let deadline = response.nextDeadline {
                next = deadline <= transport.now ? transport.now + frameInterval : deadline
            } else {
                next = end
            }
        }
        return autoScrolls
    }

    /// The page's pointer message: with its pointer type and a `seq`.
    static func pointer(_ phase: String, x: Double, t: Double, seq: Int) -> String {
        #"{"type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(t),"pointerType":"mouse","seq":\#(seq)}"#
    }

    static func milliseconds(_ duration: Duration) -> Double { duration.milliseconds }

    /// Records a 2-second drag on connection 1 as the page sends it (a move on every frame, 60 a
    /// second, from x 340 to 40 and back to 200), then the settling; returns the recording's text
    /// and the frames connection 1 got while it was recorded.
    static func recordTwoSecondDrag(_ transport: inout FakeTransport) throws -> (text: String, frames: [String]) {
        transport.sent.removeAll()
        transport.send(1, #"{"type":"record","action":"start"}"#)
        var seq = 1000
        let start = transport.now
        transport.send(1, pointer("down", x: 340, t: milliseconds(start), seq: seq))
        var x = 340.0
        for frame in 1...125 {
            transport.tick(by: frameInterval)
            seq += 1
            // A browser's coordinates and timestamps have fractions (and their binary noise).
            x = frame <= 75 ? 340 - 4.1 * Double(frame) : 32.5 + 3.3 * Double(frame - 75)
            let t = milliseconds(transport.now) + 0.1 * Double(frame % 10)
            transport.send(1, pointer("move", x: x, t: t, seq: seq))
        }
        transport.send(1, pointer("up", x: x, t: milliseconds(transport.now) + 0.7, seq: seq + 1))
        for _ in 0..<40 { transport.tick(by: frameInterval) }
        transport.send(1, #"{"type":"record","action":"stop"}"#)
        let text = try #require(RecordingTests.recordingText(transport, 1))
        return (text, RecordingTests.recordedFrames(transport, 1))
    }

    /// The frames a live replay sends connection `viewer` after `request`, until it finishes.
    static func liveReplayFrames(
        _ transport: inout FakeTransport,
        viewer: Int,
        request: (inout FakeTransport) -> Void
    ) -> [String] {
        transport.sent[viewer] = []
        request(&transport)
        var ticks = 0
        while !(transport.sent[viewer] ?? []).contains(where: { $0.contains(#""state":"finished""#) }), ticks < 10_000 {
            transport.tick(by: frameInterval)
            ticks += 1
        }
        let texts = transport.sent[viewer] ?? []
        guard let started = texts.firstIndex(where: { $0.contains(#""state":"started""#) }),
            let finished = texts.firstIndex(where: { $0.contains(#""state":"finished""#) })
        else { return [] }
        return texts[started..<finished].filter { $0.hasPrefix(#"{"type":"frame""#) }
    }

    /// After a long life, a 2-second drag is recorded: small, exact headless and live, and Slow-mo
    /// replays the drag.
    static func checkRecordingAfterALongLife(_ transport: inout FakeTransport, context: String) throws {
        let (text, frames) = try recordTwoSecondDrag(&transport)
        #expect(text.utf8.count < 16 * 1024, "\(context): the recording is \(text.utf8.count) bytes")
        if let path = ProcessInfo.processInfo.environment["CAROUSEL_PREVIEW_DUMP"] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(frames.count > 125, "\(context)")
        let recording = try Recording(text: text)
        #expect(FrameComparison.firstDifference(expected: frames, actual: try Replay.frames(of: recording)) == nil)
        // Live, in another session of the same server, sent whole in one message.
        let whole = #"{"type":"replay","recording":\#(text),"speed":1}"#
        #expect(whole.utf8.count <= ClientMessage.maximumBytes, "\(context): \(whole.utf8.count) bytes")
        transport.open(9, ["session": "watch-\(context)"])
        let live = liveReplayFrames(&transport, viewer: 9) { $0.send(9, whole) }
        #expect(FrameComparison.firstDifference(expected: frames, actual: live) == nil, "\(context)")
        transport.leave(9)
        // Slow-mo of the last gesture: the drag from its `down` to the frame it settled in.
        let slow = liveReplayFrames(&transport, viewer: 1) { $0.send(1, LastGestureReplayTests.slowMotion) }
        let down = try #require(frames.firstIndex { $0.contains(#""phase":"dragging""#) })
        let settled = try #require(frames.lastIndex { $0.contains(#""type":"settled""#) })
        #expect(
            FrameComparison.firstDifference(expected: Array(frames[down...settled]), actual: slow) == nil,
            "\(context): Slow-mo sent \(slow.count) frames, the drag was \(settled - down + 1)"
        )
    }

    @Test(
        "hours of auto-scroll every 3 s (a day in make test-long) with a viewer joining and leaving each hour, then a 2-second drag"
    )
    func hoursOfAutoScroll() throws {
        var transport = FakeTransport.opened(["session": "day", "preset": "coverflow"])
        var autoScrolls = 0
        let hours = TestLength.pick(3, long: 24)
        for hour in 0..<hours {
            let start = Duration.seconds(3600 * hour)
            // The first and the last hour are counted (reading every frame of a day takes long).
            let counting = hour == 0 || hour == hours - 1
            autoScrolls += Self.run(&transport, until: start + .seconds(20 * 60), counting: counting)
            transport.open(2, ["session": "day"])
            autoScrolls += Self.run(&transport, until: start + .seconds(40 * 60), counting: counting)
            transport.leave(2)
            autoScrolls += Self.run(&transport, until: start + .seconds(3600), counting: counting)
        }
        // Every 3 s of idle time plus each page's settling (under 0.4 s), in each counted hour.
        #expect(autoScrolls > 2 * 3600 / 4, "\(autoScrolls) auto-scrolls in two hours")
        try Self.checkRecordingAfterALongLife(&transport, context: "day")
    }

    @Test(
        "continuous motion, flicks caught mid-flight (20,000 steps; 200,000 in make test-long), then a 2-second drag"
    )
    func continuousMotion() throws {
        var transport = FakeTransport.opened(["session": "busy", "preset": "banner"])
        var seq = 0
        var steps = 0
        let length = TestLength.pick(20_000, long: 200_000)
        while steps < length {
            let t = Self.milliseconds(transport.now)
            // Grab the carousel mid-flight, flick it on, let it fly for three frames.
            transport.send(1, Self.pointer("down", x: 300, t: t, seq: seq))
            transport.send(1, Self.pointer("move", x: 250, t: t + 8, seq: seq + 1))
            transport.send(1, Self.pointer("up", x: 200, t: t + 16, seq: seq + 2))
            seq += 3
            for _ in 0..<3 { transport.tick(by: Self.frameInterval) }
            transport.sent.removeAll(keepingCapacity: true)
            steps += 6
        }
        // The motion ends; the carousel rests.
        Self.run(&transport, until: transport.now + .seconds(1))
        try Self.checkRecordingAfterALongLife(&transport, context: "busy")
    }
}
