/// An element of a parsed document: its resolved name, its attributes in document order (the
/// `xmlns` declarations are not among them: they only bind prefixes), and its content.
package struct MarkupElement: Equatable, Sendable {
    /// The resolved name.
    package var name: MarkupName
    /// The attributes in document order, no two with the same resolved name.
    package var attributes: [MarkupAttribute]
    /// The content in document order.
    package var children: [MarkupNode]

    package init(_ name: MarkupName, attributes: [MarkupAttribute] = [], children: [MarkupNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The value of the attribute `localName` in `namespace` (none by default), if present.
    package func attribute(_ localName: String, namespace: String? = nil) -> String? {
        attributes.first { $0.name.localName == localName && $0.name.namespace == namespace }?.value
    }

    /// The child elements, in document order.
    package var elements: [MarkupElement] {
        children.compactMap {
            guard case .element(let element) = $0 else { return nil }
            return element
        }
    }
}
