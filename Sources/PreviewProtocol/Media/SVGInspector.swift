/// An uploaded SVG is kept only if it can do nothing but draw: no script, no event handler, no
/// foreign HTML, no document type (entities can expand without end), and no reference outside the
/// file (an `href` or `url()` that is not `#fragment` or an inline `data:image/`), so a viewer's
/// browser fetches nothing for it. The server serves what it keeps with a Content-Security-Policy
/// that forbids scripts besides. One pass over the ASCII-lowercased text, so the cost is linear.
enum SVGInspector {
    /// The SVG's size when `bytes` is an SVG document, nil when it is not one at all; throws when
    /// it is one that could do more than draw.
    static func inspect(_ bytes: [UInt8], limits: MediaLimits) throws(ImageRefusal) -> ImageInfo? {
        let lowered = bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let root = rootStart(lowered) else { return nil }
        guard bytes.count <= limits.svgBytes else {
            throw ImageRefusal("an SVG may be at most \(MemoryFootprint.describe(limits.svgBytes))")
        }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ImageRefusal("an SVG must be UTF-8 text")
        }
        let text = String(decoding: lowered, as: UTF8.self)
        for (pattern, what) in forbidden where text.contains(pattern) {
            throw ImageRefusal("an SVG with \(what) is not taken: it could do more than draw")
        }
        if hasEventAttribute(lowered) {
            throw ImageRefusal("an SVG with an event handler (on...=) is not taken: it could run script")
        }
        for target in references(lowered) where !isInternal(target) {
            throw ImageRefusal(
                "an SVG that refers outside itself (\(String(decoding: target.prefix(40), as: UTF8.self))) is not taken: "
                    + "a viewer's browser would fetch it"
            )
        }
        let tag = lowered[root..<(lowered[root...].firstIndex(of: UInt8(ascii: ">")) ?? lowered.endIndex)]
        return ImageInfo(format: .svg, width: dimension("width", in: tag), height: dimension("height", in: tag))
    }

    private static let forbidden: [(String, String)] = [
        ("<script", "a script"), ("<!doctype", "a document type"), ("<!entity", "an entity"),
        ("<foreignobject", "foreign HTML"), ("javascript:", "a javascript: address"), ("@import", "an @import"),
        ("<iframe", "a frame"), ("<embed", "an embed"), ("<object", "an object"),
    ]

    /// Where `<svg` starts, when the text before it is only a BOM, white space, an XML declaration
    /// and comments.
    private static func rootStart(_ bytes: [UInt8]) -> Int? {
        var at = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while at < bytes.count {
            let byte = bytes[at]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                at += 1
            } else if bytes[at...].starts(with: Array("<svg".utf8)) {
                return at
            } else if bytes[at...].starts(with: Array("<?xml".utf8)) {
                guard let end = find(Array("?>".utf8), in: bytes, from: at) else { return nil }
                at = end + 2
            } else if bytes[at...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: bytes, from: at) else { return nil }
                at = end + 3
            } else {
                return nil
            }
        }
        return nil
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var at = start
        while at + pattern.count <= bytes.count {
            if bytes[at] == pattern[0], bytes[at..<at + pattern.count].elementsEqual(pattern) { return at }
            at += 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isLetter(_ byte: UInt8) -> Bool { byte >= 0x61 && byte <= 0x7A }

    /// An attribute named `on` and letters, then `=`: `onload=`, `onclick =`.
    private static func hasEventAttribute(_ bytes: [UInt8]) -> Bool {
        var at = 0
        while at + 3 < bytes.count {
            if isSpace(bytes[at]) || bytes[at] == UInt8(ascii: "/"), bytes[at + 1] == UInt8(ascii: "o"),
                bytes[at + 2] == UInt8(ascii: "n"), isLetter(bytes[at + 3])
            {
                var end = at + 3
                while end < bytes.count, isLetter(bytes[end]) || bytes[end] == UInt8(ascii: "-") { end += 1 }
                while end < bytes.count, isSpace(bytes[end]) { end += 1 }
                if end < bytes.count, bytes[end] == UInt8(ascii: "=") { return true }
                at = end
            } else {
                at += 1
            }
        }
        return false
    }

    /// Every value of an `href` (`xlink:href` included) and every `url(...)` target, as written.
    private static func references(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var found: [ArraySlice<UInt8>] = []
        var at = 0
        while at < bytes.count {
            if bytes[at...].starts(with: Array("href".utf8)) {
                var value = at + 4
                while value < bytes.count, isSpace(bytes[value]) { value += 1 }
                if value < bytes.count, bytes[value] == UInt8(ascii: "=") {
                    value += 1
                    while value < bytes.count, isSpace(bytes[value]) || bytes[value] == 0x22 || bytes[value] == 0x27 {
                        value += 1
                    }
                    found.append(bytes[value..<min(bytes.count, value + 64)])
                }
                at += 4
            } else if bytes[at...].starts(with: Array("url(".utf8)) {
                var value = at + 4
                while value < bytes.count, isSpace(bytes[value]) || bytes[value] == 0x22 || bytes[value] == 0x27 {
                    value += 1
                }
                found.append(bytes[value..<min(bytes.count, value + 64)])
                at += 4
            } else {
                at += 1
            }
        }
        return found
    }

    private static func isInternal(_ target: ArraySlice<UInt8>) -> Bool {
        target.starts(with: [UInt8(ascii: "#")]) || target.starts(with: Array("data:image/".utf8))
    }

    /// A root attribute's number (`width="320"`, `height='180px'`), 0 when absent or not a number.
    private static func dimension(_ name: String, in tag: ArraySlice<UInt8>) -> Int {
        let pattern = Array(" \(name)=".utf8)
        var at = tag.startIndex
        while at + pattern.count < tag.endIndex {
            if tag[at..<at + pattern.count].elementsEqual(pattern) {
                var digits = at + pattern.count
                if digits < tag.endIndex, tag[digits] == 0x22 || tag[digits] == 0x27 { digits += 1 }
                var number = 0
                while digits < tag.endIndex, tag[digits] >= 0x30, tag[digits] <= 0x39, number < 1_000_000 {
                    number = number * 10 + Int(tag[digits] - 0x30)
                    digits += 1
                }
                return number
            }
            at += 1
        }
        return 0
    }
}
