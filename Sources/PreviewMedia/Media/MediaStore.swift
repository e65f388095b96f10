/// Every session's images, stored and charged once by content: an image several sessions hold (a
/// link's `own=` copy, the same file uploaded twice) is one buffer and counts once against the
/// server's budget, however many hold it. Each image is charged to the address that first brought
/// it (`nil`: loopback, which has no share of its own), so one address's sessions together can be
/// held to a share of the budget.
package struct MediaStore: Sendable {
    private struct Entry: Sendable {
        let asset: MediaLibrary.Asset
        var holders: Int
        let chargedTo: String?
    }

    private var entries: [String: Entry] = [:]
    /// The bytes of the distinct images held.
    package private(set) var bytes = 0
    /// The bytes charged to each address beyond loopback.
    package private(set) var bytesByAddress: [String: Int] = [:]

    package init() {}

    /// Whether some session holds the image `hash` names.
    package func contains(_ hash: String) -> Bool { entries[hash] != nil }

    /// One more session holds `asset`: the stored one when its bytes are here already (the new copy
    /// is dropped), else `asset`, charged to `address`.
    package mutating func hold(_ asset: MediaLibrary.Asset, chargedTo address: String?) -> MediaLibrary.Asset {
        if var entry = entries[asset.hash] {
            entry.holders += 1
            entries[asset.hash] = entry
            return entry.asset
        }
        entries[asset.hash] = Entry(asset: asset, holders: 1, chargedTo: address)
        bytes += asset.bytes.count
        if let address { bytesByAddress[address, default: 0] += asset.bytes.count }
        return asset
    }

    /// One session fewer holds the image `hash` names; the last one's release frees it.
    package mutating func release(_ hash: String) {
        guard var entry = entries[hash] else { return }
        entry.holders -= 1
        guard entry.holders == 0 else {
            entries[hash] = entry
            return
        }
        entries[hash] = nil
        bytes -= entry.asset.bytes.count
        if let address = entry.chargedTo {
            let left = bytesByAddress[address, default: 0] - entry.asset.bytes.count
            bytesByAddress[address] = left > 0 ? left : nil
        }
    }
}
