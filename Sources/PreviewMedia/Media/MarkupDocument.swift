/// A parsed document: the root element with everything in it. The prolog (XML declaration,
/// comments) leaves nothing behind; a document type or processing instruction is refused when read.
package struct MarkupDocument: Equatable, Sendable {
    /// The one element at the top.
    package var root: MarkupElement

    init(root: MarkupElement) {
        self.root = root
    }

    /// Reads `bytes` as a document within `limits`.
    package static func parse(_ bytes: [UInt8], limits: MarkupLimits) throws(MarkupError) -> MarkupDocument {
        var parser = MarkupParser(bytes, limits: limits)
        return try parser.parse()
    }
}
