import PreviewMedia
import PreviewTesting
import PreviewWire
import Testing

@testable import PreviewProtocol

/// Images uploaded through the hub: announced, sent in binary parts, checked and kept in the
/// session's library, within the session's and the server's budgets, every refusal saying why and
/// keeping nothing.
@Suite("Image uploads through the hub, within their budgets")
struct ImageUploadTests {
    static let png = ImageHeaders.png(640, 360)

    /// What connection `connection` got last, parsed.
    static func last(_ harness: HubHarness, _ connection: Int = 1) throws -> JSONValue {
        try JSONParser.parse(try #require(harness.sent[connection]?.last))
    }

    static func upload(
        _ bytes: [UInt8],
        as name: String = "art.png",
        on harness: inout HubHarness,
        _ connection: Int = 1,
        part: Int = 16_384
    ) {
        harness.send(connection, #"{"type":"image","bytes":\#(bytes.count),"name":"\#(name)"}"#)
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + part)
            harness.sendBinary(connection, Array(bytes[at..<end]))
            at = end
        }
    }

    static func library(_ harness: HubHarness, _ session: String) -> MediaLibrary {
        harness.hub.sessions[session]!.session.media
    }

    @Test("a PNG in parts is kept and named by its SHA-256; an item shows it and /media serves it")
    func stored() throws {
        var harness = HubHarness.opened(["session": "img", "clock": "manual"])
        Self.upload(Self.png, on: &harness, part: 7)
        let answer = try Self.last(harness)
        let hash = SHA256.hex(Self.png)
        #expect(answer["type"] == .string("image"))
        #expect(answer["image"] == .string("media:" + hash))
        #expect(
            answer["format"] == .string("png") && answer["width"] == .number(640) && answer["height"] == .number(360)
        )
        #expect(answer["name"] == .string("art.png"))
        #expect(harness.hub.storedImage(hash, inSession: "img")?.bytes == Self.png)
        #expect(harness.hub.storedImage(hash, inSession: "other") == nil)
        #expect(harness.hub.imageBytes == Self.png.count)
        harness.send(1, #"{"type":"configure","items":[{"id":"a","title":"Art","image":"media:\#(hash)"}]}"#)
        #expect(try ItemContentTests.answer(harness)["config"]?["content"] == .string("own"))
    }

    @Test("hostile uploads are refused with a reason and keep nothing")
    func hostile() throws {
        var harness = HubHarness.opened(["session": "bad", "clock": "manual"])
        // 200 MB announced: refused before a byte is taken.
        harness.send(1, #"{"type":"image","bytes":209715200,"name":"huge.png"}"#)
        var answer = try Self.last(harness)
        #expect(answer["code"] == .string("invalid_value") && answer["ref"] == .string("image"))
        #expect(answer["message"].map { "\($0)" }?.contains("at most 8 MiB") == true)
        #expect(harness.hub.imageBytes == 0)
        // HTML behind a PNG signature.
        let html = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("<html><script>alert(1)</script>".utf8)
        Self.upload(html, as: "fake.png", on: &harness)
        answer = try Self.last(harness)
        #expect("\(answer["message"]!)".contains("fake.png was not kept: a PNG signature without a PNG header"))
        // A decompression bomb and a scripted SVG.
        Self.upload(ImageHeaders.png(60000, 60000), as: "bomb.png", on: &harness)
        #expect("\(try Self.last(harness)["message"]!)".contains("60000 x 60000"))
        // The refusal names the attribute and the element, and reaches the client whole.
        Self.upload(
            Array(#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>"#.utf8),
            as: "x.svg",
            on: &harness
        )
        answer = try Self.last(harness)
        #expect(answer["code"] == .string("image_refused") && answer["ref"] == .string("image"))
        #expect(answer["refused"] == .string("onload"), "named as a member: a program never reads the sentence")
        #expect("\(answer["message"]!)".contains("x.svg was not kept: an SVG with the attribute onload on <svg>"))
        #expect("\(answer["message"]!)".contains("event handler"))
        // More bytes than announced.
        harness.send(1, #"{"type":"image","bytes":4}"#)
        harness.sendBinary(1, [1, 2, 3, 4, 5])
        #expect("\(try Self.last(harness)["message"]!)".contains("more bytes came than the 4 announced"))
        // Bytes nobody announced.
        harness.sendBinary(1, [1, 2, 3])
        #expect(try Self.last(harness)["code"] == .string("bad_message"))
        #expect(Self.library(harness, "bad").count == 0)
        #expect(harness.hub.imageBytes == 0)
    }

    @Test("a stalled upload is given up after 10 s and a closed one at once, their reservations freed")
    func abandoned() throws {
        var harness = HubHarness.opened(["session": "stall", "clock": "manual"])
        harness.send(1, #"{"type":"image","bytes":1000}"#)
        harness.sendBinary(1, [0x89, 0x50])
        #expect(harness.hub.imageBytes == 1000)
        harness.tick(by: .seconds(11))
        #expect("\(try Self.last(harness)["message"]!)".contains("no part came for 10 s"))
        #expect(harness.hub.imageBytes == 0)
        harness.open(2, ["session": "stall"])
        harness.send(2, #"{"type":"image","bytes":5000}"#)
        #expect(harness.hub.imageBytes == 5000)
        harness.leave(2)
        #expect(harness.hub.imageBytes == 0)
    }

    @Test("a session keeps within its budget: old images no item shows make room, shown ones never go")
    func sessionBudget() throws {
        var limits = PreviewHub.Limits()
        limits.media.sessionBytes = 3 * Self.png.count + 10
        var harness = HubHarness(hub: PreviewHub(limits: limits))
        harness.open(1, ["session": "budget", "clock": "manual"])
        var hashes: [String] = []
        for index in 0..<6 {
            var image = Self.png
            image[40] = UInt8(index)  // six different images
            Self.upload(image, on: &harness)
            hashes.append(SHA256.hex(image))
            #expect(try Self.last(harness)["type"] == .string("image"), "upload \(index)")
            if index == 0 {
                harness.send(1, #"{"type":"configure","items":[{"id":"a","image":"media:\#(hashes[0])"}]}"#)
            }
        }
        let library = Self.library(harness, "budget")
        #expect(library.bytes <= limits.media.sessionBytes)
        #expect(library.asset(hashes[0]) != nil, "the image an item shows stays")
        #expect(library.asset(hashes[1]) == nil, "the oldest unshown went")
        #expect(library.asset(hashes[5]) != nil)
        #expect(harness.hub.imageBytes == library.bytes)
        // A session whose shown images fill its budget refuses the next upload.
        let shown = hashes.filter { library.asset($0) != nil }.enumerated().map {
            #"{"id":"i\#($0.offset)","image":"media:\#($0.element)"}"#
        }
        harness.send(1, #"{"type":"configure","items":[\#(shown.joined(separator: ","))]}"#)
        harness.send(1, #"{"type":"image","bytes":\#(Self.png.count)}"#)
        let refusal = try Self.last(harness)
        #expect(refusal["code"] == .string("server_full"), "\(refusal.encoded)")
        // The session's end gives its images back.
        harness.leave(1)
        harness.tick(by: .seconds(120))
        #expect(harness.hub.imageBytes == 0)
    }

    @Test("uploads from many sessions at once stay within the server's budget")
    func serverBudget() throws {
        var limits = PreviewHub.Limits()
        limits.media.serverBytes = 4 * 1024 * 1024
        var harness = HubHarness(hub: PreviewHub(limits: limits))
        var refused = 0
        for connection in 1...64 {
            harness.open(connection, ["session": "s\(connection)", "clock": "manual"])
            harness.send(connection, #"{"type":"image","bytes":\#(1024 * 1024)}"#)
            if let text = harness.sent[connection]?.last, text.contains("server_full") { refused += 1 }
            #expect(harness.hub.imageBytes <= limits.media.serverBytes)
        }
        #expect(refused == 60, "four 1 MiB uploads fit a 4 MiB budget")
    }
}

extension ImageUploadTests {
    @Test("a link's own=SESSION starts a new session with that session's own items and their images")
    func ownItemsByLink() throws {
        var harness = HubHarness.opened(["session": "source", "clock": "manual"])
        Self.upload(Self.png, on: &harness)
        let hash = SHA256.hex(Self.png)
        harness.send(
            1,
            #"{"type":"configure","items":[{"id":"a","title":"Ours","image":"media:\#(hash)"},{"id":"b"}]}"#
        )
        harness.open(2, ["session": "copy", "own": "source", "spacing": "12"])
        let welcome = try harness.first(2)
        #expect(ItemContentTests.ids(welcome) == ["a", "b"])
        #expect(welcome["config"]?["content"] == .string("own"))
        #expect(welcome["link"]?["applied"] == .array([.string("spacing"), .string("own")]))
        #expect(harness.hub.storedImage(hash, inSession: "copy")?.bytes == Self.png)
        #expect(harness.hub.imageBytes == Self.png.count, "the copy holds the same image, stored and counted once")
        // A session that is not here, or not a name: said, and the session shows the bundled banners.
        harness.open(3, ["session": "lost", "own": "gone"])
        let lost = try harness.first(3)
        #expect(ItemContentTests.ids(lost).first == "spring-sale")
        guard case .array(let ignored)? = lost["link"]?["ignored"] else { throw ItemContentTests.ItemsMissing() }
        #expect(ignored.first?["field"] == .string("own"))
        let message = ignored.first?["message"].map { "\($0)" } ?? ""
        #expect(message.contains("is not on this server"))
        harness.open(4, ["session": "bad", "own": "a/b"])
        #expect(try harness.first(4)["link"]?["ignored"] != nil)
    }
}

extension ImageUploadTests {
    /// A PNG of `size` bytes whose header declares a small picture: distinct bytes for each `seed`.
    static func png(bytes size: Int, seed: UInt8) -> [UInt8] {
        let header = ImageHeaders.png(64, 64)
        return header + Array(repeating: seed, count: max(0, size - header.count))
    }

    @Test(
        "images are stored and charged once by content: seven own= copies of 4 MiB of images cost 4 MiB, and free it when the last goes"
    )
    func ownCopiesCountOnce() throws {
        var limits = PreviewHub.Limits()
        limits.media.serverBytes = 8 * 1024 * 1024
        var harness = HubHarness(hub: PreviewHub(limits: limits))
        harness.open(1, ["session": "source", "clock": "manual"])
        let images = (0..<4).map { Self.png(bytes: 1024 * 1024, seed: UInt8($0 + 1)) }
        for image in images { Self.upload(image, on: &harness) }
        let items = images.enumerated().map { #"{"id":"i\#($0.offset)","image":"media:\#(SHA256.hex($0.element))"}"# }
        harness.send(1, #"{"type":"configure","items":[\#(items.joined(separator: ","))]}"#)
        let held = harness.hub.imageBytes
        #expect(held == 4 * 1024 * 1024)
        for copy in 2...8 { harness.open(copy, ["session": "copy\(copy)", "own": "source"]) }
        #expect(harness.hub.imageBytes == held, "seven copies, the same images: charged once")
        // Another session's upload still fits the 8 MiB server.
        harness.open(20, ["session": "other", "clock": "manual"])
        Self.upload(Self.png(bytes: 3 * 1024 * 1024, seed: 99), on: &harness, 20)
        #expect(try Self.last(harness, 20)["type"] == .string("image"))
        // The same file uploaded in another session: one buffer, one charge.
        Self.upload(images[0], on: &harness, 20)
        #expect(harness.hub.imageBytes == held + 3 * 1024 * 1024)
        // Every holder gone: the bytes come back.
        for connection in [1, 2, 3, 4, 5, 6, 7, 8, 20] { harness.leave(connection) }
        harness.tick(by: .seconds(3600))
        #expect(harness.hub.sessionCount == 0)
        #expect(harness.hub.imageBytes == 0)
    }

    @Test(
        "one address beyond loopback may bring at most its share of the server's images across its sessions; loopback has none"
    )
    func addressShare() throws {
        var limits = PreviewHub.Limits()
        limits.media.addressBytes = 2 * 1024 * 1024
        var harness = HubHarness(hub: PreviewHub(limits: limits))
        for connection in 1...3 {
            harness.perform(
                harness.hub.open(
                    connection,
                    query: ["session": "far\(connection)"],
                    address: "192.0.2.7",
                    now: harness.now
                )
                .actions
            )
        }
        Self.upload(Self.png(bytes: 900 * 1024, seed: 1), on: &harness, 1)
        Self.upload(Self.png(bytes: 900 * 1024, seed: 2), on: &harness, 2)
        #expect(try Self.last(harness, 2)["type"] == .string("image"))
        harness.send(3, #"{"type":"image","bytes":\#(900 * 1024),"name":"third.png"}"#)
        let refused = try Self.last(harness, 3)
        #expect(refused["code"] == .string("server_full"))
        #expect("\(refused["message"]!)".contains("this address"))
        // Its sessions end: the share is free again.
        harness.leave(1)
        harness.tick(by: .seconds(3600))
        Self.upload(Self.png(bytes: 900 * 1024, seed: 3), on: &harness, 3)
        #expect(try Self.last(harness, 3)["type"] == .string("image"))
        // Loopback has no share of its own: only the server's budget.
        harness.open(9, ["session": "near", "clock": "manual"])
        for seed in 10...13 { Self.upload(Self.png(bytes: 900 * 1024, seed: UInt8(seed)), on: &harness, 9) }
        #expect(try Self.last(harness, 9)["type"] == .string("image"))
    }
}
