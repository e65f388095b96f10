/// What a handover says next to the fields a framework sets differently, or cannot set at all:
/// "decelerationRate 0.998: not expressible: SwiftUI has no deceleration rate ...". Fields whose
/// mapping says the same thing share one note.
public struct HandoverNote: Equatable, Sendable {
    /// The fields, each with its value as a share link writes it ("decelerationRate 0.998").
    public let fields: [String]
    /// `close: how it differs` or `not expressible: what the framework does instead`.
    public let text: String

    /// The note as one comment line's text.
    public var line: String { fields.joined(separator: ", ") + ": " + text }
}
