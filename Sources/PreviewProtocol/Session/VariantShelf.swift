import PreviewWire

/// A session's named variants (`Variant`), in the order they were first saved: at most
/// `Variant.maximumCount`, each name at most `Variant.maximumNameBytes`, so what one session's
/// variants cost is bounded however many saves its viewers send (`budgetBytes`). A save under a
/// name the shelf holds replaces that variant in place; past the count a save is refused, saying so.
struct VariantShelf: Equatable, Sendable {
    private(set) var variants: [Variant] = []

    /// What a full shelf holds at most on the heap, as `MemoryFootprint` counts it: the array's
    /// buffer at its largest and every name at its longest.
    static let budgetBytes =
        MemoryFootprint.block(32 + Variant.maximumCount * MemoryLayout<Variant>.stride)
        + Variant.maximumCount * MemoryFootprint.block(32 + Variant.maximumNameBytes + 1)

    init(_ variants: [Variant] = []) {
        for variant in variants.prefix(Variant.maximumCount) { _ = try? save(variant) }
        self.variants.reserveCapacity(Variant.maximumCount)
    }

    /// Keeps `variant`; `false` when the shelf already held it as it is (nothing to tell anyone).
    mutating func save(_ variant: Variant) throws(ProtocolError) -> Bool {
        if let index = variants.firstIndex(where: { $0.name == variant.name }) {
            guard variants[index] != variant else { return false }
            variants[index] = variant
            return true
        }
        guard variants.count < Variant.maximumCount else {
            throw ProtocolError(
                .serverFull,
                "a session keeps at most \(Variant.maximumCount) variants: delete one, or save under a name it has, to keep \"\(variant.name)\"",
                ref: "variant",
                field: "variant.name"
            )
        }
        variants.append(variant)
        return true
    }

    mutating func delete(named name: String) throws(ProtocolError) {
        guard let index = variants.firstIndex(where: { $0.name == name }) else {
            throw ProtocolError(
                .invalidValue,
                "the session has no variant named \"\(name)\"",
                ref: "variant",
                field: "variant.name"
            )
        }
        variants.remove(at: index)
    }

    /// What the shelf holds on the heap now.
    var bytes: Int {
        MemoryFootprint.buffer(of: variants) + variants.reduce(0) { $0 + MemoryFootprint.of($1) }
    }
}
