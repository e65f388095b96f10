/// Why a recording cannot be read or replayed: one line, naming the step when there is one.
public struct RecordingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let description: String

    package init(_ description: String) {
        self.description = description
    }

    package init(step: Int, _ reason: String) {
        description = "step \(step): \(reason)"
    }
}
