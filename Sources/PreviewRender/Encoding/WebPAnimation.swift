import CWebP

/// An animated WebP through libwebp's WebPAnimEncoder, lossy at quality 80, looping. The encoder
/// keeps only what changed from one picture to the next and folds a picture identical to the one
/// before into that one's duration, so a carousel at rest costs almost nothing.
/// The one file that talks to libwebp.
final class WebPAnimation: AnimationEncoder {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let width: Int32
    private let height: Int32
    /// Where the next picture starts, in ms from the first.
    private var timestamp = 0

    init(width: Int, height: Int) throws(RenderError) {
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0, WebPConfigInit(&config) != 0 else {
            throw RenderError("libwebp's version does not match the one this build was made with")
        }
        options.anim_params.loop_count = 0  // for ever
        config.quality = 80
        // Method 2 of 0 (fastest) to 6 (smallest): flat banners gain little from more.
        config.method = 2
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw RenderError("libwebp cannot start an animation of \(width) x \(height) pixels")
        }
        self.encoder = encoder
        self.width = Int32(width)
        self.height = Int32(height)
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    func add(_ canvas: Canvas, lasting milliseconds: Int) throws(RenderError) {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw RenderError("libwebp cannot make a picture") }
        defer { WebPPictureFree(&picture) }
        picture.width = width
        picture.height = height
        picture.use_argb = 1
        let imported = canvas.withPixels { bytes, stride in
            WebPPictureImportBGRA(&picture, bytes.baseAddress, Int32(stride))
        }
        guard imported != 0, WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw RenderError("libwebp refused a picture: \(error)")
        }
        timestamp += milliseconds
    }

    func finish() throws(RenderError) -> [UInt8] {
        // A last, empty add says when the last picture ends.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(timestamp), nil) != 0 else {
            throw RenderError("libwebp refused the end of the animation: \(error)")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0, let start = data.bytes else {
            throw RenderError("libwebp cannot assemble the animation: \(error)")
        }
        return Array(UnsafeBufferPointer(start: start, count: data.size))
    }

    private var error: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "no reason given"
    }
}
