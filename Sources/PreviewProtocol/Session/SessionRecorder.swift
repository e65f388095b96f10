import PreviewRecording
import PreviewWire

/// A session's recording: who started it and when, and its end, asked for or at a limit. The
/// steps are the journal's: a recording is the journal since its latest checkpoint (no new one is
/// written while recording) and the step recording started at.
struct SessionRecorder {
    /// Where a recording started, who started it, and what its size was then.
    private struct Mark {
        let step: Int
        let time: Duration
        let client: Int
        /// The recording's JSON when it started, measured.
        let bytesAtStart: Int
        /// The journal's estimate of its own size then: what it grew by since, the recording did.
        let journalBytesAtStart: Int
    }

    private var mark: Mark?

    var isRecording: Bool { mark != nil }

    /// Who records since when, for a newcomer's welcome.
    var status: RecordingStatus? {
        mark.map { RecordingStatus(client: $0.client, time: $0.time.milliseconds) }
    }

    /// A `record` message from `client` at session time `time`.
    mutating func receive(
        _ action: ClientMessage.RecordAction,
        from client: Int,
        at time: Duration,
        journal: inout SessionJournal,
        origin: SessionOrigin
    ) -> [Delivery] {
        switch action {
        case .start:
            if let mark { return [.refusal(.alreadyRecording(since: mark.time, client: mark.client), for: client)] }
            if let reason = journal.dropReason { return [.refusal(.journalDroppedForRecord(reason), for: client)] }
            journal.seal()
            let start = journal.steps.count
            mark = Mark(
                step: start,
                time: time,
                client: client,
                bytesAtStart: origin.recording(of: journal.excerpt(startingAt: start)).json.encoded.utf8.count,
                journalBytesAtStart: journal.bytes
            )
            return [.everyone(.recordState(isRecording: true, client: client, time: time.milliseconds))]
        case .stop:
            guard mark != nil else { return [.refusal(.stopWithoutStart, for: client)] }
            // A journal dropped since (a step that was not a message, such as a join, may drop it)
            // took the recorded steps with it: the starter hears why, as at a limit.
            if journal.dropReason != nil { return limitReached(at: time, journal: journal, origin: origin) }
            return finish(for: client, at: time, journal: journal, origin: origin)
        }
    }

    /// Past 10 minutes of session time or 16 MiB, the recording ends: its starter gets an error and
    /// what was recorded. A journal dropped meanwhile took the recorded steps with it: the starter
    /// is told why, and every viewer that recording stopped.
    mutating func limitReached(at time: Duration, journal: SessionJournal, origin: SessionOrigin) -> [Delivery] {
        guard let mark else { return [] }
        if let reason = journal.dropReason {
            self.mark = nil
            return [
                .refusal(.journalDroppedWhileRecording(reason), for: mark.client),
                .everyone(.recordState(isRecording: false, client: mark.client, time: time.milliseconds)),
            ]
        }
        let bytes = mark.bytesAtStart + journal.bytes - mark.journalBytesAtStart
        guard time - mark.time > RecordingLimits.duration || bytes > RecordingLimits.bytes else { return [] }
        return [.refusal(.recordingLimitReached, for: mark.client)]
            + finish(for: mark.client, at: time, journal: journal, origin: origin)
    }

    private mutating func finish(
        for client: Int,
        at time: Duration,
        journal: SessionJournal,
        origin: SessionOrigin
    ) -> [Delivery] {
        guard let mark else { return [] }
        self.mark = nil
        let recording = origin.recording(of: journal.excerpt(startingAt: mark.step))
        return [
            .client(client, .recording(recording.json)),
            .everyone(.recordState(isRecording: false, client: client, time: time.milliseconds)),
        ]
    }
}
