@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

private let recordStarted = "{\"type\":\"record\",\"state\":\"started\""
private let recordStopped = "{\"type\":\"record\",\"state\":\"stopped\""
private let recordingPrefix = "{\"type\":\"recording\""
private let replayStarted = "{\"type\":\"replay\",\"state\":\"started\""
private let replayFinished = "{\"type\":\"replay\",\"state\":\"finished\""

/// What the fuzzer follows in one session beyond each message's numbers: the frames its viewers
/// got since a recording or a live replay started, held against the headless replay when it ends,
/// and a checkpoint probe. Every viewer of a session gets each of its frames, so the frames one
/// viewer (the witness: the lowest connection) got are the session's.
struct SessionWatch {
    /// The hub time the session was created at: its journal counts from there.
    let createdAt: Duration
    /// Frames since `record` `started`; nil while nothing is recorded.
    private var recorded: [String]?
    /// Frames since `replay` `started`; nil while no replay plays.
    private var replayed: [String]?
    /// Frames went to nobody (every viewer had left) while recording or replaying: the frames seen
    /// are not all the session sent.
    private var recordingMissedFrames = false
    private var replayMissedFrames = false
    /// The headless replay of the session's last gesture, set just before a viewer asks for it live.
    var expectedReplay: [String]?
    private var replayExpected: [String]?
    /// How many more instructions the checkpoint probe runs for once it starts.
    var probeInstructions = 0
    private var probe: CheckpointProbe?

    init(createdAt: Duration) {
        self.createdAt = createdAt
    }

    var isRecording: Bool { recorded != nil }

    /// After one hub call: `actions` are everything it sent, `members` the session's connections
    /// now, `call` what the hub asked of the session (for the probe: `nil` when it made no call the
    /// probe can repeat), `playsReplay` whether the call plays a replay's frames (a tick or the
    /// replay's own request; other calls during a replay send the session's own frames).
    mutating func observe(
        _ actions: [TransportAction],
        members: Set<Int>,
        hosted: HostedSession,
        call: SessionCall?,
        now: Duration,
        playsReplay: Bool
    ) throws(Violation) {
        let shadowFrames = try call.flatMap { call throws(Violation) in try probe?.run(call, now: now) }
        let witness = members.min()
        var frames: [String] = []
        var recordingText: String?
        var recordingEnded = false
        for case .send(let connection, let message) in actions where members.contains(connection) {
            let text = message.text
            if text.hasPrefix(recordingPrefix) { recordingText = text }
            guard connection == witness else { continue }
            if message.frame != nil {
                frames.append(text)
                recorded?.append(text)
                if playsReplay { replayed?.append(text) }
            } else if text.hasPrefix(recordStarted) {
                recorded = []
                recordingMissedFrames = false
            } else if text.hasPrefix(recordStopped) {
                recordingEnded = true
            } else if text.hasPrefix(replayStarted) {
                replayed = []
                replayMissedFrames = false
                replayExpected = expectedReplay
            } else if text.hasPrefix(replayFinished) {
                try finishReplay(stopped: text.contains("\"stopped\":true"))
            }
        }
        if traceEnabled, let shadowFrames, witness != nil {
            printError("probe: the restored session sent \(shadowFrames.count) frame(s), the hub's \(frames.count)")
        }
        if let shadowFrames, witness != nil, shadowFrames != frames {
            let difference = FrameComparison.firstDifference(expected: frames, actual: shadowFrames) ?? "?"
            throw Violation(
                what: "a session restored from its checkpoint sent other frames: \(difference)",
                text: "hub:\n" + frames.joined(separator: "\n") + "\nrestored:\n" + shadowFrames.joined(separator: "\n")
            )
        }
        if recordingEnded {
            if let recordingText { try Self.check(recordingText, frames: recordingMissedFrames ? nil : recorded) }
            recorded = nil
        }
        if members.isEmpty {
            recordingMissedFrames = true
            replayMissedFrames = true
        }
        expectedReplay = nil
        // A replay plays in the session's place and ends with its `resync`, which the probe does not
        // repeat: one playing, or asked for (it may end in the same call), ends the probe.
        if hosted.playback != nil || (playsReplay && call == nil) { probe = nil }
        let journal = hosted.session.journal
        if probe == nil, probeInstructions > 0, hosted.playback == nil, journal.steps.isEmpty, !journal.isAbandoned {
            probe = try CheckpointProbe(restoring: hosted.session, origin: createdAt + journal.base.at)
            if traceEnabled { printError("probe: restored from the checkpoint at \(journal.base.at)") }
        }
    }

    /// One instruction of the program is over: a running probe has one fewer to go.
    mutating func instructionEnded() {
        guard probe != nil else { return }
        probeInstructions -= 1
        if probeInstructions <= 0 { probe = nil }
    }

    /// A replay ended: played to its end, its frames are the headless replay's; stopped, a beginning of them.
    private mutating func finishReplay(stopped: Bool) throws(Violation) {
        defer {
            replayed = nil
            replayExpected = nil
        }
        guard let replayed, let expected = replayExpected, !replayMissedFrames else { return }
        if traceEnabled { printError("Slow-mo: \(replayed.count) frame(s) played, \(expected.count) headless") }
        let wanted = stopped ? Array(expected.prefix(replayed.count)) : expected
        if let difference = FrameComparison.firstDifference(expected: wanted, actual: replayed) {
            throw Violation(
                what: "Slow-mo of the last gesture played other frames than its headless replay: \(difference)",
                text: "live:\n" + replayed.joined(separator: "\n") + "\nheadless:\n" + expected.joined(separator: "\n")
            )
        }
    }

    /// A `recording` message: the recording reads, writes back as the same text, and replays
    /// headless to `frames` (the frames the viewers got while it was made), when they are known.
    static func check(_ messageText: String, frames: [String]?) throws(Violation) {
        guard let message = try? JSONParser.parse(messageText), let document = message["recording"] else {
            throw Violation(what: "a recording message holds no recording", text: messageText)
        }
        let text = document.encoded
        let recording: Recording
        do {
            recording = try Recording(text: text)
        } catch {
            throw Violation(what: "a recording the server made does not read: \(error)", text: text)
        }
        let written = recording.json.encoded
        guard written == text else {
            throw Violation(what: "a recording read back writes other text", text: text + "\nwritten back:\n" + written)
        }
        let replayed: [String]
        do {
            replayed = try Replay.frames(of: recording)
        } catch {
            throw Violation(what: "a recording the server made does not replay: \(error)", text: text)
        }
        if traceEnabled {
            printError("recording: \(replayed.count) frame(s) replayed, \(frames?.count ?? -1) received")
        }
        guard let frames else { return }
        if let difference = FrameComparison.firstDifference(expected: frames, actual: replayed) {
            throw Violation(
                what: "a recording replays to other frames than the viewers got: \(difference)",
                text: text + "\nreceived:\n" + frames.joined(separator: "\n") + "\nreplayed:\n"
                    + replayed.joined(separator: "\n")
            )
        }
    }

    /// The headless replay of `session`'s last gesture at hub time `now` (read back from its JSON,
    /// as a page would send it); nil when it has none to replay.
    static func lastGestureFrames(of session: Session, now: Duration) throws(Violation) -> [String]? {
        var copy = session
        guard case .success(let recording) = copy.lastGestureRecording(now: now) else { return nil }
        let text = recording.json.encoded
        do {
            return try Replay.frames(of: try Recording(text: text))
        } catch {
            throw Violation(what: "the last gesture's recording does not replay: \(error)", text: text)
        }
    }
}
