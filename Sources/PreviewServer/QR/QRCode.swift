import CQREncode

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A QR code of some text (ISO/IEC 18004, model 2): a square of dark and light modules, encoded by
/// libqrencode. The only Swift file that imports `CQREncode`.
///
/// The text goes in as its UTF-8 bytes in 8-bit (byte) mode, which phone camera apps read as UTF-8,
/// at error-correction level M (about 15% of the symbol may be smudged or covered and it still scans),
/// in the smallest version that holds it.
///
/// Thread safety: the server encodes on its one event-loop thread. libqrencode warns that its encoders
/// are unsafe only when built without pthreads; Debian's build locks its shared tables with a mutex, so
/// encoding from another thread (a test, say) is safe as well.
struct QRCode: Sendable, Equatable {
    /// The most UTF-8 bytes this type encodes. A client chooses the text, so its size, and the work and
    /// memory to encode it, are bounded well below the 2,331 bytes a version-40 symbol holds at level M;
    /// a longer code would be too dense for a phone to read off a screen anyway.
    static let maximumByteCount = 1024

    /// The symbol's version, 1 to 40; it sets the size: 17 + 4 × version modules per side.
    let version: Int
    /// Modules per side, without the quiet zone a renderer adds around them.
    let size: Int
    /// Every module, row by row: `modules[row * size + column]` is true where the module is dark.
    let modules: [Bool]

    /// Encodes `text` (its UTF-8 bytes) at level M in the smallest version that holds it.
    /// - Throws: `QRCodeError` for empty text, text over `maximumByteCount` bytes, or a failure of
    ///   libqrencode (with its errno).
    init(encoding text: String) throws(QRCodeError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw .emptyText }
        guard bytes.count <= Self.maximumByteCount else {
            throw .textTooLong(byteCount: bytes.count, maximumByteCount: Self.maximumByteCount)
        }
        errno = 0
        // Version 0 asks libqrencode for the smallest version that fits.
        let encoded = bytes.withUnsafeBufferPointer { buffer in
            QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, QR_ECLEVEL_M)
        }
        guard let symbol = encoded else {
            let code = errno
            if code == ERANGE { throw .textTooLongForSymbol(byteCount: bytes.count) }
            throw .encodingFailed(errno: code, reason: String(cString: strerror(code)))
        }
        defer { QRcode_free(symbol) }

        let width = Int(symbol.pointee.width)
        // Each byte describes one module; only its lowest bit (1 = dark) matters for drawing, the others
        // say which pattern or area the module belongs to.
        let cells = UnsafeBufferPointer(start: symbol.pointee.data, count: width * width)
        self.version = Int(symbol.pointee.version)
        self.size = width
        self.modules = cells.map { $0 & 1 == 1 }
    }

    /// Whether the module at `row`, `column` (each in `0..<size`, from the top left) is dark.
    func isDark(row: Int, column: Int) -> Bool {
        precondition((0..<size).contains(row) && (0..<size).contains(column), "module outside the symbol")
        return modules[row * size + column]
    }
}
