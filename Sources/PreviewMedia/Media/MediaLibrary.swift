import PreviewWire

/// One session's uploaded images, by the SHA-256 of their bytes, oldest first: what its items'
/// `media:` images name. Evicted with the session; within its budget, the oldest images no item
/// shows make room for a new one.
package struct MediaLibrary: Equatable, Sendable {
    /// An image as uploaded, checked and named.
    package struct Asset: Sendable {
        package let bytes: [UInt8]
        package let info: ImageInfo
        package let hash: String

        package init(bytes: [UInt8], info: ImageInfo, hash: String) {
            self.bytes = bytes
            self.info = info
            self.hash = hash
        }
    }

    package init() {}

    /// How an item's `image` names an uploaded image: `media:` and its SHA-256 in hexadecimal
    /// (`ItemImageAddress` holds the rule).
    package static let scheme = ItemImageAddress.uploadScheme

    private var assets: [String: Asset] = [:]
    /// Hashes, oldest first.
    private var order: [String] = []
    /// The images' bytes together.
    package private(set) var bytes = 0

    package var count: Int { assets.count }

    /// Two libraries are equal when they hold the same images in the same order: an image is its hash.
    package static func == (lhs: MediaLibrary, rhs: MediaLibrary) -> Bool { lhs.order == rhs.order }

    package func asset(_ hash: String) -> Asset? { assets[hash] }

    /// The hash an item's `image` names, when it names an uploaded image.
    package static func hash(inImage image: String) -> String? {
        guard image.hasPrefix(scheme) else { return nil }
        return String(image.dropFirst(scheme.count))
    }

    /// Every `media:` name (the scheme and 64 lowercase hexadecimal digits) in `text`, found in one
    /// pass without reading the text as JSON: what a recording may show of the session's images.
    package static func names(in text: String) -> Set<String> {
        let bytes = Array(text.utf8)
        let prefix = Array(scheme.utf8)
        func isHex(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) }
        var names: Set<String> = []
        var at = 0
        while at + prefix.count + 64 <= bytes.count {
            guard bytes[at] == prefix[0], bytes[at..<at + prefix.count].elementsEqual(prefix) else {
                at += 1
                continue
            }
            let digits = bytes[at + prefix.count..<at + prefix.count + 64]
            if digits.allSatisfy(isHex) {
                names.insert(String(decoding: bytes[at..<at + prefix.count + 64], as: UTF8.self))
                at += prefix.count + 64
            } else {
                at += prefix.count
            }
        }
        return names
    }

    /// Keeps `asset` (again, if it was there: then it is the newest).
    package mutating func add(_ asset: Asset) {
        if assets[asset.hash] == nil {
            bytes += asset.bytes.count
        } else {
            order.removeAll { $0 == asset.hash }
        }
        assets[asset.hash] = asset
        order.append(asset.hash)
    }

    /// Every image, oldest first.
    package var all: [Asset] { order.compactMap { assets[$0] } }

    /// Each image's format by its hash: what a handover names an upload's file by.
    package var formats: [String: ImageFormat] { assets.mapValues(\.info.format) }

    /// Drops the oldest images that `catalog` does not show until `needed` more bytes fit within
    /// `budget`; returns the hashes dropped. What the items show is never dropped.
    package mutating func makeRoom(for needed: Int, within budget: Int, keeping catalog: [CatalogItem]) -> [String] {
        guard bytes + needed > budget else { return [] }
        let shown = Set(catalog.compactMap { Self.hash(inImage: $0.image) })
        var dropped: [String] = []
        var kept: [String] = []
        for hash in order {
            if bytes + needed > budget, !shown.contains(hash), let asset = assets.removeValue(forKey: hash) {
                bytes -= asset.bytes.count
                dropped.append(hash)
            } else {
                kept.append(hash)
            }
        }
        order = kept
        return dropped
    }
}
