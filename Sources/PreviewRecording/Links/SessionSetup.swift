import PreviewWire

/// What a share link set up when it created a session, beyond its preset: the configuration's
/// changes (a `configure` patch), the item count and the item it started on. A recording keeps it, so a replay starts
/// from the same carousel; a forged one is checked as strictly as a `configure`.
package struct SessionSetup: Equatable, Sendable {
    package let changes: [(key: String, value: JSONValue)]
    package let itemCount: Int?
    /// `nil`: the first item. Written only when set, so older recordings read the same.
    package let startItem: Int?

    package static func == (lhs: SessionSetup, rhs: SessionSetup) -> Bool {
        JSONValue.object(lhs.changes) == JSONValue.object(rhs.changes) && lhs.itemCount == rhs.itemCount
            && lhs.startItem == rhs.startItem
    }

    /// `{"config":{...},"itemCount":N|null}`, and `"item":I` when the session started on another
    /// item than the first.
    package var json: JSONValue {
        .object(
            [
                ("config", .object(changes)),
                ("itemCount", itemCount.map { .number(Double($0)) } ?? .null),
            ] + (startItem.map { [("item", .number(Double($0)))] } ?? [])
        )
    }

    /// Reads a recording's `setup`; the configuration is checked when a replay applies it.
    package init(json: JSONValue) throws(RecordingError) {
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
        var startItem: Int?
        switch json["item"] {
        case nil: break
        case .number(let item)? where item == item.rounded() && LinkSettings.startItemRange.contains(item):
            startItem = Int(item)
        default:
            throw RecordingError(
                "\"setup.item\" must be a whole number from 0 to \(Int(LinkSettings.startItemRange.maximum))"
            )
        }
        self.init(changes: config, itemCount: itemCount, startItem: startItem)
    }

    package init(changes: [(key: String, value: JSONValue)], itemCount: Int?, startItem: Int? = nil) {
        self.changes = changes
        self.itemCount = itemCount
        self.startItem = startItem
    }
}
