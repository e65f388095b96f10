import CarouselCore
import PreviewMedia
import PreviewProtocol

/// Items' images for a render, each decoded once at the size a slot shows it: SVG through librsvg,
/// PNG through cairo. Another format, an image the source does not have, or one past the limits is
/// `nil`, and the slot is drawn in its item's colour with its caption.
final class ImageShelf {
    /// The most pictures a render keeps. A film's items may number 1,000, each with its own image,
    /// and a picture is at most the canvas's pixels (`FilmPainter.decodedSize`, 4.8 MB at 1.2
    /// megapixels), so past this an item is drawn in its colour instead: at most 24 decodes and
    /// 115 MB.
    static let maximumPictures = FilmRenderer.maximumDecodedImages
    /// The most images remembered as not drawable (so a missing file is not looked for on every picture).
    static let maximumMissing = 4096
    /// What an image may declare to be decoded at all: 16 megapixels (64 MB of pixels for a
    /// moment), and the upload limits' bytes.
    static let limits: MediaLimits = {
        var limits = MediaLimits()
        limits.side = 4096
        limits.pixels = 4096 * 4096
        return limits
    }()

    private struct Key: Hashable {
        let path: String
        let width: Int
        let height: Int
        let fit: Configuration.ImageFit
    }

    private let source: (String) -> [UInt8]?
    private var pictures: [Key: Picture] = [:]
    private var missing: Set<Key> = []

    /// `source` gives an image's bytes by the path an item names (`/banners/sale.svg`), or `nil`.
    init(source: @escaping (String) -> [UInt8]?) {
        self.source = source
    }

    /// The image at `path` for a box of `width` x `height` pixels, covering it or contained in it.
    func picture(_ path: String, width: Int, height: Int, fit: Configuration.ImageFit = .cover) -> Picture? {
        let key = Key(path: path, width: width, height: height, fit: fit)
        if let picture = pictures[key] { return picture }
        guard !path.isEmpty, !missing.contains(key), pictures.count < Self.maximumPictures else { return nil }
        let picture = decode(path, width: width, height: height, fit: fit)
        if let picture {
            pictures[key] = picture
        } else if missing.count < Self.maximumMissing {
            missing.insert(key)
        }
        return picture
    }

    private func decode(_ path: String, width: Int, height: Int, fit: Configuration.ImageFit) -> Picture? {
        guard let bytes = source(path), let info = ImageInfo(inspecting: bytes, limits: Self.limits) else { return nil }
        switch info.format {
        case .svg: return .svg(bytes, width: width, height: height, fit: fit)
        case .png: return .png(bytes, width: width, height: height, fit: fit)
        case .jpeg, .gif, .webp: return nil
        }
    }
}
