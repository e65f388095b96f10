/// Checkpoints, recording and the last gesture: what the journal keeps and when it starts again.
extension Session {
    /// The session written down whole, when it rests: no finger, no motion, nothing unsent, no
    /// recording or replay under way, the last gesture's motion over. `nil` otherwise.
    func checkpoint(now: Duration) -> SessionCheckpoint? {
        guard !isRecording, !isShowingReplay, journal.acceptsCheckpoint, ownership.isBetweenGestures,
            let rest = engine.restState, frames.hasShown(engine.frame)
        else { return nil }
        return SessionCheckpoint(
            // A live session's steps catch up from its last step: the checkpoint is that moment.
            at: (clock == .live ? lastStep : max(now, createdAt)) - createdAt,
            time: time,
            seq: frames.sentCount,
            config: config,
            items: catalog,
            engine: rest,
            viewers: members.watchers,
            quietClients: ownership.quietClients,
            nextClient: members.nextClientNumber
        )
    }

    /// After a step: a session at rest starts its journal again from a checkpoint.
    /// Until when a session that has had stamped inputs puts off its checkpoint: `longestRewind`
    /// after its last stamped input and after its rest began.
    var checkpointPutOff: Duration? {
        guard let stamped = lastStampedInput else { return nil }
        return max(stamped, restBegan ?? stamped) + Self.longestRewind
    }

    mutating func checkpointIfAtRest(now: Duration) {
        // Only a session that has had stamped inputs needs it (a rest state costs a copy each tick).
        if lastStampedInput != nil { restBegan = engine.restState == nil ? nil : restBegan ?? time }
        if let putOff = checkpointPutOff, time < putOff { return }
        guard !journal.steps.isEmpty || journal.isAbandoned, let checkpoint = checkpoint(now: now) else { return }
        journal.restart(from: checkpoint)
        stream.restart(from: engine)
    }

    /// What the session holds of its past since the last rest: its journal and its engine
    /// stream's calls, both counted in the server's budget for recordings.
    var historyFootprint: Int { journal.footprint + stream.footprint }

    /// Whether a recording is under way.
    var isRecording: Bool { recorder.isRecording }

    /// Lets go of the journal for `reason` (the server's budget, or a live replay's session that is
    /// never recorded): a recording under way ends, and its starter is told why.
    mutating func dropJournal(_ reason: JournalDrop) -> [Delivery] {
        journal.drop(reason)
        // A page joining then draws frames until the next rest, as a recording waits for it.
        stream.dropLog()
        return recorder.limitReached(at: time, journal: journal, origin: origin)
    }

    /// The latest gesture as a recording: from its `down` to the frame that ended its motion (or to
    /// now, while it still moves).
    mutating func lastGestureRecording(now: Duration) -> Result<Recording, ProtocolError> {
        catchUp(now)
        if let reason = journal.dropReason { return .failure(SessionRefusal.journalDroppedForReplay(reason).error) }
        guard let gesture = journal.lastGestureExcerpt else { return .failure(SessionRefusal.noGestureYet.error) }
        guard engine.activePointerID == nil else { return .failure(SessionRefusal.replayWhileDragging.error) }
        return .success(origin.recording(of: gesture))
    }
}
