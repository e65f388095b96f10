/// A colour with straight (not premultiplied) alpha, each part from 0 to 1.
struct Color: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double = 1

    /// `0xRRGGBB`.
    init(hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }

    init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }

    /// A colour of the page's banner palette chosen by `text` (an item's id), the same on every run:
    /// what an item without a drawable image is filled with, so neighbouring items still differ.
    static func standing(for text: String) -> Color {
        var hash: UInt32 = 2_166_136_261  // FNV-1a: stable across runs, unlike Hasher
        for byte in text.utf8 {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return palette[Int(hash % UInt32(palette.count))]
    }

    private static let palette: [Color] = [
        0x2F9E44, 0x1971C2, 0xE8590C, 0x9C36B5, 0xC2255C, 0x0C8599, 0x5F3DC4, 0xF08C00,
    ].map { Color(hex: $0) }
}

/// A rectangle in points.
struct Rect: Equatable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}

/// A point, in points.
struct Point: Equatable, Sendable {
    var x: Double
    var y: Double
}
