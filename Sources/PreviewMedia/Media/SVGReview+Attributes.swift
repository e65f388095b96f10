/// Attributes: the name on the list, then the value judged after `CSSText.folded`; `href` only as
/// `#id`, or on `image` as an embedded PNG or JPEG that is itself inspected.
extension SVGReview {
    mutating func check(
        _ attribute: MarkupAttribute,
        of element: MarkupElement,
        isContained: Bool
    ) throws(ImageRefusal) {
        let local = attribute.name.localName
        switch attribute.name.namespace {
        case nil where local == "href", SVGAllowList.xlinkNamespace? where local == "href":
            try checkReference(attribute, of: element)
            return
        case nil:
            if local.lowercased().hasPrefix("on") {
                throw Self.refusal(attribute, element, "an event handler runs script")
            }
            guard
                SVGAllowList.presentationAttributes.contains(local) || SVGAllowList.structuralAttributes.contains(local)
            else { throw Self.refusal(attribute, element, "it is not on the list of attributes a banner may use") }
        case MarkupName.xmlNamespace? where SVGAllowList.xmlAttributes.contains(local):
            return
        default:
            throw Self.refusal(attribute, element, "it is not on the list of attributes a banner may use")
        }
        guard local != "id", local != "class" else { return }
        let folded = CSSText.folded(attribute.value)
        if let problem = SVGAllowList.problem(inValue: folded) { throw Self.refusal(attribute, element, problem) }
        if let number = SVGAllowList.outsizedNumber(in: folded) {
            throw Self.refusal(
                attribute,
                element,
                "the number \(number.prefix(24)) is past \(Int(SVGAllowList.largestNumber)): no banner needs one, and "
                    + "librsvg panics on some (a font-size of 1e7)"
            )
        }
        if local == "style" {
            guard let declarations = CSSDeclaration.list(in: folded) else {
                throw Self.refusal(attribute, element, "it is not a list of CSS declarations (property: value; ...)")
            }
            for declaration in declarations where !SVGAllowList.cssProperties.contains(declaration.property) {
                throw Self.refusal(
                    attribute,
                    element,
                    "the property \(declaration.property) is not on the list of CSS properties a banner may use"
                )
            }
        }
        if local == "stdDeviation" {
            let numbers = attribute.value.split { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" }
            for number in numbers
            where !(Double(number).map { $0 >= 0 && $0 <= SVGAllowList.largestDeviation } ?? false) {
                throw Self.refusal(
                    attribute,
                    element,
                    "\(number.prefix(20)) is not a deviation from 0 to \(Int(SVGAllowList.largestDeviation)), the "
                        + "largest blur a banner may use"
                )
            }
        }
        if isContained {
            for target in SVGAllowList.fragments(in: folded) {
                containedReferences.append((target, element.name.localName, local))
            }
        }
    }

    /// `href` or `xlink:href`: `#id` on the elements that refer within the file, an embedded PNG or
    /// JPEG on `image`, nothing elsewhere.
    private mutating func checkReference(_ attribute: MarkupAttribute, of element: MarkupElement) throws(ImageRefusal) {
        let name = element.name.localName
        let value = attribute.value
        if name == "image" {
            try checkEmbeddedImage(attribute, of: element)
        } else if SVGAllowList.referringElements.contains(name) {
            guard SVGAllowList.isReference(value) else {
                throw Self.refusal(attribute, element, "\(value.prefix(60)) refers outside the file; only #id is taken")
            }
            if name == "use" { reused.append(String(value.dropFirst())) }
        } else {
            throw Self.refusal(attribute, element, "only <use>, <image>, gradients and patterns may refer to anything")
        }
    }

    private func checkEmbeddedImage(_ attribute: MarkupAttribute, of element: MarkupElement) throws(ImageRefusal) {
        let value = attribute.value
        let kinds: [(prefix: String, format: ImageFormat, signature: [UInt8])] = [
            ("data:image/png;base64,", .png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            ("data:image/jpeg;base64,", .jpeg, [0xFF, 0xD8, 0xFF]),
        ]
        guard let kind = kinds.first(where: { value.hasPrefix($0.prefix) }) else {
            throw Self.refusal(
                attribute,
                element,
                "\(value.prefix(40)) is not an embedded PNG or JPEG (data:image/png;base64,... or "
                    + "data:image/jpeg;base64,...), the only pictures an SVG may show"
            )
        }
        let payload = String(value.dropFirst(kind.prefix.count).filter { !$0.isWhitespace })
        guard let bytes = Base64.decode(payload), bytes.starts(with: kind.signature) else {
            throw Self.refusal(attribute, element, "its data is not a base64 \(kind.format.rawValue.uppercased())")
        }
        do {
            _ = try ImageInspector.inspect(bytes, limits: limits)
        } catch {
            throw Self.refusal(attribute, element, "the embedded picture is refused: \(error.message)")
        }
    }

    /// Names an attribute as written in a banner: `href`, `xlink:href`, `xml:base`, or with its
    /// namespace when it is another's.
    static func refusal(_ attribute: MarkupAttribute, _ element: MarkupElement, _ reason: String) -> ImageRefusal {
        let name = attribute.name
        let written =
            switch name.namespace {
            case nil: name.localName
            case SVGAllowList.xlinkNamespace?: "xlink:\(name.localName)"
            case MarkupName.xmlNamespace?: "xml:\(name.localName)"
            case let namespace?: "\(name.localName) (namespace \(namespace))"
            }
        return ImageRefusal(
            "an SVG with the attribute \(written) on <\(element.name.localName)> is not taken: \(reason)",
            construct: written
        )
    }
}
