import PreviewWire

/// What became of a share link's settings, for the welcome: the link names applied, and each one
/// ignored with its reason (`FieldProblem`), so a page tells the viewer without reading a sentence.
public struct LinkReport: Equatable, Sendable {
    /// Link names applied to the session this connection created: `preset`, `spacing`, `items`.
    public let applied: [String]
    /// Settings not applied, each with why.
    public let ignored: [FieldProblem]
    /// When the link joined an existing session with other settings: the carousel the link would
    /// have made (its values that could be used), so the page can offer it to everyone in a
    /// `configure` or open it in a session of its own, and show how it differs.
    public let wanted: Wanted?

    /// A configuration and the item count the link asked for (`nil`: the layout's own items).
    public struct Wanted: Equatable, Sendable {
        public let config: SessionConfiguration
        public let itemCount: Int?
    }

    init(applied: [String], ignored: [FieldProblem], wanted: Wanted? = nil) {
        self.applied = applied
        self.ignored = ignored
        self.wanted = wanted
    }

    /// `{"applied":[...],"ignored":[{"field":F,"code":C,...,"message":TEXT}, ...]}`, and
    /// `"wanted":{"config":{...},"itemCount":N|null}` when the session exists with other settings.
    package var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("applied", .array(applied.map(JSONValue.string))),
            ("ignored", .array(ignored.map(\.json))),
        ]
        if let wanted {
            members.append(
                (
                    "wanted",
                    .object([
                        ("config", wanted.config.json),
                        ("itemCount", wanted.itemCount.map { .number(Double($0)) } ?? .null),
                    ])
                )
            )
        }
        return .object(members)
    }
}
