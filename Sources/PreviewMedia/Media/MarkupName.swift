/// An element's or attribute's name once its prefix is resolved: the namespace it was bound to
/// (`nil` for none) and the local part. `s:script` with `xmlns:s` bound to SVG's namespace and a
/// plain `script` under a default SVG namespace are the same name, which is why the allow-list
/// judges these and never the text as written.
package struct MarkupName: Hashable, Sendable, CustomStringConvertible {
    /// The namespace that XML reserves for `xml:` attributes (`xml:space`, `xml:lang`), bound in
    /// every document without a declaration.
    package static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    /// The namespace of the `xmlns` declarations themselves, which nothing may be bound to.
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// The namespace's URI, `nil` when the name is in none.
    let namespace: String?
    /// The name without its prefix.
    let localName: String

    package init(_ localName: String, namespace: String? = nil) {
        self.localName = localName
        self.namespace = namespace
    }

    /// The name in Clark's notation, `{http://www.w3.org/2000/svg}rect`, or the local name alone
    /// when it is in no namespace: what the tests compare with libxml2's reading.
    package var description: String {
        namespace.map { "{\($0)}\(localName)" } ?? localName
    }
}
