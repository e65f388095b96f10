import PreviewMedia
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// `{"type":"render"}` through the hub: a recording sent as a replay's is becomes one `render`
/// action with the session's uploaded images its items show; the outcome is kept among the
/// session's images and named to the viewer who asked, or refused saying why.
@Suite("Renders through the hub: one request per recording, the outcome kept as the session's image")
struct RenderHubTests {
    /// A version 1 recording of the banner preset whose first banner shows `image`.
    static func recording(image: String) -> String {
        let banners = (0..<5).map { index in
            #"{"id":"b\#(index)","title":"Banner \#(index)","subtitle":"","image":"\#(index == 0 ? image : "/banners/spring-sale.svg")"}"#
        }
        return
            #"{"format":"carousel-preview/recording","version":1,"session":"r","clock":"manual","preset":"banner","catalogs":{"banners":[\#(banners.joined(separator: ","))],"cards":[]},"start":1,"steps":[{"atNs":0,"join":1},{"atNs":1000000,"client":1,"message":{"type":"advance","ms":40}}]}"#
    }

    /// `text` as `render` messages of at most `size` characters each.
    static func parts(_ text: String, format: String = "gif", size: Int = 200) -> [String] {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: size).map { start in
            let part = String(characters[start..<min(characters.count, start + size)])
            let isLast = start + size >= characters.count
            return
                #"{"type":"render","format":"\#(format)","part":\#(JSONValue.string(part).encoded),"last":\#(isLast)}"#
        }
    }

    static func session() -> HubHarness {
        HubHarness.opened(["session": "draw", "clock": "manual"])
    }

    @Test("the last part asks for one render, with the session's uploaded images the items name")
    func request() throws {
        var harness = Self.session()
        ImageUploadTests.upload(ImageUploadTests.png, on: &harness)
        let image = "media:" + SHA256.hex(ImageUploadTests.png)
        let before = harness.sent[1]!.count
        for part in Self.parts(Self.recording(image: image)) { harness.send(1, part) }
        #expect(harness.sent[1]!.count == before + 1, "only that it is being drawn")
        #expect(try harness.last(1).encoded == #"{"type":"renderQueued","place":0}"#)
        let request = try #require(harness.renders.first)
        #expect(harness.renders.count == 1)
        #expect((request.connection, request.session, request.format) == (1, "draw", .gif))
        #expect(request.images == [image: ImageUploadTests.png])
        #expect(harness.hub.uploadBytes == 0, "the upload's bytes are freed once the recording is read")
    }

    @Test("a made animation is kept among the session's images, served, and named to the asker")
    func kept() throws {
        var harness = Self.session()
        for part in Self.parts(Self.recording(image: "/banners/spring-sale.svg")) { harness.send(1, part) }
        let request = try #require(harness.renders.first)
        let bytes = Array("GIF89a".utf8) + Array(repeating: 7, count: 1000)
        let animation = RenderedAnimation(bytes: bytes, format: .gif, frames: 3, width: 750, height: 360)
        harness.perform(
            harness.hub.rendered(RenderOutcome(request: request, result: .success(animation)), now: harness.now).actions
        )
        let answer = try harness.last(1)
        let hash = SHA256.hex(bytes)
        #expect(
            answer.encoded
                == #"{"type":"rendered","image":"media:\#(hash)","format":"gif","frames":3,"width":750,"height":360,"bytes":1006}"#
        )
        #expect(harness.hub.storedImage(hash, inSession: "draw")?.bytes == bytes)
        #expect(harness.hub.storedImage(hash, inSession: "draw")?.mimeType == "image/gif")
        #expect(harness.hub.imageBytes == 1006)
    }

    @Test("refused saying why: the worker's refusal, a file past the image limit, a recording that is not one")
    func refusals() throws {
        var harness = Self.session()
        for part in Self.parts(Self.recording(image: "")) { harness.send(1, part) }
        let request = try #require(harness.renders.first)
        let busy = RenderRefusal(.serverFull, "the server is drawing another animation; try again in a few seconds")
        harness.perform(
            harness.hub.rendered(RenderOutcome(request: request, result: .failure(busy)), now: harness.now).actions
        )
        #expect(try harness.last(1)["code"] == .string("server_full"))
        #expect(try harness.last(1)["ref"] == .string("render"))
        let huge = RenderedAnimation(
            bytes: Array(repeating: 0, count: 8 * 1024 * 1024 + 1),
            format: .webp,
            frames: 3000,
            width: 750,
            height: 360
        )
        harness.perform(
            harness.hub.rendered(RenderOutcome(request: request, result: .success(huge)), now: harness.now).actions
        )
        let tooLarge = try harness.last(1)
        #expect(tooLarge["code"] == .string("invalid_value"))
        #expect(tooLarge["message"]?.encoded.contains("carousel-preview render") == true)
        #expect(harness.hub.imageBytes == 0, "nothing kept")
        harness.send(1, #"{"type":"render","format":"png","part":"x","last":true}"#)
        #expect(try harness.last(1)["field"] == .string("render.format"))
        #expect(harness.renders.count == 1)
    }

    @Test("an outcome for a viewer who has gone is dropped, keeping nothing")
    func asker() throws {
        var harness = Self.session()
        harness.open(2, ["session": "draw"])
        for part in Self.parts(Self.recording(image: "")) { harness.send(2, part) }
        let request = try #require(harness.renders.first)
        harness.leave(2)
        let animation = RenderedAnimation(bytes: Array("GIF89a;".utf8), format: .gif, frames: 1, width: 1, height: 1)
        let response = harness.hub.rendered(
            RenderOutcome(request: request, result: .success(animation)),
            now: harness.now
        )
        #expect(response.actions.isEmpty)
        #expect(harness.hub.imageBytes == 0)
    }

    @Test(
        "renders share a session's 20 costly messages a second, one in line a session; a replay's parts and a render's do not mix"
    )
    func limits() throws {
        var harness = Self.session()
        let whole = #"{"type":"render","recording":\#(Self.recording(image: ""))}"#
        for _ in 0..<25 { harness.send(1, whole) }
        #expect(harness.renders.count == 1)
        let errors = harness.sent[1]!.filter { $0.contains(#""type":"error""#) }
        #expect(errors.count == 24)
        #expect(errors.filter { $0.contains("one at a time") }.count == 19)
        #expect(
            errors.filter { $0.contains("costly") || $0.contains("per second") || $0.contains("a second") }.count == 5
        )
        #expect(errors.allSatisfy { $0.contains(#""code":"rate_limited""#) })
        #expect(harness.renders.allSatisfy { $0.format == .webp }, "WebP unless asked")
        // Its outcome frees the line: the session's next render is drawn.
        let animation = RenderedAnimation(bytes: Array("GIF89a;".utf8), format: .gif, frames: 1, width: 1, height: 1)
        harness.perform(
            harness.hub.rendered(
                RenderOutcome(request: harness.renders[0], result: .success(animation)),
                now: harness.now
            )
            .actions
        )
        // A replay's unfinished upload, then a render: the render starts an upload of its own.
        harness.tick(by: .seconds(1))
        harness.send(1, #"{"type":"replay","part":"{\"format\":","last":false}"#)
        harness.send(1, whole)
        #expect(harness.renders.count == 2)
        #expect(harness.hub.uploadBytes == 0)
    }

    @Test(
        "sessions take turns: the second waits at place 1, is told 0 when the first ends, and a leaver's render is stopped"
    )
    func turns() throws {
        var harness = Self.session()
        harness.open(2, ["session": "other", "clock": "manual"])
        harness.open(3, ["session": "third", "clock": "manual"])
        let whole = #"{"type":"render","recording":\#(Self.recording(image: ""))}"#
        harness.send(1, whole)
        harness.send(2, whole)
        harness.send(3, whole)
        #expect(harness.renders.map(\.connection) == [1])
        #expect(try harness.last(2).encoded == #"{"type":"renderQueued","place":1}"#)
        #expect(try harness.last(3).encoded == #"{"type":"renderQueued","place":2}"#)
        // The first viewer leaves while theirs is drawn: its worker is stopped, the second's drawn.
        harness.leave(1)
        #expect(harness.cancelledRenders == [harness.renders[0].ticket])
        #expect(harness.renders.map(\.connection) == [1, 2])
        #expect(try harness.last(2).encoded == #"{"type":"renderQueued","place":0}"#)
        #expect(try harness.last(3).encoded == #"{"type":"renderQueued","place":1}"#)
        // The stopped worker's late outcome is dropped and moves nothing.
        let failed = RenderRefusal(.renderFailed, "stopped")
        let late = harness.hub.rendered(
            RenderOutcome(request: harness.renders[0], result: .failure(failed)),
            now: harness.now
        )
        #expect(late.actions.isEmpty)
        // The second's ends in failure: it is told, the third is drawn.
        harness.perform(
            harness.hub.rendered(RenderOutcome(request: harness.renders[1], result: .failure(failed)), now: harness.now)
                .actions
        )
        #expect(try harness.last(2)["code"] == .string("render_failed"))
        #expect(harness.renders.map(\.connection) == [1, 2, 3])
        #expect(try harness.last(3).encoded == #"{"type":"renderQueued","place":0}"#)
    }
}
