/// How much of a document the parser reads before it refuses: the bounds make its memory and its
/// work proportional to the bytes, and the tree small enough for the checks that walk it.
package struct MarkupLimits: Equatable, Sendable {
    /// The most bytes, the BOM included.
    package var bytes: Int
    /// The deepest nesting of elements; the root is at depth 1.
    package var depth = 64
    /// The most elements in the document.
    package var elements = 20_000
    /// The most attributes on one element, `xmlns` declarations included.
    package var attributesPerElement = 64

    package init(bytes: Int) {
        self.bytes = bytes
    }
}
