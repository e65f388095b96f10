/// Writes an SVG from a program's bytes by the grammar of what the allow-list takes (shapes, text,
/// gradients, clipping, masks, patterns, `use`, embedded PNGs, filters of the listed primitives),
/// with every number from `EdgeNumbers`: what passes the allow-list is what must be cheap and safe
/// to draw, so the grammar spends its inputs there rather than on refusals byte mutation finds.
///
/// The bytes, one instruction after another until the input ends or `maximumElements` are written:
/// an instruction's byte picks an element (`Kind`), or closes the open container; each element
/// then reads one byte for how many attributes beyond its own it takes (0 to 3; on a `use`, its high
/// bit repeats the `use` 16 to 256 times), and a byte for each attribute's name and one for its
/// value (a pick from the value's table). References name the ids written so far (`e0`, `e1`,
/// ...), so gradients, filters, clip paths, masks and `use` refer to real elements.
struct SVGGrammar {
    static let maximumElements = 48

    /// The elements an instruction picks from; `close` ends the innermost container.
    private enum Kind: CaseIterable {
        case close, rect, circle, ellipse, line, polyline, polygon, path, text, image, use
        case group, defs, clipPath, mask, pattern, symbol, linearGradient, radialGradient, filter
    }

    private enum Value {
        case number, path, points, dashes, transform, viewBox, deviation, matrix, paint, reference
        case keyword([String])
    }

    /// A 1 x 1 PNG, and a PNG whose header declares 8192 x 4096 pixels and holds none.
    private static let pictures = [
        "data:image/png;base64,"
            + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DQAAAEgQGA8wvcoAAAAABJRU5ErkJggg==",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAIAAAABAACAYAAADayW8LAAAAAElFTkSuQmCC",
    ]

    /// What any drawn element may also carry.
    private static let common: [(String, Value)] = [
        ("fill", .paint), ("stroke", .paint), ("stroke-width", .number), ("stroke-dasharray", .dashes),
        ("stroke-dashoffset", .number), ("stroke-miterlimit", .number),
        ("stroke-linejoin", .keyword(["miter", "round", "bevel", "arcs", "miter-clip"])),
        ("stroke-linecap", .keyword(["butt", "round", "square"])), ("transform", .transform), ("opacity", .number),
        ("filter", .reference), ("clip-path", .reference), ("mask", .reference), ("font-size", .number),
        ("letter-spacing", .number), ("word-spacing", .number), ("fill-opacity", .number),
        ("paint-order", .keyword(["stroke", "markers fill", "normal"])),
        ("vector-effect", .keyword(["non-scaling-stroke"])),
        ("mix-blend-mode", .keyword(["multiply", "difference", "luminosity"])), ("isolation", .keyword(["isolate"])),
        ("x", .number), ("y", .number), ("width", .number), ("height", .number),
    ]

    // Not private: the filter primitives are written in SVGGrammar+Filters.swift.
    var reader: ProgramReader
    var text = ""
    private var open: [Kind] = []
    private var ids = 0
    var primitives = 0
    /// The attributes of the element being written: XML takes each once.
    private var written: Set<String> = []

    /// The SVG that `reader`'s bytes describe, from where it stands to the end of the input.
    static func svg(from reader: inout ProgramReader) -> String {
        var grammar = SVGGrammar(reader: reader)
        grammar.write()
        reader = grammar.reader
        return grammar.text
    }

    private init(reader: ProgramReader) {
        self.reader = reader
    }

    private mutating func write() {
        let width = number()
        let height = number()
        let box = reader.byte() & 1 == 0 ? "" : " viewBox=\"\(reader.pick(EdgeNumbers.viewBoxes))\""
        text = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
        text += " width=\"\(width)\" height=\"\(height)\"\(box)>"
        while !reader.isAtEnd, ids < Self.maximumElements {
            let kind = reader.pick(Kind.allCases)
            if kind == .close {
                close()
            } else {
                element(kind)
            }
        }
        while !open.isEmpty { close() }
        text += "</svg>"
    }

    private mutating func close() {
        guard let kind = open.popLast() else { return }
        text += "</\(Self.name(of: kind))>"
    }

    private mutating func element(_ kind: Kind) {
        let name = Self.name(of: kind)
        let id = "e\(ids)"
        ids += 1
        text += "<\(name) id=\"\(id)\""
        written = []
        let start = text.endIndex
        for (attribute, value) in Self.own(kind) { self.attribute(attribute, value) }
        let extra = reader.byte()
        for _ in 0..<extra % 4 {
            let (attribute, value) = reader.pick(Self.common)
            self.attribute(attribute, value)
        }
        if kind == .use, extra >= 0x80 {
            // Many `use` at once (the allow-list takes 256; past it, refused): reuse multiplies whatever
            // the element it names costs to draw, its filter included.
            let tag = "<use" + text[start...] + "/>"
            text += "/>" + String(repeating: tag, count: [15, 63, 254, 255][Int(extra >> 5) & 3])
            return
        }
        switch kind {
        case .text:
            text +=
                ">Fuzz \(number())<tspan dx=\"\(number())\">t</tspan></text>"
        case .linearGradient, .radialGradient:
            text += ">"
            for _ in 0..<(1 + reader.byte() % 3) {
                text +=
                    "<stop offset=\"\(number())\" stop-color=\"#\(["f00", "0f0", "00f"][ids % 3])\""
                text += " stop-opacity=\"\(number())\"/>"
            }
            text += "</\(name)>"
        case .filter:
            text += ">"
            filterPrimitives()
            text += "</filter>"
        case .group, .defs, .clipPath, .mask, .pattern, .symbol:
            text += ">"
            open.append(kind)
        default: text += "/>"
        }
    }

    private mutating func attribute(_ name: String, _ value: Value) {
        guard written.insert(name).inserted else { return }
        let written: String
        switch value {
        case .number: written = number()
        case .path: written = reader.pick(EdgeNumbers.paths)
        case .points: written = reader.pick(EdgeNumbers.points)
        case .dashes: written = reader.pick(EdgeNumbers.dashes)
        case .transform: written = reader.pick(EdgeNumbers.transforms)
        case .viewBox: written = reader.pick(EdgeNumbers.viewBoxes)
        case .deviation: written = reader.pick(EdgeNumbers.deviations)
        case .matrix: written = reader.pick(EdgeNumbers.matrixValues)
        case .paint:
            let pick = reader.byte()
            written =
                pick & 1 == 0
                ? ["#f0a", "none", "currentColor", "rgb(1e308,0,-1)", "hsl(NaN,0%,0%)"][Int(pick >> 1) % 5]
                : "url(#e\(Int(pick >> 1) % max(1, ids)))"
        case .reference: written = "url(#e\(Int(reader.byte()) % max(1, ids)))"
        case .keyword(let words): written = reader.pick(words)
        }
        text += " \(name)=\"\(written)\""
    }

    mutating func number() -> String {
        reader.pick(EdgeNumbers.numbers)
    }

    private static func name(of kind: Kind) -> String {
        switch kind {
        case .group: "g"
        case .close: ""
        default: "\(kind)"
        }
    }

    /// The attributes an element of `kind` always carries.
    private static func own(_ kind: Kind) -> [(String, Value)] {
        switch kind {
        case .rect: [("x", .number), ("y", .number), ("width", .number), ("height", .number), ("rx", .number)]
        case .circle: [("cx", .number), ("cy", .number), ("r", .number)]
        case .ellipse: [("cx", .number), ("rx", .number), ("ry", .number)]
        case .line: [("x1", .number), ("y1", .number), ("x2", .number), ("y2", .number), ("stroke", .paint)]
        case .polyline, .polygon: [("points", .points), ("stroke-width", .number)]
        case .path: [("d", .path), ("stroke", .paint), ("stroke-dasharray", .dashes)]
        case .text: [("x", .number), ("font-size", .number), ("textLength", .number)]
        case .image: [("width", .number), ("height", .number), ("href", .keyword(pictures))]
        case .use: [("href", .keyword((0..<8).map { "#e\($0)" })), ("x", .number)]
        case .pattern:
            [
                ("width", .number), ("height", .number),
                ("patternUnits", .keyword(["userSpaceOnUse", "objectBoundingBox"])),
                ("patternTransform", .transform), ("viewBox", .viewBox),
            ]
        case .linearGradient, .radialGradient:
            [
                ("gradientTransform", .transform), ("spreadMethod", .keyword(["pad", "reflect", "repeat"])),
                ("x1", .number), ("r", .number), ("gradientUnits", .keyword(["userSpaceOnUse", "objectBoundingBox"])),
            ]
        case .filter:
            [
                ("x", .number), ("y", .number), ("width", .number), ("height", .number),
                ("filterUnits", .keyword(["userSpaceOnUse", "objectBoundingBox"])),
                ("primitiveUnits", .keyword(["userSpaceOnUse", "objectBoundingBox"])),
            ]
        case .mask, .clipPath: [("transform", .transform)]
        case .symbol: [("viewBox", .viewBox)]
        case .group, .defs, .close: []
        }
    }
}
