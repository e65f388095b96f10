import CarouselCore
import Foundation
import PreviewProtocol
import PreviewWire
import Testing

@testable import PreviewRender

/// The renderer's limits and its drawing of films no recording of a real session makes.
@Suite("A render is bounded and draws any film without failing")
struct FilmRendererTests {
    static let banner = CatalogItem(
        id: "spring",
        title: "Spring Sale",
        subtitle: "Up to 40% off",
        image: "/banners/spring-sale.svg"
    )
    static let svg = Array(
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="686" height="360"><rect width="686" height="360" fill="#2f9e44"/></svg>"##
            .utf8
    )

    static func frame(_ slots: [FilmSlot], fingers: [FilmFinger] = [], at ms: Int = 0) -> FilmFrame {
        FilmFrame(
            time: .milliseconds(ms),
            phase: .idle,
            viewportWidth: 375,
            viewportHeight: 180,
            slots: slots,
            fingers: fingers
        )
    }

    static func slot(
        x: Double,
        y: Double = 0,
        width: Double = 343,
        height: Double = 180,
        scale: Double = 1,
        item: CatalogItem = banner
    )
        -> FilmSlot
    {
        FilmSlot(x: x, y: y, width: width, height: height, scale: scale, axis: .horizontal, item: item)
    }

    static func film(_ frames: [FilmFrame]) -> Film { Film(frames: frames, width: 375, height: 180) }

    @Test("WebP and GIF: the file's signature, one picture per frame, the canvas at the scale")
    func formats() throws {
        let film = Self.film((0..<5).map { Self.frame([Self.slot(x: 16 - 10 * Double($0))], at: 20 * $0) })
        let webp = try FilmRenderer.render(film, as: .webp, scale: 2) {
            $0 == "/banners/spring-sale.svg" ? Self.svg : nil
        }
        #expect(webp.bytes.starts(with: Array("RIFF".utf8)) && webp.bytes[8..<12].elementsEqual("WEBP".utf8))
        #expect((webp.frames, webp.width, webp.height) == (5, 750, 360))
        let gif = try FilmRenderer.render(film, as: .gif, scale: 1) { _ in nil }
        #expect(gif.bytes.starts(with: Array("GIF89a".utf8)) && gif.bytes.last == 0x3B)
        #expect((gif.frames, gif.width, gif.height) == (5, 375, 180))
    }

    @Test("refused with a reason: no pictures, a scale outside 1...3, a picture past 1.2 megapixels")
    func refusals() throws {
        let one = Self.film([Self.frame([Self.slot(x: 16)])])
        #expect(throws: RenderError("the recording has nothing to draw: no session time passes after its start")) {
            try FilmRenderer.render(Self.film([]), as: .webp, scale: 1) { _ in nil }
        }
        for scale in [0, 4, -1] {
            #expect(throws: RenderError.self) { try FilmRenderer.render(one, as: .gif, scale: scale) { _ in nil } }
        }
        let wide = Film(frames: one.frames, width: 1600, height: 900)
        #expect(
            throws: RenderError(
                "a picture of 1600 x 900 pixels is past the 1200000 a render draws; use a smaller --scale"
            )
        ) {
            try FilmRenderer.render(wide, as: .webp, scale: 1) { _ in nil }
        }
        #expect(throws: RenderError.self) {
            try FilmRenderer.render(Film(frames: one.frames, width: 1e300, height: 1e300), as: .webp, scale: 1) { _ in
                nil
            }
        }
    }

    @Test("slots and fingers at huge, infinite or negative coordinates and sizes are left out, not drawn")
    func hostileCoordinates() throws {
        let values = [0, -0.0, 1e-307, .leastNonzeroMagnitude, 1e6, -1e6, 1e300, -1e300, .infinity, -.infinity, .nan]
        var frames: [FilmFrame] = []
        for (index, value) in values.enumerated() {
            frames.append(
                Self.frame(
                    [
                        Self.slot(x: value), Self.slot(x: 16, y: value), Self.slot(x: 16, width: value),
                        Self.slot(x: 16, height: value), Self.slot(x: 16, scale: value),
                    ],
                    fingers: [
                        FilmFinger(client: 1, x: value, y: 90, isLifted: false),
                        FilmFinger(client: 2, x: 90, y: value, isLifted: true),
                    ],
                    at: 20 * index
                )
            )
        }
        for format in AnimationFormat.allCases {
            let animation = try FilmRenderer.render(Self.film(frames), as: format, scale: 1) { _ in Self.svg }
            #expect(animation.frames == values.count)
        }
    }

    @Test("a thousand items, each with its own image: at most 64 are decoded, the rest drawn in their colour")
    func manyImages() throws {
        var asked = Set<String>()
        // Five slots a picture, side by side, each showing an item of its own.
        let frames = (0..<200).map { picture in
            Self.frame(
                (0..<5).map { place in
                    let index = picture * 5 + place
                    let item = CatalogItem(id: "item-\(index)", title: "Item \(index)", image: "/banners/\(index).svg")
                    return Self.slot(x: Double(place) * 75, width: 70, item: item)
                },
                at: 20 * picture
            )
        }
        let animation = try FilmRenderer.render(Self.film(frames), as: .webp, scale: 1) { path in
            asked.insert(path)
            return Self.svg
        }
        #expect(animation.frames == 200)
        #expect(asked.count == ImageShelf.maximumPictures)
    }

    @Test("a GIF past its byte limit stops the render with a reason")
    func gifLimit() throws {
        let canvas = try #require(Canvas(pixelWidth: 64, pixelHeight: 64, scale: 1))
        let encoder = try GIFAnimation(width: 64, height: 64, maximumBytes: 2_000)
        var thrown: RenderError?
        for index in 0..<40 {
            canvas.clear(Color(red: Double(index % 2), green: 0.5, blue: Double(index % 3) / 2))
            do { try encoder.add(canvas, lasting: 20) } catch {
                thrown = error
                break
            }
        }
        if thrown == nil {
            do { _ = try encoder.finish() } catch { thrown = error }
        }
        #expect(thrown?.description.hasPrefix("the GIF would pass") == true)
    }

    @Test("the palette maps black, white and each cube level exactly, and dithers between levels")
    func palette() {
        for threshold in 0..<16 {
            #expect(GIFPalette.quantize(0, levels: 6, threshold: threshold) == 0)
            #expect(GIFPalette.quantize(255, levels: 6, threshold: threshold) == 5)
            #expect(GIFPalette.quantize(255, levels: 7, threshold: threshold) == 6)
        }
        #expect(GIFPalette.colors.count == 256)
        #expect(GIFPalette.colors[251] == (255, 255, 255) && GIFPalette.colors[0] == (0, 0, 0))
        // Halfway between two red levels (25.5 of 51): half the thresholds round up.
        let ups = (0..<16).filter { GIFPalette.quantize(26, levels: 6, threshold: $0) == 1 }.count
        #expect(ups == 8)
    }
}
