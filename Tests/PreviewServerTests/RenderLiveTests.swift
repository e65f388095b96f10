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

    @Test("a second session's render waits its turn, told its place, and the loop keeps answering meanwhile")
    func turns() throws {
        let server = try LiveServer()
        let first = try server.connect("session=one")
        let second = try server.connect("session=two")
        _ = try first.next()
        _ = try second.next()
        for message in try Self.messages("slow-drag-next.json", format: "gif") { try first.socket.send(message) }
        #expect(try first.next("renderQueued", timeout: 5)["place"] as? Double == 0)
        for message in try Self.messages("flick-300-next.json", format: "webp") { try second.socket.send(message) }
        #expect(try second.next("renderQueued", timeout: 5)["place"] as? Double == 1)
        // The loop is not held by the drawing: a ping is answered while the first render runs on.
        try second.socket.send(#"{"type":"ping","id":1}"#)
        _ = try second.next("pong", timeout: 5)
        let made = try first.next("rendered", timeout: 60)
        #expect(made["format"] as? String == "gif")
        // Its turn: the second viewer's render is drawn now.
        #expect(try second.next("renderQueued", timeout: 5)["place"] as? Double == 0)
        #expect(try second.next("rendered", timeout: 60)["format"] as? String == "webp")
    }
}

/// Renders whose images make the drawing libraries fail, on a real server: each worker dies alone.
@Suite("Renders that kill their worker: the requester is told why, nothing else changes, the next render works")
struct RenderWorkerFailureTests {
    /// A public directory whose banners folder holds the hostile SVGs of Tests/Fixtures/hostile/render
    /// (the bundled images are not checked as uploads are: what a worker does with the worst of them).
    static func hostilePublic() throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("carousel-hostile-\(UUID().uuidString)")
        let banners = directory.appendingPathComponent("banners")
        try FileManager.default.createDirectory(at: banners, withIntermediateDirectories: true)
        for name in ["panic.svg", "turbulence.svg"] {
            try FileManager.default.copyItem(
                at: hostileFixtures.appendingPathComponent(name),
                to: banners.appendingPathComponent(name)
            )
        }
        return directory.path
    }

    static let hostileFixtures = URL(fileURLWithPath: publicDirectory).deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures/hostile/render")

    /// The corpus's double flick with every item showing `image`, as one render message.
    static func render(showing image: String, format: String = "gif") throws -> String {
        let data = try Data(contentsOf: RenderLiveTests.corpus.appendingPathComponent("double-flick.json"))
        var recording = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var checkpoint = try #require(recording["checkpoint"] as? [String: Any])
        let items = try #require(checkpoint["items"] as? [[String: Any]])
        checkpoint["items"] = items.map { item in item.merging(["image": image]) { $1 } }
        recording["checkpoint"] = checkpoint
        let message: [String: Any] = ["type": "render", "format": format, "recording": recording]
        return String(data: try JSONSerialization.data(withJSONObject: message), encoding: .utf8)!
    }

    /// The render workers this process started for the server that serves `publicDirectory` (each
    /// test's own) that still run: other tests' servers run workers meanwhile.
    static func runningWorkers(serving publicDirectory: String) -> Int {
        let ours = getpid()
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return processes.filter { entry in
            guard Int32(entry) != nil,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return false }
            let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
            let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return fields.count > 1 && fields[0] != "Z" && Int32(fields[1]) == ours
                && arguments.contains(publicDirectory)
        }.count
    }

    @Test(
        "librsvg's panic on a 25x25 convolution: render_failed naming the crash, the session and its upload intact, the next render made"
    )
    func panic() throws {
        let server = try LiveServer { $0.publicDirectory = try! Self.hostilePublic() }
        let viewer = try server.connect("session=panic")
        _ = try viewer.next()
        try viewer.socket.send(#"{"type":"variant","action":"save","name":"kept"}"#)
        _ = try viewer.next("variant")
        try viewer.socket.send(try Self.render(showing: "banners/panic.svg"))
        let failure = try viewer.next("error", timeout: 60)
        #expect(failure["code"] as? String == "render_failed")
        #expect(failure["ref"] as? String == "render")
        let message = try #require(failure["message"] as? String)
        #expect(message.contains("crashed"), "\(message)")
        // The server lives on with the session as it was: its variant, its pings, a render that works.
        try viewer.socket.send(#"{"type":"ping","id":7}"#)
        _ = try viewer.next("pong")
        let again = try server.connect("session=panic")
        let welcome = try again.next()
        #expect("\(welcome)".contains("kept"), "the variant is still there")
        try viewer.socket.send(try Self.render(showing: "banners/spring-sale.svg"))
        #expect(try viewer.next("rendered", timeout: 60)["format"] as? String == "gif")
    }

    @Test(
        "an endless turbulence filter: killed at its CPU-time limit, named; a viewer who leaves mid-render has their worker killed"
    )
    func limits() throws {
        let directory = try Self.hostilePublic()
        let server = try LiveServer { $0.publicDirectory = directory }
        let viewer = try server.connect("session=spin")
        _ = try viewer.next()
        try viewer.socket.send(try Self.render(showing: "banners/turbulence.svg"))
        let failure = try viewer.next("error", timeout: 60)
        #expect(failure["code"] as? String == "render_failed")
        let message = try #require(failure["message"] as? String)
        #expect(message.contains("CPU-time limit of"), "\(message)")
        // Again, and the viewer leaves while it spins: the worker is gone at once.
        try viewer.socket.send(try Self.render(showing: "banners/turbulence.svg"))
        #expect(try viewer.next("renderQueued", timeout: 5)["place"] as? Double == 0)
        let clock = ContinuousClock()
        let start = clock.now
        while Self.runningWorkers(serving: directory) == 0, clock.now - start < .seconds(10) { usleep(10_000) }
        #expect(Self.runningWorkers(serving: directory) == 1, "the worker runs")
        viewer.socket.close()
        while Self.runningWorkers(serving: directory) > 0, clock.now - start < .seconds(10) { usleep(10_000) }
        #expect(Self.runningWorkers(serving: directory) == 0, "killed when its viewer left, long before its limit")
        #expect(clock.now - start < .seconds(3))
    }
}
