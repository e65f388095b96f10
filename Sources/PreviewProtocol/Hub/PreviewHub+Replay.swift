import PreviewRecording
import PreviewWire

/// Live replay: a recording uploaded in parts, or the session's own last gesture, played back to
/// a session's viewers in its place.
extension PreviewHub {
    /// Recordings being uploaded for replay, together, may hold at most this many bytes.
    static let maximumUploadBytes = 64 * 1024 * 1024
    /// An upload whose next part does not come within this long is given up, its bytes freed: a
    /// client cannot hold the upload pool by sending parts and stopping.
    static let uploadPartTimeout = Duration.seconds(10)

    /// Gives up the uploads whose next part is overdue at `now`, telling their senders.
    mutating func expireUploads(now: Duration) -> [TransportAction] {
        var actions: [TransportAction] = []
        for (connection, deadline) in uploadDeadlines where deadline <= now {
            uploadDeadlines[connection] = nil
            guard var member = members[connection] else { continue }
            uploadBytes -= member.upload.utf8.count
            member.upload = ""
            members[connection] = member
            let error = ProtocolError(
                .invalidValue,
                "the recording's upload stopped: no part came for \(Int(Self.uploadPartTimeout.milliseconds / 1000)) s; send it again",
                ref: member.uploadKind.rawValue
            )
            actions.append(.send(connection: connection, OutgoingMessage(.error(error))))
        }
        return actions
    }

    /// A replay for this connection's session: a part of a recording (the last one starts playing),
    /// or the session's own last gesture.
    mutating func receiveReplay(
        _ source: ClientMessage.ReplaySource,
        speed: Double,
        from connection: Int,
        now: Duration
    )
        -> [TransportAction]
    {
        guard var member = members[connection] else { return [] }
        func refuse(_ code: ProtocolError.Code, _ reason: String) -> [TransportAction] {
            uploadBytes -= member.upload.utf8.count
            uploadDeadlines[connection] = nil
            member.upload = ""
            members[connection] = member
            return [.error(ProtocolError(code, reason, ref: "replay"), to: connection)]
        }
        if let busy = replayBusy(in: member.session) { return refuse(.gestureBusy, busy) }
        switch source {
        case .lastGesture:
            let recording =
                update(member.session) { $0.session.lastGestureRecording(now: now) }
                ?? .failure(ProtocolError(.invalidValue, "the session is gone", ref: "replay"))
            switch recording {
            case .success(let loaded): return play(loaded, speed: speed, for: connection, now: now)
            case .failure(let refusal): return [.error(refusal, to: connection)]
            }
        case .part(let part, let isLast):
            switch receiveRecordingPart(part, isLast: isLast, for: .replay, from: connection, now: now) {
            case .waiting: return []
            case .refused(let actions): return actions
            case .complete(let text):
                // Read off the loop; its bytes stay counted among the uploads' until it is read.
                guard recordingsBeingRead < Self.maximumRecordingsBeingRead else {
                    let busy = ProtocolError(
                        .serverFull,
                        "the server is reading other recordings; try again shortly",
                        ref: "replay"
                    )
                    return [.error(busy, to: connection)]
                }
                recordingsBeingRead += 1
                uploadBytes += text.utf8.count
                let read = RecordingRead(connection: connection, session: member.session, text: text, speed: speed)
                return [.readRecording(read)]
            }
        }
    }

    /// The most recordings read off the loop at once, across the server: each may take a core for
    /// seconds and hundreds of MiB while it is read.
    static let maximumRecordingsBeingRead = 2

    /// A recording sent for a replay was read off the loop: it plays, or its sender hears why not.
    /// Nothing when the sender has gone or moved on.
    public mutating func recordingRead(_ outcome: RecordingReadOutcome, now: Duration) -> HubResponse {
        let read = outcome.read
        recordingsBeingRead -= 1
        uploadBytes -= read.text.utf8.count
        guard let member = members[read.connection], member.session == read.session else {
            return HubResponse(actions: [], nextDeadline: nil)
        }
        let actions: [TransportAction]
        switch outcome.result {
        case .success(let recording): actions = play(recording, speed: read.speed, for: read.connection, now: now)
        case .failure(let error):
            let refusal = ProtocolError(.invalidValue, "the recording cannot be played: \(error)", ref: "replay")
            actions = [.send(connection: read.connection, OutgoingMessage(.error(refusal)))]
        }
        return response(actions, in: member.session, now: now)
    }

    /// Why session `name` cannot start a replay now (one plays, or it records), or `nil`: asked when
    /// the recording comes and again once it is read, since either may have begun meanwhile.
    private mutating func replayBusy(in name: String) -> String? {
        if update(name, { $0.playback != nil }) == true { return "a replay is already playing in this session" }
        if update(name, { $0.session.isRecording }) == true {
            return "this session is being recorded; stop recording before replaying"
        }
        return nil
    }

    /// Plays `loaded` in the session of `connection`, unless a replay or a recording began there
    /// meanwhile, or the recordings' budget has no room for it.
    private mutating func play(
        _ loaded: Recording,
        speed: Double,
        for connection: Int,
        now: Duration
    )
        -> [TransportAction]
    {
        guard let member = members[connection] else { return [] }
        func refuse(_ code: ProtocolError.Code, _ reason: String) -> [TransportAction] {
            [.error(ProtocolError(code, reason, ref: "replay"), to: connection)]
        }
        if let busy = replayBusy(in: member.session) { return refuse(.gestureBusy, busy) }
        let playback: Playback
        let start = update(member.session) { $0.replayStart(now: now) } ?? now
        do {
            playback = try Playback(loaded, speed: speed, now: start)
        } catch {
            return refuse(.invalidValue, "the recording cannot be played: \(error)")
        }
        guard replayFits(playback.footprint) else {
            return refuse(
                .serverFull,
                "the server's memory budget for recordings (\(MemoryFootprint.describe(limits.journalBudget))) is taken by replays playing; try again when one ends"
            )
        }
        return updateSpendingReplayWork(member.session) { hosted in
            hosted.startPlayback(playback)
            let started = ServerMessage.replayStarted(speed: speed, durationMs: playback.duration.milliseconds)
            return hosted.address([.everyone(started)]) + hosted.play(now: now)
        } ?? []
    }

    /// Where a recording sent in parts stands after one more part.
    enum RecordingUpload {
        case waiting
        case refused([TransportAction])
        case complete(String)
    }

    /// Adds a part of a recording to this connection's upload for `kind` (a part for another kind
    /// starts the upload over): within a recording's bytes and the server's pool for uploads, the
    /// next part due within `uploadPartTimeout`.
    mutating func receiveRecordingPart(
        _ part: String,
        isLast: Bool,
        for kind: MessageKind,
        from connection: Int,
        now: Duration
    ) -> RecordingUpload {
        guard var member = members[connection] else { return .refused([]) }
        // The table's copy lets go of the text, so the part is appended in place: sharing it, each
        // part would copy the whole upload (13 MB, a thousand times over).
        members[connection]?.upload = ""
        if member.uploadKind != kind {
            uploadBytes -= member.upload.utf8.count
            member.upload = ""
            member.uploadKind = kind
        }
        func refuse(_ reason: String) -> RecordingUpload {
            uploadBytes -= member.upload.utf8.count
            uploadDeadlines[connection] = nil
            member.upload = ""
            members[connection] = member
            let error = ProtocolError(.invalidValue, reason, ref: kind.rawValue)
            return .refused([.error(error, to: connection)])
        }
        guard member.upload.utf8.count + part.utf8.count <= RecordingLimits.bytes else {
            return refuse("the recording is larger than \(RecordingLimits.bytes) bytes")
        }
        guard uploadBytes + part.utf8.count <= Self.maximumUploadBytes else {
            return refuse("the server is receiving too many recordings at once; try again shortly")
        }
        member.upload += part
        uploadBytes += part.utf8.count
        guard isLast else {
            members[connection] = member
            uploadDeadlines[connection] = now + Self.uploadPartTimeout
            return .waiting
        }
        let text = member.upload
        uploadDeadlines[connection] = nil
        uploadBytes -= text.utf8.count
        member.upload = ""
        members[connection] = member
        return .complete(text)
    }

    /// `{"type":"replay","action":...}` from any viewer of the session: stop (at once), pause,
    /// resume, step (each step runs the recording's next steps once, so a flood of them only ends
    /// the replay sooner) or seek (which shares the session's allowance for costly messages: a
    /// seek back plays the recording again). With none playing (it may have just ended) the viewer
    /// is told, and nothing changes.
    mutating func controlReplay(
        _ control: ClientMessage.ReplayControl,
        from connection: Int,
        now: Duration
    ) -> [TransportAction] {
        guard let member = members[connection] else { return [] }
        let action = control.action.rawValue
        func refuse(_ code: ProtocolError.Code, _ reason: String, field: String? = nil) -> [TransportAction] {
            [
                .send(
                    connection: connection,
                    OutgoingMessage(.error(ProtocolError(code, reason, ref: "replay", field: field)))
                )
            ]
        }
        let duration = update(member.session) { $0.playback?.duration }
        guard let duration = duration ?? nil else {
            return refuse(
                .invalidValue,
                "replay \(action): no replay is playing in this session",
                field: "replay.action"
            )
        }
        if case .seek(let milliseconds) = control, milliseconds > duration.milliseconds {
            return refuse(
                .invalidValue,
                "replay seek: ms must be from 0 to the replay's durationMs, \(JSONValue.number(duration.milliseconds).encoded), got \(JSONValue.number(milliseconds).encoded)",
                field: "replay.ms"
            )
        }
        if case .seek = control, update(member.session, { $0.admitCostly(now: now) }) == false {
            return refuse(.rateLimited, RateLimiter.broadcastRefusal(for: "replay seek"))
        }
        return updateSpendingReplayWork(member.session) { $0.controlReplay(control, by: member.client, now: now) ?? [] }
            ?? []
    }
}
