/// Why a session's journal was dropped: what `record` `start` and the replay of the last gesture
/// answer until the journal starts again.
package enum JournalDrop: Equatable, Sendable {
    /// It outgrew a session's own limit (`SessionJournal.maximumSteps` or `maximumFootprint`).
    case outgrewSession
    /// The server's journals together reached its budget of this many bytes (`--journal-budget`),
    /// and this one was the largest.
    case serverBudget(bytes: Int)
    /// The session plays a live replay: nothing is ever recorded from it, so it keeps nothing.
    case replaying
}
