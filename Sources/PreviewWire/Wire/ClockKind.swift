/// Whether a session's time follows the wall clock or only `advance` messages.
public enum ClockKind: String, Equatable, Sendable, CaseIterable {
    case live
    case manual
}
