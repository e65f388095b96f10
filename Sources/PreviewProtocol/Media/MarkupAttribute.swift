/// One attribute of an element: its resolved name and its value with references decoded and white
/// space normalized as XML says (a literal tab or line break reads as a space).
struct MarkupAttribute: Equatable, Sendable {
    /// The resolved name; an attribute without a prefix is in no namespace, whatever the default.
    let name: MarkupName
    /// The value, decoded.
    let value: String

    init(_ name: MarkupName, _ value: String) {
        self.name = name
        self.value = value
    }
}
