import CGIF

/// An animated GIF through giflib: one palette (`GIFPalette`) for the file, looping, each picture
/// shown for its time in hundredths of a second. A picture is written as the rectangle that changed
/// since the one before, over it (disposal "leave in place"), so a carousel at rest costs a pixel.
/// The file is bounded: past `maximumBytes` the render stops with an error.
/// The one file that talks to giflib.
final class GIFAnimation: AnimationEncoder {
    private let file: UnsafeMutablePointer<GifFileType>
    private let sink: ByteSink
    private let width: Int
    private let height: Int
    private var current: [UInt8]
    private var previous: [UInt8]?

    init(width: Int, height: Int, maximumBytes: Int) throws(RenderError) {
        sink = ByteSink(limit: maximumBytes)
        var status: Int32 = 0
        let write: OutputFunc = { file, bytes, count in
            let sink = Unmanaged<ByteSink>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
            return sink.write(bytes, count: Int(count)) ? count : 0
        }
        guard let file = EGifOpen(Unmanaged.passUnretained(sink).toOpaque(), write, &status) else {
            throw RenderError("giflib cannot start a file: \(Self.reason(status))")
        }
        self.file = file
        self.width = width
        self.height = height
        current = Array(repeating: 0, count: width * height)
        EGifSetGifVersion(file, true)
        var colors = GIFPalette.colors.map { GifColorType(Red: $0.red, Green: $0.green, Blue: $0.blue) }
        let map = GifMakeMapObject(Int32(colors.count), &colors)
        defer { GifFreeMapObject(map) }
        var loop: [UInt8] = [1, 0, 0]  // sub-block 1: repeat 0 times more than for ever
        var application = Array("NETSCAPE2.0".utf8)
        guard EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, map) == GIF_OK,
            EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_OK,
            EGifPutExtensionBlock(file, Int32(application.count), &application) == GIF_OK,
            EGifPutExtensionBlock(file, Int32(loop.count), &loop) == GIF_OK,
            EGifPutExtensionTrailer(file) == GIF_OK
        else { throw failure("its header") }
    }

    deinit {
        // A file finished has been closed already; closing frees it either way.
        if !isClosed { EGifCloseFile(file, nil) }
    }

    private var isClosed = false

    func add(_ canvas: Canvas, lasting milliseconds: Int) throws(RenderError) {
        canvas.withPixels { bytes, stride in
            GIFPalette.map(bytes, stride: stride, width: width, height: height, into: &current)
        }
        let changed = previous.map { changedRectangle(from: $0) } ?? (0, 0, width, height)
        let (left, top, columns, rows) = changed ?? (0, 0, 1, 1)
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT,
            UserInputFlag: false,
            DelayTime: Int32(milliseconds / 10),
            TransparentColor: NO_TRANSPARENT_COLOR
        )
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        _ = EGifGCBToExtension(&control, &extensionBytes)
        guard EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, &extensionBytes) == GIF_OK,
            EGifPutImageDesc(file, Int32(left), Int32(top), Int32(columns), Int32(rows), false, nil) == GIF_OK
        else { throw failure("a picture") }
        for row in top..<(top + rows) {
            let written = current.withUnsafeMutableBufferPointer { indices in
                EGifPutLine(file, indices.baseAddress! + row * width + left, Int32(columns))
            }
            guard written == GIF_OK else { throw failure("a picture") }
        }
        // The next picture overwrites every index of `current`, so the two buffers trade places.
        if previous == nil {
            previous = current
        } else {
            swap(&current, &previous!)
        }
    }

    func finish() throws(RenderError) -> [UInt8] {
        var status: Int32 = 0
        isClosed = true
        guard EGifCloseFile(file, &status) == GIF_OK else {
            if sink.isFull { throw sink.overflow }
            throw RenderError("giflib cannot finish the file: \(Self.reason(status))")
        }
        return sink.bytes
    }

    /// The smallest rectangle holding every index that differs from `before`; `nil` when none does.
    private func changedRectangle(from before: [UInt8]) -> (Int, Int, Int, Int)? {
        var (minX, minY, maxX, maxY) = (width, height, -1, -1)
        for y in 0..<height {
            let row = y * width
            var x = 0
            while x < width, current[row + x] == before[row + x] { x += 1 }
            guard x < width else { continue }
            var last = width - 1
            while current[row + last] == before[row + last] { last -= 1 }
            (minX, maxX) = (min(minX, x), max(maxX, last))
            (minY, maxY) = (min(minY, y), y)
        }
        return maxY < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    private func failure(_ what: String) -> RenderError {
        if sink.isFull { return sink.overflow }
        return RenderError("giflib cannot write \(what): \(Self.reason(file.pointee.Error))")
    }

    private static func reason(_ status: Int32) -> String {
        GifErrorString(status).map { String(cString: $0) } ?? "error \(status)"
    }
}

/// The file giflib writes, kept in memory up to a limit.
private final class ByteSink {
    private(set) var bytes: [UInt8] = []
    let limit: Int
    private(set) var isFull = false

    init(limit: Int) { self.limit = limit }

    var overflow: RenderError {
        let size = limit >= 1024 * 1024 ? "\(limit / (1024 * 1024)) MiB" : "\(limit) bytes"
        return RenderError("the GIF would pass \(size); render a shorter recording, at --scale 1, or as WebP")
    }

    func write(_ source: UnsafePointer<UInt8>?, count: Int) -> Bool {
        guard let source, count <= limit - bytes.count else {
            isFull = true
            return false
        }
        bytes.append(contentsOf: UnsafeBufferPointer(start: source, count: count))
        return true
    }
}
