import PreviewMedia
import PreviewWire

/// A link's `own=SESSION` on the session it creates: that session's own items, or why not.
extension SessionStart {
    /// Makes the new session's content its own when `own` brought items (the session is made with
    /// them), and says so in `report`: `own` applied, or ignored with its reason.
    package mutating func taking(_ own: Result<OwnItems, FieldProblem>, report: LinkReport) -> LinkReport {
        switch own {
        case .success:
            config.configuration.content = .own
            return LinkReport(applied: report.applied + ["own"], ignored: report.ignored, wanted: report.wanted)
        case .failure(let problem):
            return LinkReport(applied: report.applied, ignored: report.ignored + [problem], wanted: report.wanted)
        }
    }
}
