import CBenchSupport

/// Reads the numbers the load client needs straight from a message's bytes, without parsing the
/// JSON: a frame's `seq` (always right after its type) and the `seq` of the input it applied, and an
/// engine stream batch's session time.
enum FrameText {
    private static let enginePrefix: [UInt8] = Array(#"{"type":"engine","#.utf8)
    private static let startKey: [UInt8] = Array(#""start":true"#.utf8)
    private static let timeKey: [UInt8] = Array(#""time":"#.utf8)
    private static let framePrefix: [UInt8] = Array(#"{"type":"frame","seq":"#.utf8)
    private static let inputKey: [UInt8] = Array(#""input":{"client":"#.utf8)
    private static let seqKey: [UInt8] = Array(#","seq":"#.utf8)

    /// The frame's own `seq`, or nil when the message is not a frame.
    static func frameSeq(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.starts(with: framePrefix) else { return nil }
        return number(in: bytes, at: framePrefix.count)
    }

    /// The `seq` of the input message the frame applied, if it names one.
    static func inputSeq(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let input = end(of: inputKey, in: bytes, from: 0), let seq = end(of: seqKey, in: bytes, from: input)
        else { return nil }
        return number(in: bytes, at: seq)
    }

    /// A stream batch's `time` (the session's ms after its calls); nil for a `start` and any other message.
    static func batchTime(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard bytes.starts(with: enginePrefix), !bytes[enginePrefix.count...].starts(with: startKey),
            let start = end(of: timeKey, in: bytes, from: enginePrefix.count)
        else { return nil }
        let numeral = bytes[start...].prefix { UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || $0 == UInt8(ascii: ".") }
        return Double(String(decoding: numeral, as: UTF8.self))
    }

    /// Where the first `needle` at or after `start` ends. libc's memmem (bench_find): a thousand viewers' frames
    /// are searched sixty times a second, and the generic collection search is ten times slower.
    private static func end(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, start < bytes.count else { return nil }
        let found = needle.withUnsafeBytes { bench_find(base + start, bytes.count - start, $0.baseAddress, $0.count) }
        guard let found else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base) + needle.count
    }

    private static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        var value = 0
        var index = start
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return index > start ? value : nil
    }
}
