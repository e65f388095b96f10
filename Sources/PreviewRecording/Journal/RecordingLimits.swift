/// What a recording may hold, written once: reading a file refuses one past these, and a session's
/// journal is dropped before it outgrows them, so every recording the server writes reads back.
public enum RecordingLimits {
    /// Session time a recording may span.
    public static let duration = Duration.seconds(600)
    /// The largest recording, as JSON.
    public static let bytes = 16 * 1024 * 1024
    /// The most steps a recording may hold. Ten minutes of a finger at 120 Hz with 60 Hz ticks
    /// is 108,000; more is forged (or made by hand), and every step costs the replay time.
    public static let steps = 200_000
    /// The session time from a recording's beginning to its last step, the steps before `start`
    /// included: what a replay simulates. Recording lasts at most `duration`; as long again
    /// covers a gesture that was under way when it started. A forged step days away would make a
    /// replay simulate days.
    public static let span = duration * 2
    /// The longest text an item of a recorded catalog may hold.
    static let catalogFieldLimit = 64 * 1024
}
