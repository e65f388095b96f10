import CarouselCore
import PreviewRecording
import PreviewTesting
import Testing

@testable import PreviewProtocol

/// A film draws its items as the session said then: the template, the image fit, the corners and the
/// direction of each picture's instant, through a recording that changes them on its way.
@Suite("A film carries the look of each picture's instant")
struct ItemLookFilmTests {
    @Test("a recording keeps the look: its film draws each picture with the look of its instant")
    func recordingKeepsTheLook() throws {
        var harness = HubHarness.opened(["session": "filmed", "clock": "manual", "direction": "rtl"])
        harness.send(1, #"{"type":"configure","config":{"template":"text","cornerRadius":30}}"#)
        harness.send(1, #"{"type":"record","action":"start"}"#)
        harness.send(1, #"{"type":"advance","ms":40}"#)
        harness.send(1, #"{"type":"configure","config":{"imageFit":"contain","cornerRadius":2}}"#)
        harness.send(1, #"{"type":"advance","ms":40}"#)
        harness.send(1, #"{"type":"record","action":"stop"}"#)
        let recording = try #require(try ItemLookTests.last("recording", harness)["recording"])
        let film = try Film(recording: Recording(json: recording))
        let first = try #require(film.frames.first?.look)
        let last = try #require(film.frames.last?.look)
        #expect(first == ItemLook(template: .text, imageFit: .cover, cornerRadius: 30, isRightToLeft: true))
        #expect(last == ItemLook(template: .text, imageFit: .contain, cornerRadius: 2, isRightToLeft: true))
    }

    @Test("the card feed's cards are drawn alike whatever the template says, square by default")
    func cardFeed() {
        var configuration = Configuration.cards
        configuration.template = .product
        #expect(ItemLook(configuration) == ItemLook(template: .banner, imageFit: .cover, cornerRadius: 0))
    }
}
