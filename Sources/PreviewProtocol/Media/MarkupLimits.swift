/// How much of a document the parser reads before it refuses: the bounds make its memory and its
/// work proportional to the bytes, and the tree small enough for the checks that walk it.
struct MarkupLimits: Equatable, Sendable {
    /// The most bytes, the BOM included.
    var bytes: Int
    /// The deepest nesting of elements; the root is at depth 1.
    var depth = 64
    /// The most elements in the document.
    var elements = 20_000
    /// The most attributes on one element, `xmlns` declarations included.
    var attributesPerElement = 64

    init(bytes: Int) {
        self.bytes = bytes
    }
}
