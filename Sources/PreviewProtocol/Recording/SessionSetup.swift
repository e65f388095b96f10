/// What a share link set up when it created a session, beyond its preset: the configuration's
/// changes (a `configure` patch) and the item count. A recording keeps it, so a replay starts
/// from the same carousel; a forged one is checked as strictly as a `configure`.
struct SessionSetup: Equatable, Sendable {
    let changes: [(key: String, value: JSONValue)]
    let itemCount: Int?

    static func == (lhs: SessionSetup, rhs: SessionSetup) -> Bool {
        JSONValue.object(lhs.changes) == JSONValue.object(rhs.changes) && lhs.itemCount == rhs.itemCount
    }

    /// `{"config":{...},"itemCount":N|null}`
    var json: JSONValue {
        .object([
            ("config", .object(changes)),
            ("itemCount", itemCount.map { .number(Double($0)) } ?? .null),
        ])
    }

    /// Reads a recording's `setup`; the configuration is checked when a replay applies it.
    init(json: JSONValue) throws(RecordingError) {
        guard case .object(let config)? = json["config"] else {
            throw RecordingError("\"setup.config\" must be an object of configuration changes")
        }
        var itemCount: Int?
        switch json["itemCount"] {
        case nil, .null?: break
        case .number(let count)?
        where count == count.rounded() && LinkSettings.itemCountRange.contains(count):
            itemCount = Int(count)
        default:
            throw RecordingError(
                "\"setup.itemCount\" must be null or a whole number from 0 to \(CatalogItem.maximumCount)"
            )
        }
        self.init(changes: config, itemCount: itemCount)
    }

    init(changes: [(key: String, value: JSONValue)], itemCount: Int?) {
        self.changes = changes
        self.itemCount = itemCount
    }
}
