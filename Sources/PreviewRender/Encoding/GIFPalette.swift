/// The 256 colours every GIF of a render shares, and the mapping of a picture onto them: a cube of
/// 6 reds x 7 greens x 6 blues (the eye tells greens apart best), with a 4 x 4 ordered dither so
/// a gradient becomes a fine pattern instead of bands. Fixed and ordered (not error-diffused), so
/// a pixel that did not change maps to the same index in every picture, and a picture's changed
/// part stays small.
enum GIFPalette {
    static let levels = (red: 6, green: 7, blue: 6)

    /// The colours as RGB triples, 256 of them (the cube's 252, then black).
    static let colors: [(red: UInt8, green: UInt8, blue: UInt8)] = {
        var colors: [(UInt8, UInt8, UInt8)] = []
        for red in 0..<levels.red {
            for green in 0..<levels.green {
                for blue in 0..<levels.blue {
                    colors.append(
                        (level(red, of: levels.red), level(green, of: levels.green), level(blue, of: levels.blue))
                    )
                }
            }
        }
        return colors + Array(repeating: (0, 0, 0), count: 256 - colors.count)
    }()

    /// Bayer's 4 x 4 thresholds, in sixteenths.
    private static let thresholds: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    /// Writes the palette index of every pixel of a BGRA picture into `indices` (row after row,
    /// `width` a row).
    static func map(
        _ pixels: UnsafeBufferPointer<UInt8>,
        stride: Int,
        width: Int,
        height: Int,
        into indices: inout [UInt8]
    ) {
        indices.withUnsafeMutableBufferPointer { output in
            for y in 0..<height {
                let row = y * stride
                for x in 0..<width {
                    let threshold = thresholds[(y & 3) << 2 | (x & 3)]
                    let pixel = row + x * 4
                    let blue = quantize(pixels[pixel], levels: levels.blue, threshold: threshold)
                    let green = quantize(pixels[pixel + 1], levels: levels.green, threshold: threshold)
                    let red = quantize(pixels[pixel + 2], levels: levels.red, threshold: threshold)
                    output[y * width + x] = UInt8((red * levels.green + green) * levels.blue + blue)
                }
            }
        }
    }

    /// The level of `value` (0...255) among `levels`, rounded up when its remainder passes the
    /// threshold (0...15 sixteenths).
    @inline(__always)
    static func quantize(_ value: UInt8, levels: Int, threshold: Int) -> Int {
        let scaled = Int(value) * (levels - 1) * 16  // in sixteenths of a level, 255 a unit
        let whole = scaled / (255 * 16)
        let remainder = (scaled - whole * 255 * 16) / 255  // 0...15
        return min(levels - 1, whole + (remainder > threshold ? 1 : 0))
    }

    private static func level(_ index: Int, of count: Int) -> UInt8 {
        UInt8((index * 255 + (count - 1) / 2) / (count - 1))
    }
}
