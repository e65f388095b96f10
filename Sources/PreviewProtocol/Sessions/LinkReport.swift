/// What became of a share link's settings, for the welcome: the link names applied, and each one
/// ignored with its reason (`FieldProblem`), so a page tells the viewer without reading a sentence.
public struct LinkReport: Equatable, Sendable {
    /// Link names applied to the session this connection created: `preset`, `spacing`, `items`.
    public let applied: [String]
    /// Settings not applied, each with why.
    public let ignored: [FieldProblem]

    /// `{"applied":[...],"ignored":[{"field":F,"code":C,...,"message":TEXT}, ...]}`
    var json: JSONValue {
        .object([
            ("applied", .array(applied.map(JSONValue.string))),
            ("ignored", .array(ignored.map(\.json))),
        ])
    }
}
