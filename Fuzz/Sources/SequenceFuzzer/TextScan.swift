import CarouselCore

// Testable: the checkpoint probe restores a session from its journal's checkpoint, as a replay does.
@testable import PreviewHandover
@testable import PreviewMedia
@testable import PreviewProtocol
@testable import PreviewRecording
@testable import PreviewWire

// MARK: - Scanning the text

/// Keys whose value is always a number: in frames, and in the configuration of `welcome`/`config`.
let frameNumberKeys = ["time", "position", "x", "y", "width", "height", "scale"].map { Array($0.utf8) }
/// The configuration's members that are always numbers (never `null`), from the schema.
let configNumberKeys = ConfigurationSchema.fields.filter { ["number", "integer"].contains($0.typeName) }
    .map { Array($0.path.last!.utf8) }
let nonNumbers = ["nan", "-nan", "inf", "-inf", "NaN", "Infinity", "-Infinity"].map { Array($0.utf8) }
let nullBytes = Array("null".utf8)
let itemsKey = Array("\"items\":".utf8)

/// One pass over a message's bytes (`String.contains` goes through Foundation and costs far more
/// than the hub): a value printed as `nan`/`inf`, or `null` under one of `nonNullKeys`; nil if none.
/// `untilItems` stops at the catalog (up to 1000 items the client sent, already validated).
func scan(_ text: String, nonNullKeys: [[UInt8]], untilItems: Bool = false) -> String? {
    var text = text
    return text.withUTF8 { bytes -> String? in
        func starts(at start: Int, with word: [UInt8]) -> Bool {
            start + word.count <= bytes.count && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
        }
        for colon in bytes.indices {
            if untilItems, bytes[colon] == UInt8(ascii: "\""), starts(at: colon, with: itemsKey) { break }
            guard bytes[colon] == UInt8(ascii: ":") else { continue }
            for word in nonNumbers where starts(at: colon + 1, with: word) {
                return "holds \(String(decoding: word, as: UTF8.self))"
            }
            guard !nonNullKeys.isEmpty, starts(at: colon + 1, with: nullBytes), colon >= 2,
                bytes[colon - 1] == UInt8(ascii: "\"")
            else { continue }
            var open = colon - 2
            while open >= 0, bytes[open] != UInt8(ascii: "\"") { open -= 1 }
            guard open >= 0 else { continue }
            let key = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(colon - 1)])
            for name in nonNullKeys where key.elementsEqual(name) {
                return "has \(String(decoding: name, as: UTF8.self)) null"
            }
        }
        return nil
    }
}
