/// A stretch of a session's journal that replays on its own: a checkpoint, the steps after it, and
/// the step frames are replayed from (the steps before it bring a replay to the state it started
/// in, mid-animation included). A recording is one; so is the last gesture.
package struct JournalExcerpt: Equatable, Sendable {
    package let base: SessionCheckpoint
    /// Times since the session's creation, as the journal keeps them.
    package let steps: [SessionJournal.Step]
    package let start: Int
}
