import PreviewRecording
import PreviewWire

/// What a session started from, fixed at its creation: its name and clock for a recording, the
/// preset and link setup it was created with, and the catalogs a `configure` draws on.
struct SessionOrigin {
    let name: String
    let clock: ClockKind
    /// The preset the session was created with.
    let preset: String
    /// What a share link set up beyond the preset.
    let setup: SessionSetup?
    /// What a switch of layout without items brings.
    let catalogs: ItemCatalogs

    /// `excerpt` as a recording, with only the catalog its steps use and its steps' times counted
    /// from its checkpoint.
    func recording(of excerpt: JournalExcerpt) -> Recording {
        let base = excerpt.base.at
        return Recording(
            session: name,
            clock: clock,
            beginning: .checkpoint(excerpt.base),
            catalogs: catalogs.drawn(on: excerpt.steps),
            steps: excerpt.steps.map { SessionJournal.Step(at: max(.zero, $0.at - base), event: $0.event) },
            start: excerpt.start
        )
    }
}
