import PreviewRecording
import PreviewWire

/// Checkpoints, recording and the last gesture: what the journal keeps and when it starts again.
extension Session {
    /// The session written down whole, when it rests: no finger, no motion, nothing unsent, no
    /// recording or replay under way, the last gesture's motion over. `nil` otherwise. Written as it
    /// stood `back` ago (`checkpointBack`) when that is where the rewind point stands.
    func checkpoint(now: Duration, back: Duration = .zero) -> SessionCheckpoint? {
        let standing = back > .zero ? rewindPoint.engine : engine
        guard !isRecording, !isShowingReplay, journal.acceptsCheckpoint, ownership.isBetweenGestures,
            engine.restState != nil, let rest = standing.restState, frames.hasShown(engine.frame)
        else { return nil }
        return SessionCheckpoint(
            // A live session's steps catch up from its last step: the checkpoint is that moment.
            at: (clock == .live ? lastStep - back : max(now, createdAt)) - createdAt,
            time: time - back,
            seq: frames.sentCount,
            config: config,
            items: catalog,
            ownItems: ownItems,
            engine: rest,
            viewers: members.watchers,
            quietClients: ownership.quietClients,
            nextClient: members.nextClientNumber
        )
    }

    /// How far behind the session its checkpoint is written: where the rewind point stands, when the
    /// engine rested there and only quiet ticks came since (no frame sent, no join, no step the
    /// journal keeps but time), so the stream still stands there and a page's input stamped before
    /// the checkpoint, on its way, still goes in at its time. Zero otherwise: the checkpoint is now.
    var checkpointBack: Duration {
        let back = time - rewindPoint.time
        guard clock == .live, back > .zero, rewindPoint.framesSent == frames.sentCount, !stream.isBroken,
            rewindPoint.engine.restState != nil
        else { return .zero }
        // From the last step back to the point only: a message a session is sent costs no more
        // than the steps of the last half second, however long the journal.
        let at = lastStep - back - createdAt
        let since = journal.steps.reversed().prefix { $0.at > at }
        return since.allSatisfy { $0.event == .tick } ? back : .zero
    }

    /// After a step: a session at rest starts its journal again from a checkpoint.
    /// Until when a session that has had stamped inputs puts off its checkpoint: `restKeptOpen`
    /// after its last stamped input and after its rest began.
    var checkpointPutOff: Duration? {
        guard let stamped = lastStampedInput else { return nil }
        return max(stamped, restBegan ?? stamped) + Self.restKeptOpen
    }

    mutating func checkpointIfAtRest(now: Duration) {
        // Only a session that has had stamped inputs needs it (a rest state costs a copy each tick).
        if lastStampedInput != nil { restBegan = engine.restState == nil ? nil : restBegan ?? time }
        if let putOff = checkpointPutOff, time < putOff { return }
        let back = checkpointBack
        guard !journal.steps.isEmpty || journal.isAbandoned, let checkpoint = checkpoint(now: now, back: back) else {
            return
        }
        journal.restart(from: checkpoint)
        stream.restart(from: back > .zero ? rewindPoint.engine : engine, standingBack: back)
        // Where a session restored from the checkpoint (a recording's replay) stands too.
        if back == .zero { standRewindPoint(at: time) }
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
