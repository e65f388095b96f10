/// Reads what an upload is from its bytes: the format by its magic number, then the size from the
/// format's own header (a PNG's IHDR, a JPEG's start-of-frame, a GIF's screen descriptor, a WebP's
/// VP8, VP8L or VP8X chunk), refusing a size past the limits before anything would decode it. An
/// SVG is text, read by `SVGInspector`. Each reader looks at a bounded part of the bytes, except the
/// JPEG's marker walk and the SVG's scan, which are linear.
package enum ImageInspector {
    package static func inspect(_ bytes: [UInt8], limits: MediaLimits) throws(ImageRefusal) -> ImageInfo {
        let info: ImageInfo
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            info = try png(bytes)
        } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
            info = try jpeg(bytes)
        } else if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            info = try gif(bytes)
        } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
        {
            info = try webp(bytes)
        } else if let svg = try SVGInspector.inspect(bytes, limits: limits) {
            info = svg
        } else {
            throw ImageRefusal(
                "not an image this preview takes: a PNG, JPEG, GIF, WebP or SVG, told by its first bytes"
            )
        }
        guard info.format == .svg || (info.width > 0 && info.height > 0) else {
            throw ImageRefusal("the \(info.format.rawValue) header declares an empty picture")
        }
        guard info.width <= limits.side, info.height <= limits.side, info.width * info.height <= limits.pixels else {
            throw ImageRefusal(
                "the \(info.format.rawValue) declares \(info.width) x \(info.height) pixels; at most \(limits.side) a side "
                    + "and \(limits.pixels / 1_000_000) megapixels are taken"
            )
        }
        return info
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<at + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// The signature, then the IHDR chunk first: its length 13, its name, width and height.
    private static func png(_ bytes: [UInt8]) throws(ImageRefusal) -> ImageInfo {
        guard bigEndian(bytes, 8, count: 4) == 13, bytes.count >= 33, Array(bytes[12..<16]) == Array("IHDR".utf8),
            let width = bigEndian(bytes, 16, count: 4), let height = bigEndian(bytes, 20, count: 4)
        else { throw ImageRefusal("a PNG signature without a PNG header (IHDR) after it: not a PNG") }
        return ImageInfo(format: .png, width: width, height: height)
    }

    /// Marker by marker to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC).
    private static func jpeg(_ bytes: [UInt8]) throws(ImageRefusal) -> ImageInfo {
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { break }
            let marker = bytes[at + 1]
            if marker == 0xFF {
                at += 1  // fill bytes before a marker
                continue
            }
            guard let length = bigEndian(bytes, at + 2, count: 2), length >= 2 else { break }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard let height = bigEndian(bytes, at + 5, count: 2), let width = bigEndian(bytes, at + 7, count: 2)
                else { break }
                return ImageInfo(format: .jpeg, width: width, height: height)
            }
            at += 2 + length
        }
        throw ImageRefusal("a JPEG signature without a frame header (SOF) after it: not a JPEG")
    }

    private static func gif(_ bytes: [UInt8]) throws(ImageRefusal) -> ImageInfo {
        guard let width = littleEndian(bytes, 6, count: 2), let height = littleEndian(bytes, 8, count: 2) else {
            throw ImageRefusal("a GIF signature without its screen size: not a GIF")
        }
        return ImageInfo(format: .gif, width: width, height: height)
    }

    /// The first chunk after `WEBP`: VP8 (lossy), VP8L (lossless) or VP8X (extended).
    private static func webp(_ bytes: [UInt8]) throws(ImageRefusal) -> ImageInfo {
        guard bytes.count >= 30 else { throw ImageRefusal("a WebP header cut short: not a WebP") }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A], let width = littleEndian(bytes, 26, count: 2),
                let height = littleEndian(bytes, 28, count: 2)
            else { break }
            return ImageInfo(format: .webp, width: width & 0x3FFF, height: height & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F, let bits = littleEndian(bytes, 21, count: 4) else { break }
            return ImageInfo(format: .webp, width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            guard let width = littleEndian(bytes, 24, count: 3), let height = littleEndian(bytes, 27, count: 3) else {
                break
            }
            return ImageInfo(format: .webp, width: width + 1, height: height + 1)
        default: break
        }
        throw ImageRefusal("a WebP container without a VP8, VP8L or VP8X image in it: not a WebP")
    }
}
