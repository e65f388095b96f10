import Foundation
import PreviewHandover
import PreviewMedia
import PreviewProtocol
import PreviewRecording
import PreviewWire

/// SVGs edited from seeds: the hostile fixtures (refused, each for one reason: an edit may take the
/// reason away and leave the rest), the benign ones and the bundled banners (taken: an edit may keep
/// them taken with a number at the edge, an element more, a filter primitive repeated).
///
/// After the seed's byte, edits of three bytes each until the input ends: what (`Edit`), where
/// (the n-th number, attribute value, tag or `>` of the text, counted modulo how many there are)
/// and with what (an entry of a table, or how many copies).
enum SeedEdits {
    /// The seeds' texts, read once from the repository's fixtures and `public/banners`.
    static let seeds: [[UInt8]] = {
        let folders = ["Tests/Fixtures/hostile/svg", "Tests/Fixtures/benign/svg", "public/banners"]
        var seeds: [[UInt8]] = []
        for folder in folders {
            let url = FuzzSetup.repository.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".svg") {
                if let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path) {
                    seeds.append(Array(data))
                }
            }
        }
        return seeds
    }()

    private enum Edit: CaseIterable {
        case number, attributeValue, insertElement, deleteTag, repeatTag, insertAttribute
    }

    private static let attributes = [
        "stroke-dasharray=\"1e-307\"", "stroke-width=\"1e308\"", "transform=\"scale(1e-307)\"",
        "transform=\"scale(1e308)\"", "stroke-miterlimit=\"1e308\"", "font-size=\"1e308\"", "letter-spacing=\"-1e308\"",
        "filter=\"url(#shadow)\"", "x=\"NaN\"", "width=\"-1\"", "opacity=\"NaN\"", "stroke=\"#000\"",
        "stroke-linejoin=\"miter-clip\"", "vector-effect=\"non-scaling-stroke\"", "style=\"stroke-dasharray:1e-307\"",
    ]

    /// The seed the reader's next byte picks, edited by the rest of the input.
    static func svg(from reader: inout ProgramReader) -> [UInt8] {
        guard !seeds.isEmpty else { return [] }
        var text = seeds[Int(reader.byte()) % seeds.count]
        var edits = 0
        // Past the largest SVG taken, more edits could only grow a refusal; past 64, the input's time.
        while !reader.isAtEnd, edits < 64, text.count <= MediaLimits().svgBytes {
            edits += 1
            let edit = reader.pick(Edit.allCases)
            let place = Int(reader.byte())
            let with = Int(reader.byte())
            switch edit {
            case .number:
                if let range = nth(place, in: text, of: numberRanges) {
                    text.replaceSubrange(range, with: Array(EdgeNumbers.numbers[with % EdgeNumbers.numbers.count].utf8))
                }
            case .attributeValue:
                if let range = nth(place, in: text, of: attributeValueRanges) {
                    let tables = [EdgeNumbers.numbers, EdgeNumbers.dashes, EdgeNumbers.transforms, EdgeNumbers.paths]
                    let table = tables[with % tables.count]
                    text.replaceSubrange(range, with: Array(table[(with / tables.count) % table.count].utf8))
                }
            case .insertElement:
                if let range = nth(place, in: text, of: tagRanges) {
                    var inner = ProgramReader([UInt8(with), UInt8(truncatingIfNeeded: place)] + reader.rest.prefix(6))
                    let svg = SVGGrammar.svg(from: &inner)
                    // The grammar's document without its root: its elements, placed after a tag.
                    let body = svg.drop { $0 != ">" }.dropFirst().dropLast("</svg>".count)
                    text.insert(contentsOf: Array(body.utf8), at: range.upperBound)
                }
            case .deleteTag:
                if let range = nth(place, in: text, of: tagRanges) { text.removeSubrange(range) }
            case .repeatTag:
                if let range = nth(place, in: text, of: tagRanges) {
                    let tag = Array(text[range])
                    text.insert(contentsOf: Array(repeating: tag, count: 1 + with % 64).joined(), at: range.upperBound)
                }
            case .insertAttribute:
                if let range = nth(place, in: text, of: tagRanges), range.count > 2, text[range.lowerBound + 1] != 0x2F
                {
                    let attribute = " " + attributes[with % attributes.count] + " "
                    // After the name: the first space in the tag, or before its end.
                    let space = text[range].firstIndex(of: 0x20) ?? range.upperBound - 1
                    text.insert(contentsOf: Array(attribute.utf8), at: space)
                }
            }
        }
        return text
    }

    /// The `index`-th (modulo their count) of the ranges `find` gives.
    private static func nth(_ index: Int, in text: [UInt8], of find: ([UInt8]) -> [Range<Int>]) -> Range<Int>? {
        let ranges = find(text)
        return ranges.isEmpty ? nil : ranges[index % ranges.count]
    }

    /// Runs of digits, signs and points that hold a digit and follow neither a letter nor a `/`
    /// (the `3` of `w3.org` and the `2000` of a namespace's path are not numbers to edit).
    private static func numberRanges(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var run: (start: Int, isNumber: Bool)?
        func isNumeric(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) || byte == 0x2E || byte == 0x2D }
        func isWordly(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte | 0x20) || byte == 0x2F }
        for index in 0...text.count {
            if index < text.count, isNumeric(text[index]) {
                if run == nil { run = (index, index == 0 || !isWordly(text[index - 1])) }
            } else if let (start, isNumber) = run {
                run = nil
                if isNumber, text[start..<index].contains(where: { (0x30...0x39).contains($0) }) {
                    ranges.append(start..<index)
                }
            }
        }
        return ranges
    }

    /// What is between `="` and the next `"`.
    private static func attributeValueRanges(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index + 1 < text.count {
            if text[index] == 0x3D, text[index + 1] == 0x22,
                let end = text[(index + 2)...].firstIndex(of: 0x22)
            {
                ranges.append((index + 2)..<end)
                index = end + 1
            } else {
                index += 1
            }
        }
        return ranges
    }

    /// From a `<` to the next `>`, both included.
    private static func tagRanges(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = 0
        while index < text.count {
            if text[index] == 0x3C, let end = text[index...].firstIndex(of: 0x3E) {
                ranges.append(index..<(end + 1))
                index = end + 1
            } else {
                index += 1
            }
        }
        return ranges
    }
}
