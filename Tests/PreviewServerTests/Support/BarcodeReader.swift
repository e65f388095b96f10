import Foundation

/// zbarimg (Debian's zbar-tools), a QR decoder written apart from libqrencode, so a code that it reads
/// back as the text that made it was encoded right; `make qr-test-deps` installs it.
enum BarcodeReader {
    static let executable = "/usr/bin/zbarimg"

    /// What zbarimg finds in the image file at `path`: each QR code's data as its raw bytes (no
    /// charset guessing), one per line, or nil when it finds none (it exits with status 4).
    static func qrCodes(inImageAt path: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
