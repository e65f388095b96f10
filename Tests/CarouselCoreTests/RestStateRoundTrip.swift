import Testing

@testable import CarouselCore

/// Steps `carousel` through its rests with `next` (at most `rests` of them): at each, its rest state
/// restores an equal carousel, and `check` looks at the restored one too.
func expectEveryRestRestores(
    _ carousel: inout Carousel,
    items: Int,
    rests: Int,
    _ context: String,
    check: (Carousel, RestState) -> Void = { _, _ in }
) throws {
    for _ in 0..<rests {
        _ = carousel.takeFrame()
        let state = try #require(carousel.restState)
        let restored = try Carousel(configuration: carousel.configuration, items: makeItems(items), restingAt: state)
        #expect(restored == carousel, "\(context): \(state)")
        check(restored, state)
        guard (try carousel.handle(.command(.next))) == .applied else { break }
        carousel.advance(by: .seconds(1))
    }
}
