/// An `error` message: a stable code, a sentence a person can act on, and the type of the
/// message it answers (`nil` when that could not be read).
public struct ProtocolError: Error, Equatable, Sendable {
    /// The error codes of protocol v1.
    public enum Code: String, Sendable, CaseIterable {
        case badJSON = "bad_json"
        case badMessage = "bad_message"
        case unknownType = "unknown_type"
        case invalidValue = "invalid_value"
        case notManualClock = "not_manual_clock"
        case gestureBusy = "gesture_busy"
        case rateLimited = "rate_limited"
        case serverFull = "server_full"
    }

    public let code: Code
    public let message: String
    public let ref: String?

    public init(_ code: Code, _ message: String, ref: String?) {
        self.code = code
        self.message = message
        self.ref = ref
    }
}
