/// Why some text could not become a QR code. Each case carries its numbers as members, and its
/// `description` says what went wrong in a sentence a log or a page can show as it is.
enum QRCodeError: Error, Equatable, CustomStringConvertible {
    /// The text has no bytes: libqrencode refuses it, and a code that scans as nothing helps no one.
    case emptyText
    /// The text is longer than `QRCode.maximumByteCount` UTF-8 bytes, the bound on what a client may ask
    /// to have encoded.
    case textTooLong(byteCount: Int, maximumByteCount: Int)
    /// libqrencode found the text too long for the largest symbol (version 40) at level M (it set ERANGE).
    case textTooLongForSymbol(byteCount: Int)
    /// libqrencode failed for another reason: `errno` as it set it, and the C library's text for it.
    case encodingFailed(errno: Int32, reason: String)

    var description: String {
        switch self {
        case .emptyText:
            return "cannot make a QR code of empty text"
        case .textTooLong(let byteCount, let maximumByteCount):
            return "text of \(byteCount) UTF-8 bytes is too long for a QR code here (at most \(maximumByteCount))"
        case .textTooLongForSymbol(let byteCount):
            return "text of \(byteCount) UTF-8 bytes does not fit in a QR code at error-correction level M"
        case .encodingFailed(let errno, let reason):
            return "libqrencode could not encode the text: \(reason) (errno \(errno))"
        }
    }
}
