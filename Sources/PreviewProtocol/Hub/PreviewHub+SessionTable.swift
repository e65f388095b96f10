import PreviewMedia

/// The table of sessions: changed in place (a session is large, and a thousand tick sixty times a
/// second), dropped with what they held of the budgets, and made room in when full.
extension PreviewHub {
    /// How many sessions exist (including those outliving their viewers).
    public var sessionCount: Int { sessions.count }

    /// Frames the live sessions refused for a number that was not finite (see `Session`): 0 unless
    /// the engine has a bug, which the property tests and the sequence fuzzer look for.
    public var refusedFrameCount: Int { sessions.values.reduce(0) { $0 + $1.session.refusedFrames } }

    /// Runs `body` on session `name` in place (reading a session out of the dictionary would copy
    /// it, and a thousand sessions tick sixty times a second); nil when there is no such session.
    mutating func update<Result>(_ name: String, _ body: (inout HostedSession) -> Result) -> Result? {
        // Through `values` by index: `sessions[name]!` would move the session out and back (a copy,
        // and then a copy of its engine on the first mutation), and even `sessions[name] != nil`
        // copies it out to compare.
        guard let index = sessions.index(forKey: name) else { return nil }
        let before = sessions.values[index].footprint
        let wasRecording = sessions.values[index].session.isRecording
        let result = body(&sessions.values[index])
        journalBytes += sessions.values[index].footprint - before
        recordingCount += (sessions.values[index].session.isRecording ? 1 : 0) - (wasRecording ? 1 : 0)
        return result
    }

    /// Adds a new session as `name`, counting what it holds from the first (its engine stream's
    /// start) in the budget for recordings.
    mutating func addSession(_ hosted: HostedSession, named name: String) {
        journalBytes += hosted.footprint
        sessions[name] = hosted
    }

    /// Drops session `name`, giving its journal's and images' bytes and any reservation back to the
    /// budgets.
    mutating func removeSession(_ name: String) {
        guard let removed = sessions.removeValue(forKey: name) else { return }
        journalBytes -= removed.footprint
        for asset in removed.session.media.all { mediaStore.release(asset.hash) }
        if removed.session.isRecording { recordingCount -= 1 }
    }

    /// Makes room in a full table for a new session: drops a session nobody watches, one nobody
    /// ever touched first, else the one empty longest. A session someone watches (or a replay plays
    /// in) stays: lingering is a courtesy to viewers who come back, not a claim on the table.
    mutating func evictEmptySession() {
        var candidate: (name: String, rank: (touched: Int, emptySince: Duration))?
        // Through the indices: iterating `sessions` would copy each session out.
        for index in sessions.indices where sessions.values[index].playback == nil {
            guard let emptySince = sessions.values[index].session.emptySince else { continue }
            let rank = (touched: sessions.values[index].session.hasHadInput ? 1 : 0, emptySince: emptySince)
            if let best = candidate, rank >= best.rank { continue }
            candidate = (sessions.keys[index], rank)
        }
        guard let candidate else { return }
        removeSession(candidate.name)
    }
}
