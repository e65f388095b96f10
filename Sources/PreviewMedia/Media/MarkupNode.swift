/// What an element contains: elements and text, in document order. Comments are dropped when
/// read, CDATA sections read as text, and adjacent text is one node.
package enum MarkupNode: Equatable, Sendable {
    case element(MarkupElement)
    case text(String)
}
