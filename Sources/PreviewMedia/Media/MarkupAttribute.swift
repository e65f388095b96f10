/// One attribute of an element: its resolved name and its value with references decoded and white
/// space normalized as XML says (a literal tab or line break reads as a space).
package struct MarkupAttribute: Equatable, Sendable {
    /// The resolved name; an attribute without a prefix is in no namespace, whatever the default.
    package let name: MarkupName
    /// The value, decoded.
    package let value: String

    package init(_ name: MarkupName, _ value: String) {
        self.name = name
        self.value = value
    }
}
