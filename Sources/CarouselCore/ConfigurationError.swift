/// Why a configuration was rejected: the offending field and a sentence a person can act on.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration property at fault, spelled as in `Configuration`.
    public let field: String
    /// What is wrong with it and what would be accepted.
    public let message: String

    /// Creates an error for `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }

    /// `field: message`, ready to show.
    public var description: String { "\(field): \(message)" }
}
