import PreviewProtocol
import PreviewWire

/// A recording's film drawn picture by picture and encoded as an animated WebP or GIF: the one
/// place that wires the canvas, the painter, the image shelf and an encoder together.
///
/// Bounded whatever the recording holds: a film has at most `Film.maximumFrames` pictures (a
/// minute), a picture at most `maximumPixels`, the render keeps one canvas and at most
/// `ImageShelf.maximumPictures` decoded images, and a GIF at most `maximumGIFBytes`. So a render
/// costs at most 3,000 pictures' drawing and encoding (see docs/performance.md for the
/// milliseconds a picture).
public enum FilmRenderer {
    /// Pixels a point: 1, 2 (a phone's retina) or 3.
    public static let scales = 1...3
    /// The most pixels a picture may have: a 1280 x 720 viewport at 1x, a phone's 390 x 844 at 2x.
    public static let maximumPixels = 1_200_000
    /// The largest GIF a render writes.
    public static let maximumGIFBytes = 256 * 1024 * 1024
    /// The most items' images a render keeps decoded, each at most a picture's pixels: what a
    /// render's memory limit counts on.
    public static let maximumDecodedImages = 24

    /// Draws `film` at `scale` pixels a point as `format`, a GIF at most `maximumBytes`; `images`
    /// gives an item's image bytes by the path the item names.
    public static func render(
        _ film: Film,
        as format: AnimationFormat,
        scale: Int,
        maximumBytes: Int = maximumGIFBytes,
        images: @escaping (String) -> [UInt8]?
    ) throws(RenderError) -> RenderedAnimation {
        guard scales.contains(scale) else {
            throw RenderError(
                "the scale must be \(scales.lowerBound) to \(scales.upperBound) pixels a point, not \(scale)"
            )
        }
        guard !film.frames.isEmpty else {
            throw RenderError("the recording has nothing to draw: no session time passes after its start")
        }
        let (pointsWide, pointsHigh) = (film.width * Double(scale), film.height * Double(scale))
        guard pointsWide >= 1, pointsHigh >= 1, pointsWide * pointsHigh <= Double(maximumPixels) else {
            throw RenderError(
                "a picture of \(Self.pixels(pointsWide)) x \(Self.pixels(pointsHigh)) pixels is past the \(maximumPixels) a render draws; use a smaller --scale"
            )
        }
        let (width, height) = (Int(pointsWide.rounded(.up)), Int(pointsHigh.rounded(.up)))
        guard let canvas = Canvas(pixelWidth: width, pixelHeight: height, scale: Double(scale)) else {
            throw RenderError("cairo cannot make a picture of \(width) x \(height) pixels")
        }
        let encoder: AnimationEncoder =
            switch format {
            case .webp: try WebPAnimation(width: width, height: height)
            case .gif: try GIFAnimation(width: width, height: height, maximumBytes: min(maximumBytes, maximumGIFBytes))
            }
        let painter = FilmPainter(canvas: canvas, shelf: ImageShelf(source: images))
        let lasting = Int(Film.frameInterval.milliseconds)
        for frame in film.frames {
            painter.paint(frame)
            try encoder.add(canvas, lasting: lasting)
        }
        return RenderedAnimation(
            bytes: try encoder.finish(),
            format: format,
            frames: film.frames.count,
            width: width,
            height: height
        )
    }

    /// A side in pixels as a message says it: whole when it can be, else as the number it is.
    private static func pixels(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e9 ? "\(Int(value.rounded(.up)))" : "\(value)"
    }
}
