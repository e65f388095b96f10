/// Why bytes are not a document the parser takes, and where: the byte offset of the problem and
/// its line and column (both from 1, the column counted in bytes).
package struct MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    let reason: String
    /// Where, as an offset into the bytes.
    let offset: Int
    let line: Int
    let column: Int

    /// The error for `reason` at `offset`, its line and column counted from `bytes`.
    init(_ reason: String, at offset: Int, in bytes: [UInt8]) {
        self.reason = reason
        self.offset = offset
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        column = offset - lineStart + 1
    }

    package var description: String { "line \(line), column \(column): \(reason)" }
}
