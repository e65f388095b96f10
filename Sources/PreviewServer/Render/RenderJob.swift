import PreviewProtocol
import PreviewWire

/// What the server hands a render worker on its standard input: the recording as the viewer sent
/// it, the format, the largest file the session may keep, and the session's uploaded images the
/// items name. Records of `NAME LENGTH\n` and that many bytes, so nothing in a recording or an
/// image can be mistaken for the framing, and the reader never scans a byte twice.
struct RenderJob: Equatable, Sendable {
    var format: AnimationFormat
    /// The largest animation worth making: the session keeps none larger (`MediaLimits.imageBytes`).
    var maximumBytes: Int
    /// Uploaded images by the item `image` that names them (`media:HASH`).
    var images: [String: [UInt8]]
    var recording: String

    /// The job's bytes, as the worker reads them.
    var encoded: [UInt8] {
        var bytes: [UInt8] = []
        func record(_ name: String, _ value: [UInt8]) {
            bytes += Array("\(name) \(value.count)\n".utf8)
            bytes += value
        }
        record("format", Array(format.rawValue.utf8))
        record("maximumBytes", Array(String(maximumBytes).utf8))
        for name in images.keys.sorted() {
            record("imageName", Array(name.utf8))
            record("imageBytes", images[name]!)
        }
        record("recording", Array(recording.utf8))
        return bytes
    }

    /// Reads a job; throws a sentence when the bytes are not one (the server wrote them, so only a
    /// bug or a truncated pipe gets here).
    init(decoding bytes: [UInt8]) throws(RenderWorkerError) {
        var reader = RecordReader(bytes: bytes)
        var format: AnimationFormat?
        var maximumBytes: Int?
        var images: [String: [UInt8]] = [:]
        var pendingName: String?
        var recording: String?
        while let (name, value) = try reader.next() {
            switch name {
            case "format": format = AnimationFormat(rawValue: String(decoding: value, as: UTF8.self))
            case "maximumBytes": maximumBytes = Int(String(decoding: value, as: UTF8.self))
            case "imageName": pendingName = String(decoding: value, as: UTF8.self)
            case "imageBytes":
                guard let name = pendingName else { throw RenderWorkerError("an image's bytes came without its name") }
                images[name] = Array(value)
                pendingName = nil
            case "recording":
                guard let text = String(validating: value, as: UTF8.self) else {
                    throw RenderWorkerError("the recording is not UTF-8 text")
                }
                recording = text
            default: throw RenderWorkerError("a job holds no record named \(name.prefix(40))")
            }
        }
        guard let format, let maximumBytes, maximumBytes > 0, let recording else {
            throw RenderWorkerError("the job lacks its format, its largest file or its recording")
        }
        self.init(format: format, maximumBytes: maximumBytes, images: images, recording: recording)
    }

    init(format: AnimationFormat, maximumBytes: Int, images: [String: [UInt8]], recording: String) {
        self.format = format
        self.maximumBytes = maximumBytes
        self.images = images
        self.recording = recording
    }
}

/// Reads `NAME LENGTH\n` records one after another.
struct RecordReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { offset == bytes.count }

    /// The next record, `nil` at the end.
    mutating func next() throws(RenderWorkerError) -> (name: String, value: ArraySlice<UInt8>)? {
        guard offset < bytes.count else { return nil }
        let header = try line()
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let length = Int(parts[1]), length >= 0, length <= bytes.count - offset else {
            throw RenderWorkerError("a record's header is not NAME LENGTH: \(header.prefix(60))")
        }
        defer { offset += length }
        return (String(parts[0]), bytes[offset..<offset + length])
    }

    /// The text up to the next newline (at most 200 bytes: headers are short).
    mutating func line() throws(RenderWorkerError) -> String {
        let end = min(bytes.count, offset + 200)
        guard let newline = bytes[offset..<end].firstIndex(of: 0x0A) else {
            throw RenderWorkerError("a record's header has no end")
        }
        defer { offset = newline + 1 }
        return String(decoding: bytes[offset..<newline], as: UTF8.self)
    }
}

/// Why the server and its render worker could not understand each other: a bug or a pipe cut short.
struct RenderWorkerError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
