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
        // Each picture: a graphics control extension saying 2 hundredths.
        #expect(try Self.gifDelays(Array(served.body)) == Array(repeating: 2, count: Int(frames)))
    }

    /// The delay (in hundredths) of every picture of a GIF: each graphics control extension, found by
    /// walking the file's blocks (a scan for its bytes also finds them, by chance, in compressed pictures).
    static func gifDelays(_ data: [UInt8]) throws -> [Int] {
        func skipSubBlocks(_ start: Int) throws -> Int {
            var at = start
            while try #require(data.indices.contains(at) ? data[at] : nil) != 0 { at += Int(data[at]) + 1 }
            return at + 1
        }
        func colorTable(_ flags: UInt8) -> Int { flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 7) + 1) }
        var at = 13 + colorTable(data[10])  // header and logical screen descriptor, then the global table
        var delays: [Int] = []
        while try #require(data.indices.contains(at) ? data[at] : nil) != 0x3B {  // the trailer
            switch data[at] {
            case 0x21:  // an extension: its label, then sub-blocks
                if data[at + 1] == 0xF9 { delays.append(Int(data[at + 4]) | Int(data[at + 5]) << 8) }
                at = try skipSubBlocks(at + 2)
            case 0x2C:  // a picture: its descriptor, local table, LZW code size, then sub-blocks
                at = try skipSubBlocks(at + 10 + colorTable(data[at + 9]) + 1)
            default:
                Issue.record("not a GIF block at byte \(at): \(data[at])")
                return delays
            }
        }
        return delays
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

/// Renders whose worker dies, spins or is left by its viewer, on a real server: each worker ends
/// alone, its requester is told what happened, and nothing else changes. The workers here are real
/// processes standing in for one that librsvg crashed or that a filter held (the allow-list keeps
/// such images from the real worker, whose own limits `RenderWorkerProcessTests` checks).
@Suite("Renders whose worker fails: the requester is told why, nothing else changes")
struct RenderWorkerFailureTests {
    /// A worker program of shell: reads its job, then does `body`. Its path is unique, so the
    /// processes running it are this test's.
    static func worker(_ body: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("worker-\(UUID().uuidString).sh").path
        try "#!/bin/sh\ncat > /dev/null\n\(body)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

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

    /// The processes running `program` that are not yet gone, by process id.
    static func running(_ program: String) -> Set<String> {
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var parents: [String: String] = [:]
        for entry in processes where Int32(entry) != nil {
            guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"), stat[stat.index(close, offsetBy: 2)] != "Z",
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                command.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == program })
            else { continue }
            // After ") S ": the state, then the parent's pid.
            parents[entry] = stat[stat.index(close, offsetBy: 4)...].split(separator: " ").first.map(String.init) ?? ""
        }
        // The shell's child between its fork and its exec of `sleep` shows the script's command line
        // too: a worker is a matching process whose parent is not one.
        return Set(parents.filter { parents[$0.value] == nil }.keys)
    }

    @Test(
        "a worker that panics and aborts: render_failed naming the panic; the session, its upload and variant intact; the next render made"
    )
    func crash() throws {
        // Panics twice, as librsvg did on a hostile image, then is the real worker.
        let marks = FileManager.default.temporaryDirectory.appendingPathComponent("crashes-\(UUID().uuidString)").path
        let program = FileManager.default.temporaryDirectory.appendingPathComponent("worker-\(UUID().uuidString).sh")
            .path
        let script = """
            #!/bin/sh
            if [ "$(cat \(marks) 2>/dev/null | wc -c)" -lt 2 ]; then
              printf x >> \(marks); cat > /dev/null
              echo "thread '<unnamed>' panicked at 'Data storage buffer dimension mismatch.', /build/x.rs:89:9" >&2
              kill -ABRT $$
            fi
            exec \(builtExecutable) "$@"

            """
        try script.write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        let server = try LiveServer { $0.renderWorkerExecutable = program }
        let viewer = try server.connect("session=panic")
        _ = try viewer.next()
        try viewer.socket.send(#"{"type":"variant","action":"save","name":"kept"}"#)
        _ = try viewer.next("variant")
        // An upload of the session's own, a 64 x 64 PNG header and its bytes.
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 0, 64, 0, 0, 0, 64,
            ]
            + [8, 6, 0, 0, 0] + Array(repeating: 0, count: 40)
        try viewer.socket.send(#"{"type":"image","bytes":\#(png.count),"name":"own.png"}"#)
        try viewer.socket.sendFrame(opcode: 0x2, payload: png)
        let image = try #require(try viewer.next("image")["image"] as? String)
        for attempt in 0..<2 {
            try viewer.socket.send(try Self.render(showing: "banners/spring-sale.svg"))
            let failure = try viewer.next("error", timeout: 60)
            #expect(failure["code"] as? String == "render_failed")
            #expect(failure["ref"] as? String == "render")
            let message = try #require(failure["message"] as? String)
            #expect(message.contains("crashed (signal 6)"), "attempt \(attempt): \(message)")
            #expect(message.contains("a drawing library panicked: Data storage buffer dimension mismatch."))
            #expect(!message.contains("/build/"))
        }
        try viewer.socket.send(#"{"type":"ping","id":7}"#)
        _ = try viewer.next("pong")
        let again = try server.connect("session=panic")
        #expect("\(try again.next())".contains("kept"), "the variant is still there")
        let served = try HTTPGet.fetchBytes(port: server.port, path: "/media/\(image.dropFirst(6))?session=panic")
        #expect(served.status == 200 && served.body == png, "the upload is still there")
        // The next render is drawn.
        try viewer.socket.send(try Self.render(showing: "banners/spring-sale.svg"))
        #expect(try viewer.next("rendered", timeout: 60)["format"] as? String == "gif")
    }

    @Test("a worker still drawing when its viewer leaves is killed at once, and the next session's render is drawn")
    func leaving() throws {
        let program = try Self.worker("while :; do sleep 0.05; done")
        let server = try LiveServer { $0.renderWorkerExecutable = program }
        let leaver = try server.connect("session=leaver")
        let next = try server.connect("session=next")
        _ = (try leaver.next(), try next.next())
        try leaver.socket.send(try Self.render(showing: "banners/spring-sale.svg"))
        #expect(try leaver.next("renderQueued")["place"] as? Double == 0)
        try next.socket.send(try Self.render(showing: "banners/spring-sale.svg"))
        #expect(try next.next("renderQueued")["place"] as? Double == 1)
        let clock = ContinuousClock()
        let start = clock.now
        while Self.running(program).isEmpty, clock.now - start < .seconds(10) { usleep(10_000) }
        let first = Self.running(program)
        #expect(first.count == 1, "the worker runs")
        leaver.socket.close()
        #expect(try next.next("renderQueued", timeout: 10)["place"] as? Double == 0, "its turn, at once")
        func nextOnly() -> Bool {
            let now = Self.running(program)
            return now.count == 1 && now.isDisjoint(with: first)
        }
        while !nextOnly(), clock.now - start < .seconds(10) { usleep(10_000) }
        #expect(nextOnly(), "the leaver's worker is gone; the next one's runs: \(first) then \(Self.running(program))")
        #expect(clock.now - start < .seconds(5), "long before any limit")
    }

    @Test("images past the allow-list in public/ too: the real worker draws those items in their colour, and lives")
    func refusedImages() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        let banners = directory.appendingPathComponent("banners")
        try FileManager.default.createDirectory(at: banners, withIntermediateDirectories: true)
        let fixtures = URL(fileURLWithPath: publicDirectory).deletingLastPathComponent()
            .appendingPathComponent("Tests/Fixtures/hostile/svg")
        for name in ["fe-convolve-matrix.svg", "fe-turbulence.svg", "fe-offset-chain.svg"] {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name),
                to: banners.appendingPathComponent(name)
            )
        }
        let server = try LiveServer { $0.publicDirectory = directory.path }
        let viewer = try server.connect("session=hostile")
        _ = try viewer.next()
        for name in ["fe-convolve-matrix.svg", "fe-turbulence.svg", "fe-offset-chain.svg"] {
            try viewer.socket.send(try Self.render(showing: "banners/\(name)"))
            #expect(try viewer.next("rendered", timeout: 60)["format"] as? String == "gif", "\(name)")
        }
    }
}
