import CarouselABI
import CarouselCore
import Foundation
import PreviewMedia
import PreviewTesting
import PreviewWire
import TestSupport
import Testing

@testable import PreviewProtocol

/// The two halves of the engine stream against each other, natively: a live session on the hub,
/// and two pages that follow its stream with `StreamFollower` (what the page runs in its engine
/// module, which FollowerParityTests holds to this native one byte for byte), each behind its
/// own network (a one-way delay with jitter, messages in order on each connection) and its own
/// display clock (behind the session by its delay and a margin, at most 300 ms, as sessionclock.js
/// keeps it). One page drags and turns a wheel, stamping each input with the time it drew it; the
/// other watches. Every frame a page drew is compared with the session's engine at that time, as the
/// whole stream finally says it. `FOLLOWER_SEED=N` runs one seed of a failure again.
@Suite("The stream follower against the session: the dragging page never redraws and draws the session's frames")
struct StreamFollowerPropertyTests {
    /// One page: its follower, its network and display delay, what it drew and what it was sent.
    struct Page {
        let connection: Int
        let delay: Duration
        let margin: Duration
        var follower = StreamFollower()
        var client: Int?
        var read = 0
        var inbox: [(at: Duration, text: String)] = []
        /// Each frame drawn, at its session time, and whether it redrew the motion (a correction).
        var frames: [(at: Int64, frame: Frame, isCorrection: Bool, input: StreamInput?)] = []
        /// The stream as sent: a start (a new engine) or a batch, with the session time it reaches.
        var stream: [(calls: [UInt8], at: Int64, isStart: Bool)] = []

        /// Takes the messages that arrive by `now`.
        mutating func deliver(until now: Duration) throws {
            while let first = inbox.first, first.at <= now {
                inbox.removeFirst()
                try take(JSONParser.parse(first.text))
            }
        }

        mutating func take(_ message: JSONValue) throws {
            switch message["type"] {
            case .string("welcome"):
                if case .number(let client)? = message["client"] {
                    self.client = Int(client)
                    follower.client = Int64(client)
                }
            case .string("engine"):
                guard case .string(let encoded)? = message["calls"], let calls = Base64.decode(encoded),
                    case .number(let time)? = message["time"]
                else {
                    Issue.record("an engine message without calls or time")
                    return
                }
                let at = nanoseconds(time)
                let isStart = message["start"] == .bool(true)
                stream.append((calls, at, isStart))
                if isStart {
                    try follower.start(calls, at: at)
                    return
                }
                var input: StreamInput?
                var givenAt: Int64?
                if case .number(let client)? = message["input"]?["client"] {
                    var seq: Int64?
                    if case .number(let answered)? = message["input"]?["seq"] { seq = Int64(answered) }
                    if case .number(let given)? = message["input"]?["at"] { givenAt = nanoseconds(given) }
                    input = StreamInput(client: Int64(client), seq: seq, device: nil)
                }
                var firstChange: Int64?
                if case .number(let from)? = message["from"] { firstChange = nanoseconds(from) }
                follower.receive(
                    calls,
                    at: at,
                    firstChange: firstChange,
                    input: input,
                    givenAt: givenAt,
                    isTimeOnly: message["timeOnly"] == .bool(true)
                )
            case .string("frame"):
                if follower.isFollowing { Issue.record("page \(connection) was sent a frame while it follows") }
            default: break
            }
        }

        /// The session time this page's display clock shows at hub time `now`.
        func display(at now: Duration) -> Int64 {
            max(0, (now - delay - margin).nanosecondCount)
        }

        mutating func draw(at now: Duration) {
            guard let frame = follower.draw(at: display(at: now)) else { return }
            frames.append((follower.drawn, frame, follower.lastFrameWasCorrected, follower.input))
        }
    }

    /// The session's frame at each of `times` (nondecreasing), from the whole stream as sent, call by
    /// call: a batch's calls span the time up to where it ends, its inputs at their times within it.
    static func truth(_ stream: [(calls: [UInt8], at: Int64, isStart: Bool)], at times: [Int64]) throws -> [Frame?] {
        var host = EngineHost()
        var standsAt: Int64 = 0
        // The calls not yet run, in order: a start's first, with the time it begins at.
        var calls: [(call: EngineCall?, startsAt: Int64?)] = []
        for entry in stream {
            if entry.isStart { calls.append((nil, entry.at)) }
            calls += try EngineCallBatch.decode(entry.calls).map { ($0, nil) }
        }
        var next = 0
        return times.map { time in
            while next < calls.count {
                if let startsAt = calls[next].startsAt {
                    guard startsAt <= time else { break }
                    host = EngineHost()
                    standsAt = startsAt
                } else if case .advanceNanoseconds(let nanoseconds)? = calls[next].call {
                    let step = Int64(nanoseconds)
                    guard standsAt + step > time else {
                        _ = host.advance(nanoseconds: nanoseconds)
                        standsAt += step
                        next += 1
                        continue
                    }
                    // Up to `time` now, the rest when a later time asks (the engine steps the same in
                    // one piece or several).
                    _ = host.advance(nanoseconds: Double(time - standsAt))
                    calls[next].call = .advanceNanoseconds(Double(standsAt + step - time))
                    standsAt = time
                    break
                } else {
                    _ = calls[next].call!.run(on: &host)
                }
                next += 1
            }
            guard var frame = host.engine?.frame else { return nil }
            frame.events = []
            return frame
        }
    }

    @Test(
        "random delays, jitter and gestures: 0 corrections for the page whose inputs are the only ones, every frame the session's",
        arguments: 0..<TestLength.pick(2, long: 10)
    )
    func seeded(shard: Int) throws {
        let runs = TestLength.pick(25, long: 100)
        for run in 0..<runs {
            var seed = UInt64(shard * runs + run) &* 0x9E37_79B9 &+ 17
            if let pinned = ProcessInfo.processInfo.environment["FOLLOWER_SEED"].flatMap(UInt64.init) { seed = pinned }
            try Self.check(seed: seed)
        }
    }

    static func check(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let context = "seed \(seed)"
        var hub = HubHarness()
        func milliseconds(_ range: ClosedRange<Int>) -> Duration {
            .milliseconds(Int.random(in: range, using: &random))
        }
        var pages = [
            Page(connection: 1, delay: milliseconds(0...100), margin: milliseconds(30...200)),
            Page(connection: 2, delay: milliseconds(0...100), margin: milliseconds(30...200)),
        ]
        let query = ["session": "follow", "engine": "stream", "preset": ["banner", "paged", "strip"][Int(seed % 3)]]
        hub.open(1, query)
        hub.open(2, query)
        var toHub: [(at: Duration, text: String)] = []
        var seq = 0
        // Each input's time and how many frames were drawn before it: a frame drawn at that very time
        // before the input is the session's without it, which the session's frame there does not say.
        var stamps: [(at: Int64, framesBefore: Int)] = []
        var drag: (x: Double, movesLeft: Int)?
        let step = Duration.milliseconds(4)
        let activeSteps = 750  // 3 s of gestures, then 4 s for everything to arrive and rest
        for index in 0..<(activeSteps + 1000) {
            let now = hub.now
            while let first = toHub.first, first.at <= now {
                toHub.removeFirst()
                hub.send(1, first.text)
            }
            hub.tick(by: step)
            for page in pages.indices {
                let sent = hub.sent[pages[page].connection, default: []]
                var last = pages[page].inbox.last?.at ?? .zero
                for text in sent[pages[page].read...] {
                    last = max(last, hub.now + pages[page].delay + milliseconds(0...20))
                    pages[page].inbox.append((last, text))
                }
                pages[page].read = sent.count
                try pages[page].deliver(until: hub.now)
            }
            guard index % 4 == 0 else { continue }  // the display's frames, 16 ms apart
            // New gestures for a while; a drag under way goes on to its release.
            if index < activeSteps || drag != nil, pages[0].follower.isFollowing, let client = pages[0].client {
                let drawing = pages[0].display(at: hub.now)
                let t = Double(drawing) / 1e6
                var input: (call: EngineCall, text: String)?
                if var current = drag {
                    let phase = current.movesLeft == 0 ? "up" : "move"
                    current.x += Double.random(in: -40...40, using: &random)
                    current.movesLeft -= 1
                    drag = current.movesLeft < 0 ? nil : current
                    input = pointer(phase, x: current.x, t: t, client: client)
                } else if index >= activeSteps {
                    input = nil
                } else if Int.random(in: 0..<30, using: &random) == 0 {
                    drag = (200, Int.random(in: 2...25, using: &random))
                    input = pointer("down", x: 200, t: t, client: client)
                } else if Int.random(in: 0..<60, using: &random) == 0 {
                    let dx = [3.0, 12, 40, -12, -40].randomElement(using: &random)!
                    input = (.wheel(dx: dx, dy: 0, t: t), #""type":"wheel","dx":\#(dx),"dy":0,"t":\#(t)"#)
                }
                if let input {
                    seq += 1
                    let stamped = pages[0].follower.stamp(input.call, seq: Int64(seq), drawing: drawing, device: nil)
                    guard let at = stamped else {
                        Issue.record("a following live page's input went unstamped, \(context)")
                        return
                    }
                    let text = "{\(input.text),\"seq\":\(seq),\"at\":\(Double(at) / 1e6)}"
                    stamps.append((at, pages[0].frames.count))
                    toHub.append((hub.now + pages[0].delay, text))
                }
            }
            for page in pages.indices { pages[page].draw(at: hub.now) }
        }

        #expect(pages[0].follower.corrections == 0, "the dragging page redrew, \(context)")
        // A frame is the session's at its time, or the page redraws after it: a batch came that
        // says what happened before the time it drew (a correction, counted). The dragging page,
        // whose inputs are the only ones, never redraws. A frame drawn at an input's very time
        // before that input was given is left out: the session's frame there has the input in it.
        for page in pages {
            let sessionFrames = try truth(page.stream, at: page.frames.map(\.at))
            let lastCorrection = page.frames.lastIndex { $0.isCorrection } ?? -1
            for (index, (drawn, expected)) in zip(page.frames, sessionFrames).enumerated() {
                if stamps.contains(where: { $0.at == drawn.at && (page.connection == 2 || $0.framesBefore > index) }) {
                    continue
                }
                var frame = drawn.frame
                frame.events = []
                if frame != expected, index >= lastCorrection {
                    Issue.record("page \(page.connection) at \(drawn.at) ns is not the session's frame, \(context)")
                    return
                }
            }
        }
        // The input a frame names is the dragging page's (the only one giving any), and never an
        // earlier one than the frame before named: the event log's "who started it" never goes back.
        for page in pages {
            let named = page.frames.compactMap(\.input)
            #expect(
                named.allSatisfy { $0.client == Int64(pages[0].client ?? -1) },
                "page \(page.connection), \(context)"
            )
            let seqs = named.compactMap(\.seq)
            #expect(
                zip(seqs, seqs.dropFirst()).allSatisfy { $0 <= $1 },
                "page \(page.connection) went back, \(context)"
            )
            #expect(seq == 0 || seqs.last == Int64(seq), "page \(page.connection) ends on the last input, \(context)")
        }
        let rests = pages.map { $0.frames.last?.frame }
        #expect(rests[0]?.phase == .idle && rests[0]?.position == rests[1]?.position, "both rest alike, \(context)")
        #expect(rests[0]?.currentIndex == rests[1]?.currentIndex, "both rest alike, \(context)")
    }

    /// A pointer message of `phase` (its members but `seq` and `at`) and its engine call.
    static func pointer(_ phase: String, x: Double, t: Double, client: Int) -> (call: EngineCall, text: String) {
        let kind = Int32(["down", "move", "up", "cancel"].firstIndex(of: phase)!)
        return (
            .pointer(kind: kind, id: Int32(client), x: x, y: 90, t: t),
            #""type":"pointer","phase":"\#(phase)","x":\#(x),"y":90,"t":\#(t),"pointerType":"mouse""#
        )
    }
}

/// A protocol time in milliseconds as the session's whole nanoseconds.
private func nanoseconds(_ milliseconds: Double) -> Int64 { Int64((milliseconds * 1e6).rounded()) }
