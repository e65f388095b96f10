/// The budget for recordings: every session's journal and every replay playing, counted as the heap
/// they take (`MemoryFootprint`), stay within `Limits.journalBudget` together. A client that floods
/// its sessions with large `configure`s costs the others their history, never the server its memory.
extension PreviewHub {
    /// The heap the journals and replays take now, in bytes: what the budget bounds.
    public var journalFootprint: Int { journalBytes }

    /// Past the budget, drops the largest journal, then the next largest, until within it. Its
    /// session answers `record` `start` with why; a recording under way there ends, and its starter
    /// is told. The sum is kept as steps are taken (`update`); only a step past the budget looks
    /// for the largest.
    mutating func keepWithinBudget() -> [TransportAction] {
        var actions: [TransportAction] = []
        let reason = JournalDrop.serverBudget(bytes: limits.journalBudget)
        while journalBytes > limits.journalBudget, let largest = largestJournal() {
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

    /// The session whose journal takes the most, if any holds anything.
    private func largestJournal() -> String? {
        var largest: (name: String, bytes: Int)?
        // Through the indices: iterating `sessions` would copy each session out.
        for index in sessions.indices {
            let bytes = sessions.values[index].session.journal.footprint
            if bytes > largest?.bytes ?? 0 { largest = (sessions.keys[index], bytes) }
        }
        return largest?.name
    }

    /// Whether a replay of `bytes` fits beside the replays playing. Journals make room as they are
    /// dropped; replays do not, so together they must leave the budget room.
    func replayFits(_ bytes: Int) -> Bool {
        var playing = 0
        for index in sessions.indices { playing += sessions.values[index].playback?.footprint ?? 0 }
        return playing + bytes <= limits.journalBudget
    }
}
