/// A filter's primitives: each of the allow-list's kinds, with inputs that name the source, the
/// previous result, or what librsvg does not draw (`BackgroundImage`, `FillPaint`).
extension SVGGrammar {
    /// Up to eight primitives, at most sixteen in the document: the allow-list's bounds, so the
    /// filter is taken and drawn.
    mutating func filterPrimitives() {
        let count = min(1 + Int(reader.byte() % 8), 16 - primitives)
        primitives += max(0, count)
        var index = 0
        while index < count {
            let inputs = ["SourceGraphic", "SourceAlpha", "r\(max(0, index - 1))", "BackgroundImage", "FillPaint"]
            let input = "in=\"\(reader.pick(inputs))\" result=\"r\(index)\""
            switch reader.byte() % 8 {
            case 0: text += "<feGaussianBlur \(input) stdDeviation=\"\(reader.pick(EdgeNumbers.deviations))\"/>"
            case 1:
                text +=
                    "<feOffset \(input) dx=\"\(number())\" dy=\"\(number())\"/>"
            case 2:
                text += "<feFlood \(input) flood-color=\"#0a0\" flood-opacity=\"\(number())\"/>"
            case 3:
                text += "<feBlend \(input) in2=\"\(reader.pick(inputs))\" mode=\""
                text += "\(reader.pick(["multiply", "screen", "darken", "luminosity", "hue", "nonsense"]))\"/>"
            case 4:
                let k = (0..<4).map { " k\($0 + 1)=\"\(number())\"" }.joined()
                text += "<feComposite \(input) in2=\"\(reader.pick(inputs))\" operator=\""
                text += "\(reader.pick(["over", "in", "out", "atop", "xor", "arithmetic", "lighter"]))\"\(k)/>"
            case 5:
                text +=
                    "<feColorMatrix \(input) type=\""
                text += "\(reader.pick(["matrix", "saturate", "hueRotate", "luminanceToAlpha"]))\""
                text += " values=\"\(reader.pick(EdgeNumbers.matrixValues))\"/>"
            case 6:
                text +=
                    "<feDropShadow \(input) dx=\"\(number())\" dy=\"\(number())\""
                text += " stdDeviation=\"\(reader.pick(EdgeNumbers.deviations))\"/>"
            default:
                // Each node is a compositing pass the allow-list counts.
                let nodes = min(1 + Int(reader.byte() % 3), count - index)
                text += "<feMerge \(input)>"
                text += String(repeating: "<feMergeNode in=\"\(reader.pick(inputs))\"/>", count: max(0, nodes - 1))
                text += "</feMerge>"
                index += max(0, nodes - 1)
            }
            index += 1
        }
    }
}
