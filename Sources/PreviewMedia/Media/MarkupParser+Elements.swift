/// Start tags, end tags and the element stack: what holds the tree together and resolves its names.
extension MarkupParser {
    /// Reads the root element and everything in it; the reading position is at its `<`.
    mutating func readElements() throws(MarkupError) -> MarkupElement {
        while true {
            guard let byte = peek() else {
                let name = open.last.map { String(decoding: $0.written, as: UTF8.self) } ?? ""
                throw fail("the document ends inside <\(name)>: its end tag is missing")
            }
            if byte == UInt8(ascii: "<") {
                if peek(1) == UInt8(ascii: "/") {
                    if let root = try readEndTag() { return root }
                } else if starts(with: Array("<!--".utf8)) {
                    try readComment()
                } else if starts(with: Array("<![CDATA[".utf8)) {
                    try readCharacterData()
                } else if peek(1) == UInt8(ascii: "?") {
                    throw fail(Self.processingInstructionRefusal)
                } else if starts(with: Array("<!DOCTYPE".utf8)) {
                    throw fail(Self.documentTypeRefusal)
                } else if peek(1) == UInt8(ascii: "!") {
                    throw fail("'<!' starts neither a comment nor a CDATA section")
                } else if let root = try readStartTag() {
                    return root
                }
            } else if byte == UInt8(ascii: "&") {
                text.append(contentsOf: try readReference().utf8)
            } else {
                if starts(with: Array("]]>".utf8)) { throw fail("']]>' outside a CDATA section") }
                text.append(try readCharacter(inAttribute: false))
            }
        }
    }

    /// A name as written: ASCII letters, digits, `_ - . :`, not starting with a digit, `-` or `.`.
    mutating func readName() throws(MarkupError) -> ArraySlice<UInt8> {
        let start = position
        while let byte = peek(), Self.isNameByte(byte, first: position == start) { advance() }
        if let byte = peek(), byte >= 0x80 { throw fail("a name with letters outside ASCII is not taken") }
        guard position > start else { throw fail("a name was expected") }
        return bytes[start..<position]
    }

    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
            UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."): return !first
        default: return false
        }
    }

    /// `<name attributes>` or `<name attributes/>`; returns the root when this tag was all of it.
    private mutating func readStartTag() throws(MarkupError) -> MarkupElement? {
        let tagStart = position
        advance()
        let written = try readName()
        var attributes: [(name: ArraySlice<UInt8>, value: String, at: Int)] = []
        var seen: Set<ArraySlice<UInt8>> = []
        let isEmpty: Bool
        while true {
            let spaced = skipSpace()
            if peek() == UInt8(ascii: ">") {
                advance()
                isEmpty = false
                break
            }
            if starts(with: Array("/>".utf8)) {
                advance(2)
                isEmpty = true
                break
            }
            guard peek() != nil else { throw fail("the document ends inside the tag <\(Self.text(written))>") }
            guard spaced else { throw fail("the attributes of <\(Self.text(written))> need white space between them") }
            let at = position
            let name = try readName()
            skipSpace()
            guard peek() == UInt8(ascii: "=") else {
                throw fail("the attribute \(Self.text(name)) has no '=' and value")
            }
            advance()
            skipSpace()
            let value = try readAttributeValue(of: name)
            guard seen.insert(name).inserted else {
                throw MarkupError("the attribute \(Self.text(name)) appears twice", at: at, in: bytes)
            }
            guard attributes.count < limits.attributesPerElement else {
                throw fail("an element with more than \(limits.attributesPerElement) attributes")
            }
            attributes.append((name, value, at))
        }
        guard open.count < limits.depth else {
            throw MarkupError("elements nested more than \(limits.depth) deep", at: tagStart, in: bytes)
        }
        elementCount += 1
        guard elementCount <= limits.elements else {
            throw MarkupError("more than \(limits.elements) elements", at: tagStart, in: bytes)
        }
        let element = try resolve(written, attributes, at: tagStart)
        flushText()
        if isEmpty {
            scope.close()
            return add(element)
        }
        open.append((element, written))
        return nil
    }

    /// `</name>`, closing the innermost open element; returns the root when it closes it.
    private mutating func readEndTag() throws(MarkupError) -> MarkupElement? {
        let at = position
        advance(2)
        let written = try readName()
        skipSpace()
        guard peek() == UInt8(ascii: ">") else { throw fail("the end tag </\(Self.text(written))> is not closed") }
        advance()
        guard let innermost = open.last else {
            throw MarkupError("the end tag </\(Self.text(written))> closes nothing", at: at, in: bytes)
        }
        guard innermost.written.elementsEqual(written) else {
            throw MarkupError(
                "the end tag </\(Self.text(written))> does not close <\(Self.text(innermost.written))>",
                at: at,
                in: bytes
            )
        }
        count(written.count)
        flushText()
        let element = open.removeLast().element
        scope.close()
        return add(element)
    }

    /// Adds a finished element to the open one; returns it when it is the root.
    private mutating func add(_ element: MarkupElement) -> MarkupElement? {
        guard !open.isEmpty else { return element }
        open[open.count - 1].element.children.append(.element(element))
        return nil
    }

    /// Adds the text read since the last tag to the open element.
    private mutating func flushText() {
        guard !text.isEmpty else { return }
        if !open.isEmpty { open[open.count - 1].element.children.append(.text(String(decoding: text, as: UTF8.self))) }
        text.removeAll(keepingCapacity: true)
    }

    /// Opens the element's namespace scope with its declarations and resolves its names.
    private mutating func resolve(
        _ written: ArraySlice<UInt8>,
        _ attributes: [(name: ArraySlice<UInt8>, value: String, at: Int)],
        at tagStart: Int
    ) throws(MarkupError) -> MarkupElement {
        var declarations: [(prefix: String, uri: String)] = []
        var plain: [(prefix: String?, local: String, value: String, at: Int)] = []
        for attribute in attributes {
            count()
            let (prefix, local) = try split(attribute.name, at: attribute.at)
            if prefix == nil, local == "xmlns" {
                guard attribute.value != MarkupName.xmlNamespace, attribute.value != MarkupName.xmlnsNamespace else {
                    throw MarkupError("xmlns may not be \(attribute.value)", at: attribute.at, in: bytes)
                }
                declarations.append(("", attribute.value))
            } else if prefix == "xmlns" {
                try check(declaring: local, as: attribute.value, at: attribute.at)
                declarations.append((local, attribute.value))
            } else {
                plain.append((prefix, local, attribute.value, attribute.at))
            }
        }
        scope.open(declarations)
        let (prefix, local) = try split(written, at: tagStart)
        let name = MarkupName(
            local,
            namespace: try namespace(of: prefix, default: scope.defaultNamespace, at: tagStart)
        )
        var resolved: [MarkupAttribute] = []
        var names: Set<MarkupName> = []
        for attribute in plain {
            let name = MarkupName(attribute.local, namespace: try namespace(of: attribute.prefix, at: attribute.at))
            guard names.insert(name).inserted else {
                throw MarkupError("the attribute \(name) appears twice", at: attribute.at, in: bytes)
            }
            resolved.append(MarkupAttribute(name, attribute.value))
        }
        return MarkupElement(name, attributes: resolved)
    }

    /// A qualified name's prefix and local part: at most one colon, with something either side.
    private func split(_ name: ArraySlice<UInt8>, at offset: Int) throws(MarkupError) -> (String?, String) {
        guard let colon = name.firstIndex(of: UInt8(ascii: ":")) else { return (nil, Self.text(name)) }
        let local = name[(colon + 1)...]
        guard colon > name.startIndex, !local.isEmpty, !local.contains(UInt8(ascii: ":")),
            let first = local.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            first != UInt8(ascii: "-"), first != UInt8(ascii: ".")
        else { throw MarkupError("\(Self.text(name)) is not a name a namespace can qualify", at: offset, in: bytes) }
        return (Self.text(name[..<colon]), Self.text(local))
    }

    private func check(declaring prefix: String, as uri: String, at offset: Int) throws(MarkupError) {
        let problem: String? =
            if prefix == "xmlns" {
                "the prefix xmlns may not be declared"
            } else if uri.isEmpty {
                "xmlns:\(prefix)=\"\" unbinds a prefix, which XML 1.0 does not allow"
            } else if (prefix == "xml") != (uri == MarkupName.xmlNamespace) {
                "the prefix xml and the namespace \(MarkupName.xmlNamespace) belong only to each other"
            } else if uri == MarkupName.xmlnsNamespace {
                "nothing may be bound to \(MarkupName.xmlnsNamespace)"
            } else {
                nil
            }
        if let problem { throw MarkupError(problem, at: offset, in: bytes) }
    }

    /// The namespace of a prefix; without one, `defaultNamespace` (an element's) or none (an attribute's).
    private func namespace(
        of prefix: String?,
        default defaultNamespace: String? = nil,
        at offset: Int
    ) throws(MarkupError) -> String? {
        guard let prefix else { return defaultNamespace }
        guard let uri = scope.namespace(forPrefix: prefix) else {
            throw MarkupError(
                "the prefix \(prefix) is not bound to a namespace (no xmlns:\(prefix))",
                at: offset,
                in: bytes
            )
        }
        return uri
    }

    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
