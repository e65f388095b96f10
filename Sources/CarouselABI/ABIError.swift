import CarouselCore

/// Why the engine refused a call: each has a status code the page reads (negative, so `0` and `1`
/// stay "applied" and "ignored") and a sentence it can show.
public enum ABIError: Error, Equatable {
    /// A record ended before its last field.
    case truncated
    /// A record's field is not one the engine knows (a case number, a flag, a count).
    case malformed(String)
    /// A record is longer than the engine takes.
    case tooLarge(String)
    /// There is no engine yet: set a configuration and items, then start.
    case notStarted
    /// The engine refused the input, as it would on the server.
    case refused(CarouselError)

    /// The status a call returns for this error.
    public var status: Int32 {
        switch self {
        case .truncated: -1
        case .malformed: -2
        case .tooLarge: -3
        case .notStarted: -4
        case .refused: -5
        }
    }

    public var message: String {
        switch self {
        case .truncated: "the record ends early"
        case .malformed(let reason): "malformed record: \(reason)"
        case .tooLarge(let reason): "too large: \(reason)"
        case .notStarted: "the engine has not started: set a configuration and items, then start"
        case .refused(let error): error.description
        }
    }
}
