import PreviewRecording
import PreviewWire

/// The budget for recordings: every session's journal and every replay playing, counted as the heap
/// they take (`MemoryFootprint`), stay within `Limits.journalBudget` together. A client that floods
/// its sessions with large `configure`s costs the others their history, never the server its memory.
extension PreviewHub {
    /// The heap the journals and replays take now, in bytes: what the budget bounds.
    public var journalFootprint: Int { journalBytes }

    /// What each recording under way holds of the budget from its start: its journal is never
    /// dropped for another session's, and it ends only if it outgrows this share itself. A quarter
    /// of the budget at most, so a few recordings can run side by side.
    var recordingReservation: Int { min(SessionJournal.maximumFootprint, limits.journalBudget / 4) }

    /// Why `record` `start` in session `name` is refused now: every share of the budget is
    /// reserved by recordings under way. `nil` when it may start (or already records, which the
    /// session itself answers).
    func recordingRefusal(in name: String) -> ProtocolError? {
        guard let index = sessions.index(forKey: name), !sessions.values[index].session.isRecording,
            (recordingCount + 1) * recordingReservation > limits.journalBudget
        else { return nil }
        return ProtocolError(
            .serverFull,
            "the server's memory budget for recordings (\(MemoryFootprint.describe(limits.journalBudget))) is reserved by \(recordingCount) recordings under way; try again when one ends",
            ref: "record"
        )
    }

    /// Past the budget, drops the largest journal of a session that is not recording, then the
    /// next largest, until within it; a recording counts as at least its reservation, and only
    /// one that outgrew its share is dropped. Its session answers `record` `start` with why; a
    /// recording that outgrew its share ends, and its starter is told. The sum is kept as steps
    /// are taken (`update`); only a step past the budget looks further.
    mutating func keepWithinBudget() -> [TransportAction] {
        guard journalBytes + recordingCount * recordingReservation > limits.journalBudget else { return [] }
        var actions: [TransportAction] = []
        let reason = JournalDrop.serverBudget(bytes: limits.journalBudget)
        while weightedJournalBytes() > limits.journalBudget, let largest = largestDroppableJournal() {
            actions +=
                update(largest) { hosted in
                    // The session drops first, then is addressed (a copy held across the drop would
                    // copy the journal it lets go).
                    let deliveries = hosted.session.dropJournal(reason)
                    return hosted.address(deliveries)
                } ?? []
        }
        return actions
    }

    /// The budget's use: every journal and replay, each recording at least its reservation.
    private func weightedJournalBytes() -> Int {
        var total = 0
        for index in sessions.indices {
            let hosted = sessions.values[index]
            total += hosted.session.isRecording ? max(hosted.footprint, recordingReservation) : hosted.footprint
        }
        return total
    }

    /// The largest journal of a session not recording; else the recording furthest past its share.
    private func largestDroppableJournal() -> String? {
        var largest: (name: String, bytes: Int)?
        var outgrown: (name: String, excess: Int)?
        // Through the indices: iterating `sessions` would copy each session out.
        for index in sessions.indices {
            let session = sessions.values[index].session
            let bytes = session.historyFootprint
            if session.isRecording {
                let excess = bytes - recordingReservation
                if excess > outgrown?.excess ?? 0 { outgrown = (sessions.keys[index], excess) }
            } else if bytes > largest?.bytes ?? 0 {
                largest = (sessions.keys[index], bytes)
            }
        }
        return largest?.name ?? outgrown?.name
    }

    /// Whether a replay of `bytes` fits beside the replays playing. Journals make room as they are
    /// dropped; replays do not, so together they must leave the budget room.
    func replayFits(_ bytes: Int) -> Bool {
        var playing = 0
        for index in sessions.indices { playing += sessions.values[index].playback?.footprint ?? 0 }
        return playing + bytes <= limits.journalBudget
    }
}
