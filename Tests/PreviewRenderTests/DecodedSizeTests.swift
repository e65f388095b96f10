import Testing

@testable import PreviewRender

/// An item's image is decoded (an SVG drawn) at most at the picture's pixels, never at a larger
/// slot's: a hostile 8000 pt item costs a picture, not 16000² pixels.
@Suite("Images decoded at most at the picture's size")
struct DecodedSizeTests {
    @Test("a slot inside the picture keeps its pixels; a larger one shrinks alike both ways to fit it")
    func fits() throws {
        let canvas = try #require(Canvas(pixelWidth: 750, pixelHeight: 360, scale: 2))
        #expect(FilmPainter.decodedSize(slotWidth: 343, slotHeight: 180, on: canvas) == (686, 360))
        let huge = FilmPainter.decodedSize(slotWidth: 8000, slotHeight: 8000, on: canvas)
        #expect(huge == (360, 360), "the square keeps its shape and fits the picture's height")
        let wide = FilmPainter.decodedSize(slotWidth: 100_000, slotHeight: 50, on: canvas)
        #expect(wide.width <= 750 && wide.height >= 1)
        #expect(wide.width * wide.height <= 750 * 360)
        // Edges: a vanishing slot still asks for a pixel, never zero or a negative.
        #expect(FilmPainter.decodedSize(slotWidth: 1e-307, slotHeight: 1e-307, on: canvas) == (1, 1))
    }
}
