import CarouselCore
import PreviewMedia
import PreviewProtocol
import PreviewRecording
import Testing

@testable import PreviewRender

/// A film looks like the screen: a short recording whose items show an uploaded PNG of one known
/// colour, drawn by the renderer's painter and read back pixel by pixel, in the session's
/// template, image fit, corner radius and direction.
@Suite("The film draws the session's template, image fit, corners and direction, as the page does")
struct FilmLookTests {
    /// A 40 x 10 magenta PNG, and the `media:` name an upload of it has.
    static let png = SolidPNG.bytes(width: 40, height: 10, red: 255, green: 0, blue: 255)
    static let image = "media:" + SHA256.hex(png)

    /// The pixels of a picture, read as the page's points at 1 pixel a point.
    struct Pixels: CustomStringConvertible {
        let bytes: [UInt8]
        let stride: Int

        var description: String { "a picture of \(bytes.count / stride) rows" }

        /// The colour at a point, as (red, green, blue): the canvas holds BGRA.
        func at(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let offset = Int(y) * stride + Int(x) * 4
            return (Int(bytes[offset + 2]), Int(bytes[offset + 1]), Int(bytes[offset]))
        }

        func isMagenta(_ x: Double, _ y: Double) -> Bool {
            let (red, green, blue) = at(x, y)
            return red > 245 && green < 10 && blue > 245
        }

        func isColor(_ x: Double, _ y: Double, _ hex: Int) -> Bool {
            let (red, green, blue) = at(x, y)
            return abs(red - hex >> 16) <= 2 && abs(green - (hex >> 8 & 0xFF)) <= 2 && abs(blue - hex & 0xFF) <= 2
        }
    }

    /// A version 1 recording of the strip (items 150 pt wide in a 375 x 260 viewport) whose items
    /// show the upload, set up with `config`, and 60 ms of time passing.
    static func recording(_ config: String, title: String = "Trail Runner") throws -> Recording {
        let item =
            #"{"id":"a","title":"\#(title)","subtitle":"Lightweight","price":"€89.00","image":"\#(image)"}"#
        let steps = (1...3).map { #"{"atNs":\#($0 * 1_000_000),"client":1,"message":{"type":"advance","ms":20}}"# }
        return try Recording(
            text: #"""
                {"format":"carousel-preview/recording","version":1,"session":"look","clock":"manual","preset":"strip",
                "setup":{"config":{"itemWidth":150,"viewport":{"width":375,"height":260},\#(config)},"itemCount":3},
                "catalogs":{"banners":[\#(item)],"cards":[]},"start":1,
                "steps":[{"atNs":0,"join":1},\#(steps.joined(separator: ","))]}
                """#
        )
    }

    /// The film's last picture, drawn by the painter at 1 pixel a point, and where item `a` lies.
    static func lastPicture(_ recording: Recording) throws -> (Pixels, FilmSlot) {
        let film = try Film(recording: recording)
        let frame = try #require(film.frames.last)
        let slot = try #require(frame.slots.first { $0.item.id == "a" })
        let canvas = try #require(Canvas(pixelWidth: 375, pixelHeight: 260, scale: 1))
        FilmPainter(canvas: canvas, shelf: ImageShelf { $0 == image ? png : nil }).paint(frame)
        let pixels = canvas.withPixels { bytes, stride in Pixels(bytes: Array(bytes), stride: stride) }
        return (pixels, slot)
    }

    @Test(
        "a product tile covering its square with the upload: the colour fills it, the price is written, the corners cut"
    )
    func productCover() throws {
        let (pixels, slot) = try Self.lastPicture(
            Self.recording(#""template":"product","imageFit":"cover","cornerRadius":24"#)
        )
        #expect(slot.width == 150 && slot.height == 260)
        // The square image covers 150 x 150 at the top: its centre and inside the rounded corner.
        #expect(pixels.isMagenta(slot.x + 75, 75) && pixels.isMagenta(slot.x + 75, 140))
        #expect(pixels.isMagenta(slot.x + 12, 12))
        // The corner itself is cut away by the 24 pt radius: the film's background shows.
        #expect(pixels.isColor(slot.x + 1, 1, 0xF1F3F5))
        #expect(pixels.isColor(slot.x + 3, 3, 0xF1F3F5))
        // Under the image, on white: the title in ink, then the price in the accent colour below it.
        var priceRows = Set<Int>()
        for y in 150..<260 {
            for x in Int(slot.x) + 10..<Int(slot.x) + 140 {
                let (red, green, blue) = pixels.at(Double(x), Double(y))
                if blue > red + 80, blue > green + 60 { priceRows.insert(y) }
            }
        }
        #expect(priceRows.count >= 8, "the price's rows: \(priceRows.sorted())")
        #expect((priceRows.min() ?? 0) > 150 + 8 + 17, "below the title's line")
        #expect(pixels.isColor(slot.x + 140, 250, 0xFFFFFF), "the tile is white below its words")
    }

    @Test("contained, the upload keeps its proportions in the middle of the square; the tile's white around it")
    func productContain() throws {
        let (pixels, slot) = try Self.lastPicture(
            Self.recording(#""template":"product","imageFit":"contain","cornerRadius":24"#)
        )
        // 40 x 10 in a 150 pt square: 150 x 37.5, from 56.25 to 93.75 down.
        #expect(pixels.isMagenta(slot.x + 75, 75) && pixels.isMagenta(slot.x + 2, 75))
        #expect(pixels.isColor(slot.x + 75, 30, 0xFFFFFF) && pixels.isColor(slot.x + 75, 120, 0xFFFFFF))
        #expect(pixels.isColor(slot.x + 1, 1, 0xF1F3F5))
    }

    @Test("square corners draw the item into its corner; a banner contained shows the slot's grey around the image")
    func squareAndBanner() throws {
        let (square, slot) = try Self.lastPicture(
            Self.recording(#""template":"product","imageFit":"cover","cornerRadius":0"#)
        )
        #expect(square.isMagenta(slot.x + 1, 1))
        let (banner, bannerSlot) = try Self.lastPicture(
            Self.recording(#""template":"banner","imageFit":"contain","cornerRadius":14"#)
        )
        // 40 x 10 across 150 pt: 37.5 high, centred in the 260 pt slot.
        #expect(banner.isMagenta(bannerSlot.x + 75, 130))
        #expect(banner.isColor(bannerSlot.x + 75, 40, 0xDEE2E6))
        #expect(banner.isColor(bannerSlot.x + 1, 1, 0xF1F3F5))
    }

    @Test("a caption starts at the carousel's start edge: the left in LTR, the right in RTL")
    func captionDirection() throws {
        func inkSides(_ direction: String) throws -> (left: Int, right: Int) {
            let (pixels, slot) = try Self.lastPicture(
                Self.recording(#""template":"banner","direction":"\#(direction)""#, title: "Sale")
            )
            // The title's line: white words over the shade, 14 above the foot, under the price and subtitle.
            var (left, right) = (0, 0)
            for y in 140..<250 {
                for x in Int(slot.x) + 4..<Int(slot.x + slot.width) - 4 {
                    let (red, green, blue) = pixels.at(Double(x), Double(y))
                    guard red > 235, green > 235, blue > 235 else { continue }
                    if Double(x) < slot.x + slot.width / 3 { left += 1 }
                    if Double(x) > slot.x + slot.width * 2 / 3 { right += 1 }
                }
            }
            return (left, right)
        }
        let ltr = try inkSides("ltr")
        let rtl = try inkSides("rtl")
        #expect(ltr.left > 50 && rtl.right > 50, "ltr \(ltr), rtl \(rtl)")
        #expect(ltr.left > 3 * ltr.right && rtl.right > 3 * rtl.left, "ltr \(ltr), rtl \(rtl)")
    }

    @Test("the renderer takes the upload by its media: name and writes every picture")
    func rendered() throws {
        let film = try Film(recording: Self.recording(#""template":"product","imageFit":"contain""#))
        var asked: Set<String> = []
        let animation = try FilmRenderer.render(film, as: .webp, scale: 2) { name in
            asked.insert(name)
            return name == Self.image ? Self.png : nil
        }
        #expect(animation.frames == film.frames.count && animation.frames >= 3)
        #expect(asked == [Self.image])
    }
}
