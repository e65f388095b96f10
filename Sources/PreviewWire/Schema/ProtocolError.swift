/// An `error` message: a stable code, a sentence a person can act on, the type of the message it
/// answers (`nil` when that could not be read), and the field it concerns when there is one, so a
/// program never reads the sentence.
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
        /// A render's worker ended without an animation: it crashed, or passed its memory, CPU-time
        /// or wall limit (the message names which); nothing else on the server is touched.
        case renderFailed = "render_failed"
        /// An uploaded SVG holds an element or attribute that is not on the allow-list: `refused`
        /// names it.
        case imageRefused = "image_refused"
    }

    public let code: Code
    public let message: String
    public let ref: String?
    /// The member the error is about, as a dotted path in the message: `config.spacing`,
    /// `configure.itemCount`, `pointer.pointerType`; `nil` when it concerns no single member.
    public let field: String?
    /// With `image_refused`: the element or attribute of the upload that is not on the allow-list.
    public let refused: String?

    public init(_ code: Code, _ message: String, ref: String?, field: String? = nil, refused: String? = nil) {
        self.code = code
        self.message = message
        self.ref = ref
        self.field = field
        self.refused = refused
    }
}
