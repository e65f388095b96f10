import Foundation
import PreviewTesting
import Testing
import WebSocketTestClient

/// "Download as animation" on a real server: the render worker draws off the event loop, one at a
/// time for the whole server, and the file comes back from the session's /media/.
@Suite("Renders on a real server: drawn off the loop, one at a time, served from /media")
struct RenderLiveTests {
    static let corpus = URL(fileURLWithPath: publicDirectory).appendingPathComponent("corpus")

    /// A corpus recording as `render` messages of 12,000 characters each.
    static func messages(_ name: String, format: String) throws -> [String] {
        let text = try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: 12_000).map { start in
            let part = String(characters[start..<min(characters.count, start + 12_000)])
            let isLast = start + 12_000 >= characters.count
            let encoded = String(
                data: try! JSONSerialization.data(withJSONObject: [part], options: []),
                encoding: .utf8
            )!
            return
                #"{"type":"render","format":"\#(format)","part":\#(encoded.dropFirst().dropLast()),"last":\#(isLast)}"#
        }
    }

    @Test("a corpus recording comes back as a GIF of one picture per 20 ms, at the session's /media/")
    func roundTrip() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=film")
        _ = try viewer.next()  // welcome
        for message in try Self.messages("flick-1000-next.json", format: "gif") { try viewer.socket.send(message) }
        let answer = try viewer.next("rendered", timeout: 60)
        let image = try #require(answer["image"] as? String)
        #expect(answer["format"] as? String == "gif")
        #expect((answer["width"] as? Double, answer["height"] as? Double) == (750, 360), "2 pixels a point")
        let frames = try #require(answer["frames"] as? Double)
        #expect(frames > 40)
        let served = try HTTPGet.fetchBytes(port: server.port, path: "/media/\(image.dropFirst(6))?session=film")
        #expect(served.status == 200)
        #expect(served.headers.lowercased().contains("content-type: image/gif"))
        #expect(served.body.starts(with: Array("GIF89a".utf8)))
        #expect(served.body.count == Int(try #require(answer["bytes"] as? Double)))
        // Each picture: a graphics control extension saying 2 hundredths (21 F9 04, flags, 02 00).
        let delays = (0..<(served.body.count - 5)).filter { index in
            served.body[index] == 0x21 && served.body[index + 1] == 0xF9 && served.body[index + 4] == 2
                && served.body[index + 5] == 0
        }
        #expect(delays.count == Int(frames))
    }

    @Test("a second render while one is drawn is refused at once, and the loop keeps answering meanwhile")
    func oneAtATime() throws {
        let server = try LiveServer()
        let first = try server.connect("session=one")
        let second = try server.connect("session=two")
        _ = try first.next()
        _ = try second.next()
        for message in try Self.messages("slow-drag-next.json", format: "gif") { try first.socket.send(message) }
        // The pong comes after the loop took the first render's last part, and the drawing of
        // 151 pictures lasts seconds: the second render comes while it runs.
        try first.socket.send(#"{"type":"ping","id":0}"#)
        _ = try first.next("pong", timeout: 5)
        for message in try Self.messages("flick-300-next.json", format: "webp") { try second.socket.send(message) }
        let refusal = try second.next("error", timeout: 60)
        #expect(refusal["code"] as? String == "server_full")
        #expect(refusal["ref"] as? String == "render")
        // The loop is not held by the drawing: a ping is answered while the first render runs on.
        try second.socket.send(#"{"type":"ping","id":1}"#)
        _ = try second.next("pong", timeout: 5)
        let made = try first.next("rendered", timeout: 60)
        #expect(made["format"] as? String == "gif")
        // Free again: the second viewer's render is drawn now.
        for message in try Self.messages("flick-300-next.json", format: "webp") { try second.socket.send(message) }
        #expect(try second.next("rendered", timeout: 60)["format"] as? String == "webp")
    }
}
