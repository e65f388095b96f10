import CarouselCore
import PreviewTesting

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The hub and its viewers

struct Viewer {
    let connection: Int
    let query: [String: String]
    var isOpen = false
    var x = 0.0, y = 0.0, t = 0.0
}

struct Run {
    /// The hub, driven as the hub tests drive it; each answer is checked as it comes, so none is kept.
    var harness = HubHarness(keepsSent: false)
    var hub: PreviewHub { harness.hub }
    var now: Duration {
        get { harness.now }
        set { harness.now = newValue }
    }
    var viewers: [Viewer] = []
    var seq = 0
    /// What was sent so far, printed when an invariant fails.
    var log: [String] = []
    /// Recordings, replays and checkpoint probes, by session name.
    var watches: [String: SessionWatch] = [:]

    mutating func open(_ index: Int) {
        now += .milliseconds(1)
        viewers[index].isOpen = true
        let query = viewers[index].query
        let connection = viewers[index].connection
        let name = query["session"]!
        record("open \(connection) session=\(name) clock=\(query["clock"]!) preset=\(query["preset"]!)")
        if hub.sessions.index(forKey: name) == nil { watches[name] = SessionWatch(createdAt: now) }
        let actions = harness.open(connection, query)
        check(actions)
        let call = hub.members[connection].map { SessionCall.join(client: $0.client) }
        observe(actions, in: [name], call: call, playsReplay: false)
    }

    mutating func close(_ index: Int) {
        now += .milliseconds(1)
        viewers[index].isOpen = false
        let connection = viewers[index].connection
        record("close \(connection)")
        let member = hub.members[connection]
        let actions = harness.leave(connection)
        check(actions)
        if let member {
            observe(actions, in: [member.session], call: .leave(client: member.client), playsReplay: false)
        }
    }

    mutating func send(_ index: Int, _ text: String) {
        now += .milliseconds(1)
        let connection = viewers[index].connection
        record("> \(connection) \(text)")
        guard var member = hub.members[connection] else {
            check(harness.send(connection, text))
            return
        }
        // What the hub will do with the message, worked out as it does: the probe repeats the session's call.
        var call: SessionCall?
        var playsReplay = false
        if member.limiter.admit(at: now) == .accept, let message = try? ClientMessage.decode(text) {
            switch message {
            case .replay(.lastGesture, _):
                playsReplay = true
                if let hosted = hub.sessions[member.session] {
                    let now = self.now  // read before `watches` is borrowed for the write
                    do {
                        watches[member.session]?.expectedReplay = try SessionWatch.lastGestureFrames(
                            of: hosted.session,
                            now: now
                        )
                    } catch {
                        fail(error.what, error.text)
                    }
                }
            case .replay, .replayControl: playsReplay = true
            // In a manual-clock session an advance moves a replay playing, not the session.
            case .advance where hub.sessions[member.session]?.replayClock != nil: playsReplay = true
            default: call = .receive(message, client: member.client)
            }
        }
        let actions = harness.send(connection, text)
        check(actions)
        observe(actions, in: [member.session], call: call, playsReplay: playsReplay)
    }

    mutating func tick(by nanoseconds: Int64) {
        record("tick +\(nanoseconds) ns")
        let names = Array(hub.sessions.keys)
        let actions = harness.tick(by: .nanoseconds(nanoseconds))
        check(actions)
        observe(actions, in: names, call: .tick, playsReplay: true)
    }

    /// Follows what `actions` did in each of the sessions named: see `SessionWatch.observe`.
    mutating func observe(_ actions: [TransportAction], in names: [String], call: SessionCall?, playsReplay: Bool) {
        let now = self.now  // read before `watches` is borrowed for the writes
        for name in names {
            guard let hosted = hub.sessions[name] else {
                watches[name] = nil
                continue
            }
            let members = Set(hub.members.filter { $0.value.session == name }.keys)
            do {
                try watches[name]?.observe(
                    actions,
                    members: members,
                    hosted: hosted,
                    call: call,
                    now: now,
                    playsReplay: playsReplay
                )
            } catch {
                fail(error.what, error.text)
            }
        }
    }

    mutating func nextSeq() -> Int {
        seq += 1
        return seq
    }

    mutating func record(_ line: String) {
        if traceEnabled { printError(line) }
        log.append(line)
    }

    // MARK: Invariants

    /// Every number a frame carries is finite and the text says so; no message prints a non-number;
    /// and no session ever had to refuse a frame for a non-finite number (it would send a fresh
    /// engine's frame instead, which the checks on the text could not see).
    func check(_ actions: [TransportAction]) {
        if hub.refusedFrameCount > 0 { fail("a session refused \(hub.refusedFrameCount) non-finite frame(s)", "") }
        for action in actions {
            guard case .send(let connection, let message) = action else { continue }
            let text = message.text
            if traceEnabled { printError("< \(connection) \(text)") }
            if let frameMessage = message.frame {
                checkFrame(frameMessage, text, connection)
            } else if text.hasPrefix("{\"type\":\"welcome\"") || text.hasPrefix("{\"type\":\"config\"") {
                if let problem = scan(text, nonNullKeys: configNumberKeys, untilItems: true) {
                    fail("a configuration sent to \(connection) \(problem)", text)
                }
            } else if let problem = scan(text, nonNullKeys: []) {
                fail("a message to \(connection) \(problem)", text)
            }
        }
    }

    func checkFrame(_ message: FrameMessage, _ text: String, _ connection: Int) {
        let frame = message.frame
        guard message.time.isFinite else { fail("frame time \(message.time) is not finite", text) }
        guard frame.position.isFinite else { fail("frame position \(frame.position) is not finite", text) }
        for slot in frame.slots {
            for (name, value) in [
                ("x", slot.x), ("y", slot.y), ("width", slot.width), ("height", slot.height), ("scale", slot.scale),
            ]
            where !value.isFinite {
                fail("slot \(slot.id) \(name) is \(value)", text)
            }
            if let item = slot.itemIndex, !(0..<frame.itemCount).contains(item) {
                fail("slot \(slot.id) shows item \(item) of \(frame.itemCount)", text)
            }
        }
        guard frame.itemCount >= 0, frame.currentIndex >= 0, frame.currentIndex <= max(0, frame.itemCount - 1) else {
            fail("index \(frame.currentIndex) of \(frame.itemCount) items", text)
        }
        if let problem = scan(text, nonNullKeys: frameNumberKeys) { fail("a frame to \(connection) \(problem)", text) }
    }

    func fail(_ what: String, _ text: String) -> Never {
        printError("SequenceFuzzer: invariant violated: \(what)\nmessage: \(text)\nsequence:")
        for line in log { printError("  \(line)") }
        fatalError("SequenceFuzzer: \(what)")
    }
}

/// replays play out, so each is checked.
func finish(_ run: inout Run) {
    for (name, watch) in run.watches where watch.isRecording {
        guard
            let index = run.viewers.indices.first(where: {
                run.viewers[$0].isOpen && run.viewers[$0].query["session"] == name
            })
        else { continue }
        run.send(index, "{\"type\":\"record\",\"action\":\"stop\"}")
    }
    if run.hub.sessions.values.contains(where: { $0.playback != nil }) {
        // The longest replay: 10 minutes of session time at a tenth of real time.
        run.tick(by: 6_001_000_000_000)
    }
    // A tick runs one slice of a replay's work (`Playback.workPerCall`): the rest takes more ticks,
    // at least one step each, so a recording's steps bound them. A manual-clock session's replay
    // plays only as its viewers advance: one of them advances it by the longest advance each
    // round (a session nobody watches any more has expired in the long tick above).
    var ticks = 0
    while run.hub.sessions.values.contains(where: { $0.playback != nil }) {
        guard ticks <= 2 * RecordingLimits.steps else { fatalError("SequenceFuzzer: a replay never finished") }
        for (name, hosted) in run.hub.sessions where hosted.replayClock != nil {
            let viewer = run.viewers.indices.first { run.hub.members[run.viewers[$0].connection]?.session == name }
            if let viewer { run.send(viewer, "{\"type\":\"advance\",\"ms\":10000}") }
        }
        run.tick(by: 16_000_000)
        ticks += 1
    }
}

/// libFuzzer's entry point: the input is a program of messages (see the top of this file).
