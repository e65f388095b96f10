/// What a session started from, fixed at its creation: enough, with its journal, for a recording
/// that a fresh session replays frame for frame.
struct SessionOrigin {
    let name: String
    let clock: ClockKind
    /// The preset the session was created with, where a replay starts.
    let preset: String
    /// What a share link set up beyond the preset, where a replay starts too.
    let setup: SessionSetup?
    /// What a switch of layout without items brings.
    let catalogs: ItemCatalogs

    /// The journal's steps up to `end` (all when `nil`) as a recording whose frames count from `start`.
    func recording(of journal: SessionJournal, startingAt start: Int, endingBefore end: Int? = nil) -> Recording {
        Recording(
            session: name,
            clock: clock,
            preset: preset,
            setup: setup,
            catalogs: catalogs,
            steps: end.map { Array(journal.steps[..<$0]) } ?? journal.steps,
            start: start
        )
    }
}
