/// The prefixes in scope while a document is read: each element's `xmlns` and `xmlns:prefix`
/// declarations hold for it and what it contains, and end with it. A stack per prefix, so a lookup
/// costs the same however deep the document or however many prefixes are bound.
struct MarkupNamespaceScope {
    /// Per prefix (`""` for the default namespace), the URIs bound to it, innermost last; `""` as
    /// the default's URI means no namespace (`xmlns=""`).
    private var bindings: [String: [String]] = [:]
    /// Per open element, the prefixes it declared.
    private var declared: [[String]] = []

    /// Opens an element's scope with its declarations (`""` as prefix for `xmlns`).
    mutating func open(_ declarations: [(prefix: String, uri: String)]) {
        for declaration in declarations { bindings[declaration.prefix, default: []].append(declaration.uri) }
        declared.append(declarations.map(\.prefix))
    }

    /// Closes the innermost element's scope.
    mutating func close() {
        for prefix in declared.removeLast() { bindings[prefix]?.removeLast() }
    }

    /// The default namespace, `nil` when there is none.
    var defaultNamespace: String? {
        guard let uri = bindings[""]?.last, !uri.isEmpty else { return nil }
        return uri
    }

    /// The URI bound to `prefix`, `nil` when it is not bound; `xml` is always bound.
    func namespace(forPrefix prefix: String) -> String? {
        prefix == "xml" ? MarkupName.xmlNamespace : bindings[prefix]?.last
    }
}
