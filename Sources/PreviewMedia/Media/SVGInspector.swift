import PreviewWire

/// An uploaded SVG is kept only if it can do nothing but draw, and cheaply: it is read as XML by the
/// strict parser (`MarkupDocument`, no document type, no entities, prefixes resolved to namespaces)
/// and every element and attribute must then be on `SVGAllowList` (`SVGReview`), judged by
/// namespace and local name, never by the text as written; values are judged after CSS escapes are
/// resolved. The server also serves what it keeps with a Content-Security-Policy that forbids
/// scripts. Reading and judging are linear in the bytes, and the parser is pure Swift: the server
/// runs no C parser on what a user uploads.
enum SVGInspector {
    /// How deep, how many elements and attributes an SVG may have: a banner needs far fewer.
    static func markupLimits(_ limits: MediaLimits) -> MarkupLimits {
        var markup = MarkupLimits(bytes: limits.svgBytes)
        markup.depth = 64
        markup.elements = 10_000
        markup.attributesPerElement = 64
        return markup
    }

    /// The SVG's size when `bytes` is an SVG document, nil when it is not one at all; throws, naming
    /// the element or attribute, when it is one that could do more than draw.
    package static func inspect(_ bytes: [UInt8], limits: MediaLimits) throws(ImageRefusal) -> ImageInfo? {
        guard isSVG(bytes) else { return nil }
        guard bytes.count <= limits.svgBytes else {
            throw ImageRefusal("an SVG may be at most \(MemoryFootprint.describe(limits.svgBytes))")
        }
        let document: MarkupDocument
        do {
            document = try MarkupDocument.parse(bytes, limits: markupLimits(limits))
        } catch {
            throw ImageRefusal("an SVG is not taken at line \(error.line), column \(error.column): \(error.reason)")
        }
        try SVGReview.check(document, limits: limits)
        let root = document.root
        let box = viewBox(root.attribute("viewBox"))
        return ImageInfo(
            format: .svg,
            width: dimension(root.attribute("width")) ?? box?.width ?? 0,
            height: dimension(root.attribute("height")) ?? box?.height ?? 0
        )
    }

    /// Whether the first element, past a BOM, white space, the XML declaration, comments and a
    /// document type, is named `svg` (any prefix, any case): then the bytes are meant as an SVG and
    /// a refusal says why it is not taken; otherwise they are not an SVG at all.
    static func isSVG(_ bytes: [UInt8]) -> Bool {
        var at = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while at < bytes.count, MarkupParser.isSpace(bytes[at]) { at += 1 }
        while at < bytes.count {
            guard bytes[at] == UInt8(ascii: "<") else {
                at += 1
                continue
            }
            if bytes[at...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: bytes, from: at + 4) else { return false }
                at = end + 3
            } else if bytes[at...].starts(with: Array("<?".utf8)) {
                guard let end = find(Array("?>".utf8), in: bytes, from: at + 2) else { return false }
                at = end + 2
            } else if at + 1 < bytes.count, isNameStart(bytes[at + 1]) {
                var end = at + 1
                while end < bytes.count,
                    isNameStart(bytes[end]) || (0x30...0x39).contains(bytes[end])
                        || bytes[end] == UInt8(ascii: "-") || bytes[end] == UInt8(ascii: ".")
                {
                    end += 1
                }
                let name = bytes[(at + 1)..<end]
                let local = name[((name.lastIndex(of: UInt8(ascii: ":")) ?? name.startIndex - 1) + 1)...]
                return local.map { $0 | 0x20 }.elementsEqual("svg".utf8)
            } else {
                at += 1
            }
        }
        return false
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":")
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var at = start
        while at + pattern.count <= bytes.count {
            if bytes[at] == pattern[0], bytes[at..<at + pattern.count].elementsEqual(pattern) { return at }
            at += 1
        }
        return nil
    }

    /// A root width or height: a number, optionally in `px`, as whole pixels; `nil` when absent or in
    /// another unit (then the viewBox says).
    private static func dimension(_ value: String?) -> Int? {
        guard var text = value?.filter({ !$0.isWhitespace }) else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let number = Double(text), number.isFinite, number >= 0 else { return nil }
        return Int(min(number, 1_000_000))
    }

    /// The viewBox's width and height, when it has four numbers and both are positive.
    private static func viewBox(_ value: String?) -> (width: Int, height: Int)? {
        guard let parts = value?.split(whereSeparator: { $0 == "," || $0.isWhitespace }), parts.count == 4,
            let width = Double(parts[2]), let height = Double(parts[3]), width > 0, height > 0, width.isFinite,
            height.isFinite
        else { return nil }
        return (Int(min(width, 1_000_000)), Int(min(height, 1_000_000)))
    }
}
