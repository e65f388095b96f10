import Foundation
import PreviewProtocol
import PreviewTesting
import PreviewWire
import Testing
import WebSocketTestClient

@testable import PreviewServer

@Suite("Protocol scenarios, in-process with stepped time and against the real server on port 0")
struct LiveProtocolTests {
    /// A swipe to the left in manual time: down, six moves 8 ms apart, up.
    static func swipe(_ viewer: TestViewer, from x: Double = 300, by distance: Double = -180) throws {
        try viewer.input(["type": "pointer", "phase": "down", "x": x, "y": 90, "t": 0, "seq": 1])
        for step in 1...6 {
            try viewer.input(["type": "advance", "ms": 8])
            try viewer.input([
                "type": "pointer", "phase": "move", "x": x + distance * Double(step) / 6, "y": 90,
                "t": Double(step * 8),
            ])
        }
        try viewer.input(["type": "pointer", "phase": "up", "x": x + distance, "y": 90, "t": 48, "seq": 9])
    }

    @Test("a connection gets welcome, then a frame", arguments: Backend.allCases)
    func welcomeThenFrame(backend: Backend) throws {
        let server = try backend.start()
        let viewer = try server.connect("session=w&preset=coverflow")
        let welcome = try viewer.next()
        #expect(welcome["type"] as? String == "welcome")
        #expect(welcome["protocol"] as? Int == 1)
        #expect(welcome["session"] as? String == "w" && welcome["client"] as? Int == 1)
        #expect(welcome["clock"] as? String == "live" && welcome["viewers"] as? Int == 1)
        let config = try #require(welcome["config"] as? [String: Any])
        #expect(config["preset"] as? String == "coverflow" && config["sideScale"] as? Double == 0.8)
        #expect((welcome["items"] as? [[String: Any]])?.count == BundledBanners.all.count)
        let frame = try viewer.next()
        #expect(frame["type"] as? String == "frame")
        #expect((frame["slots"] as? [[String: Any]])?.count == 3)
        #expect(frame["index"] as? Int == 0 && frame["phase"] as? String == "idle")
    }

    @Test(
        "a scripted manual-clock swipe in banner ends idle on the next item with one pageChanged and one settled",
        arguments: Backend.allCases
    )
    func manualSwipe(backend: Backend) throws {
        let viewer = try backend.start().joined("session=swipe&clock=manual")
        try Self.swipe(viewer)
        let frames = try viewer.runUntilIdle()
        let final = try #require(frames.last)
        #expect(final["phase"] as? String == "idle" && final["index"] as? Int == 1 && final["position"] as? Double == 0)
        let all = viewer.received.compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let allEvents = all.flatMap(events)
        #expect(allEvents.filter { $0.hasPrefix("pageChanged") } == ["pageChanged:1"])
        #expect(allEvents.filter { $0.hasPrefix("settled") } == ["settled:1"])
        // Every input produced exactly one frame, numbered one after another.
        let seqs = all.filter { $0["type"] as? String == "frame" }.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(seqs[0]..<(seqs[0] + seqs.count)))
    }

    @Test("a full lap across the seam returns to the first item", arguments: Backend.allCases)
    func fullLap(backend: Backend) throws {
        let viewer = try backend.start().joined("session=lap&clock=manual")
        var changes: [String] = []
        for _ in 0..<BundledBanners.all.count {
            changes += events(try viewer.input(["type": "command", "name": "next"])).filter { $0.hasPrefix("page") }
            for frame in try viewer.runUntilIdle() {
                for event in frame["events"] as? [[String: Any]] ?? [] where event["type"] as? String == "pageChanged" {
                    changes.append("\(event["previous"]!)->\(event["index"]!)")
                }
            }
        }
        #expect(changes == ["0->1", "1->2", "2->3", "3->4", "4->0"])
        let final = try viewer.input(["type": "advance", "ms": 16])
        #expect(final["index"] as? Int == 0 && final["phase"] as? String == "idle")
        let slots = try #require(final["slots"] as? [[String: Any]])
        #expect(Set(slots.compactMap { $0["x"] as? Double }) == [-335, 16, 367])
    }

    @Test("a grab mid-animation interrupts it without moving anything", arguments: Backend.allCases)
    func grabMidAnimation(backend: Backend) throws {
        let viewer = try backend.start().joined("session=grab&clock=manual")
        try viewer.input(["type": "command", "name": "next"])
        let moving = try viewer.input(["type": "advance", "ms": 48])
        #expect(moving["phase"] as? String == "animating")
        let grabbed = try viewer.input(["type": "pointer", "phase": "down", "x": 100, "y": 50, "t": 1000])
        #expect(grabbed["phase"] as? String == "dragging")
        #expect(events(grabbed) == ["interrupted:\(moving["index"]!)"])
        #expect(NSArray(array: grabbed["slots"] as! [Any]).isEqual(to: moving["slots"] as! [Any]))
    }

    @Test(
        "two clients share a session: same frames, gesture_busy once per gesture, leaving mid-drag settles",
        arguments: Backend.allCases
    )
    func sharedSession(backend: Backend) throws {
        let server = try backend.start()
        let first = try server.joined("session=shared&clock=manual")
        let second = try server.connect("session=shared")
        let welcome = try second.next()
        #expect(
            welcome["client"] as? Int == 2 && welcome["viewers"] as? Int == 2 && welcome["clock"] as? String == "manual"
        )
        _ = try second.next("viewers")
        _ = try first.next("viewers")
        // Both see the same frames, byte for byte.
        try first.send(["type": "pointer", "phase": "down", "x": 300, "y": 50, "t": 0])
        let firstFrame = try first.next("frame")
        let secondFrame = try second.next("frame")
        #expect(first.lastText == second.lastText)
        #expect(firstFrame["phase"] as? String == "dragging" && secondFrame["phase"] as? String == "dragging")
        // The second client's drag is refused once per gesture.
        try second.send(["type": "pointer", "phase": "down", "x": 10, "y": 50, "t": 0])
        let busy = try second.next()
        #expect(
            busy["type"] as? String == "error" && busy["code"] as? String == "gesture_busy"
                && busy["ref"] as? String == "pointer"
        )
        try second.send(["type": "pointer", "phase": "move", "x": 0, "y": 50, "t": 8])
        try second.send(["type": "ping", "id": 1])
        #expect(try second.next()["type"] as? String == "pong")
        // The first moves on and leaves mid-drag: the carousel settles for the one who stays.
        try first.input(["type": "pointer", "phase": "move", "x": 150, "y": 50, "t": 16])
        _ = try second.next("frame")
        first.connection.close()
        let afterLeave = try second.next("frame")
        #expect(afterLeave["phase"] as? String == "animating")
        _ = try second.next("viewers")
        let settled = try second.runUntilIdle()
        #expect(settled.last?["phase"] as? String == "idle" && settled.last?["index"] as? Int == 0)
        #expect(settled.flatMap(events).contains("settled:0"))
    }

    @Test("a configure is broadcast to every viewer as config, then a frame", arguments: Backend.allCases)
    func configureBroadcast(backend: Backend) throws {
        let server = try backend.start()
        let first = try server.joined("session=cfg&clock=manual")
        let second = try server.connect("session=cfg")
        try second.handshake()
        _ = try first.next("viewers")
        try first.send([
            "type": "configure", "config": ["preset": "strip", "spacing": 12],
            "items": [["id": "a", "title": "A"], ["id": "b"], ["id": "c"]],
        ])
        for viewer in [first, second] {
            let config = try viewer.next()
            #expect(config["type"] as? String == "config")
            let values = try #require(config["config"] as? [String: Any])
            #expect(
                values["preset"] as? String == "strip" && values["spacing"] as? Double == 12
                    && values["loop"] as? Bool == false
            )
            #expect((config["items"] as? [[String: Any]])?.map { $0["id"] as! String } == ["a", "b", "c"])
            let frame = try viewer.next()
            #expect(frame["type"] as? String == "frame" && frame["count"] as? Int == 3)
            #expect((frame["slots"] as? [[String: Any]])?.count == 5)
        }
        // An invalid configure changes nothing and names the field.
        try first.send(["type": "configure", "config": ["spacing": -4]])
        let error = try first.next()
        #expect(
            error["code"] as? String == "invalid_value"
                && (error["message"] as? String)?.contains("config.spacing") == true
        )
        #expect(try second.isQuiet(), "the other viewer got nothing")
    }

    @Test("two fresh manual sessions fed the same messages produce identical frames", arguments: Backend.allCases)
    func determinism(backend: Backend) throws {
        let server = try backend.start()
        var transcripts: [[String]] = []
        for name in ["det-a", "det-b"] {
            let viewer = try server.connect("session=\(name)&clock=manual&preset=coverflow")
            try viewer.handshake()
            try Self.swipe(viewer, by: -260)
            _ = try viewer.runUntilIdle()
            try viewer.input(["type": "command", "name": "goto", "index": 3, "animated": true])
            for _ in 0..<40 { try viewer.input(["type": "advance", "ms": 100]) }
            transcripts.append(viewer.received.filter { $0.contains("\"type\":\"frame\"") })
        }
        #expect(transcripts[0].count > 50)
        #expect(transcripts[0] == transcripts[1])
    }

    @Test(
        "every error code",
        arguments: Backend.allCases,
        [
            ("{nope", "bad_json"), ("[1,2]", "bad_message"), ("{\"type\":3}", "bad_message"),
            ("{\"type\":\"pointer\",\"phase\":\"down\",\"x\":1,\"t\":0}", "bad_message"),
            ("{\"type\":\"teleport\"}", "unknown_type"),
            ("{\"type\":\"command\",\"name\":\"goto\",\"index\":99}", "invalid_value"),
            ("{\"type\":\"command\",\"name\":\"spin\"}", "invalid_value"),
            ("{\"type\":\"advance\",\"ms\":0}", "invalid_value"),
            ("{\"type\":\"configure\",\"config\":{\"decelerationRate\":1.5}}", "invalid_value"),
            ("{\"type\":\"advance\",\"ms\":16}", "not_manual_clock"),
        ]
    )
    func errorCodes(backend: Backend, example: (message: String, code: String)) throws {
        let (message, code) = example
        let viewer = try backend.start().joined("session=errors")
        try viewer.connection.send(message)
        let error = try viewer.next("error")
        #expect(error["code"] as? String == code)
        #expect((error["message"] as? String)?.isEmpty == false)
        // The connection stays open and the session keeps working.
        try viewer.send(["type": "ping", "id": "still-here"])
        #expect(try viewer.next("pong")["id"] as? String == "still-here")
    }

    @Test("gesture_busy and rate_limited errors")
    func busyAndRateLimited() throws {
        let server = try LiveServer()
        let owner = try server.connect("session=busy&clock=manual")
        try owner.handshake()
        let other = try server.connect("session=busy")
        try other.handshake()
        try owner.input(["type": "pointer", "phase": "down", "x": 100, "y": 10, "t": 0])
        try other.send(["type": "command", "name": "next"])
        #expect(try other.next("error")["code"] as? String == "gesture_busy")
        // Far more messages than a live session allows in one burst.
        let flooder = try server.connect("session=flood")
        try flooder.handshake()
        try flooder.socket.sendBurst((0..<5000).map { "{\"type\":\"ping\",\"id\":\($0)}" })
        var codes: [String] = []
        while let message = try? flooder.next(timeout: 1) {
            if message["type"] as? String == "error" { codes.append(message["code"] as! String) }
        }
        #expect(codes == ["rate_limited"])
    }

    @Test("protocol violations close the connection: over 16 KiB with 1009, invalid UTF-8 with 1007")
    func protocolViolations() throws {
        let server = try LiveServer()
        let big = try server.connect()
        try big.handshake()
        try big.socket.send(String(repeating: " ", count: 16 * 1024 + 1))
        #expect(try big.socket.receive() == .close(code: 1009, reason: "message larger than 16384 bytes"))
        let garbled = try server.connect()
        try garbled.handshake()
        try garbled.socket.sendFrame(opcode: 0x1, payload: [0x7B, 0xFF, 0xFE, 0x7D])
        guard case .close(let code, _) = try garbled.socket.receive() else {
            Issue.record("expected a close")
            return
        }
        #expect(code == 1007)
    }

    @Test("live clock: a frame follows an applied pointer message promptly; idle sessions send nothing")
    func liveClock() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=live")
        try viewer.handshake()
        #expect(try viewer.isQuiet(), "an idle session sends nothing")
        try viewer.send(["type": "pointer", "phase": "down", "x": 200, "y": 50, "t": 0, "seq": 41])
        let frame = try viewer.next("frame", timeout: 1)
        let input = try #require(frame["input"] as? [String: Any])
        #expect(input["client"] as? Int == 1 && input["seq"] as? Int == 41)
        try viewer.send(["type": "pointer", "phase": "move", "x": 100, "y": 50, "t": 30, "seq": 42])
        let moved = try viewer.next("frame", timeout: 1)
        #expect((moved["position"] as? Double) == 100)
        try viewer.send(["type": "pointer", "phase": "up", "x": 100, "y": 50, "t": 100, "seq": 43])
        var last = try viewer.next("frame", timeout: 1)
        while last["phase"] as? String != "idle" { last = try viewer.next("frame", timeout: 1) }
        #expect(last["index"] as? Int == 0)
        #expect(try viewer.isQuiet(), "a settled session sends nothing")
    }

    @Test("a session name with spaces or of another script arrives decoded, however the space was written")
    func sessionNamesDecoded() throws {
        let server = try LiveServer()
        for query in ["session=Home+Banner", "session=Home%20Banner"] {
            let viewer = try server.connect(query)
            #expect(try viewer.next()["session"] as? String == "Home Banner", "\(query)")
        }
        let arabic = try server.connect("session=%D8%B9%D8%B1%D9%88%D8%B6")
        #expect(try arabic.next()["session"] as? String == "عروض")
    }

    @Test("a bad query gets a clear error and a close; a bad path is refused")
    func badQuery() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=bad%20name!")
        let error = try viewer.next()
        #expect(
            error["code"] as? String == "invalid_value" && (error["message"] as? String)?.contains("session") == true
        )
        #expect(try viewer.socket.receive() == .close(code: 1008, reason: "bad query"))
        #expect(throws: WebSocketClient.Failure.self) { try WebSocketClient(port: server.port, path: "/elsewhere") }
    }

    @Test("static files of public/ are served over HTTP on the same port")
    func staticFiles() throws {
        let server = try LiveServer()
        let (status, _, body) = try HTTPGet.fetch(port: server.port, path: "/")
        #expect(status == 200 && body.contains("<html"))
        #expect(try HTTPGet.fetch(port: server.port, path: "/banners/spring-sale.svg").status == 200)
        #expect(try HTTPGet.fetch(port: server.port, path: "/missing.txt").status == 404)
    }
}

extension LiveProtocolTests {
    @Test("an image sent in binary messages comes back from /media, to its session only, in 64 KiB parts")
    func imageRoundTrip() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=pictures")
        _ = try viewer.next()  // welcome
        // A PNG header and 300 KiB after it, so the answer takes several parts.
        let header: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        var image = header + [0, 0, 2, 128, 0, 0, 1, 104, 8, 6, 0, 0, 0]
        image += (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try viewer.socket.send(#"{"type":"image","bytes":\#(image.count),"name":"big.png"}"#)
        var at = 0
        while at < image.count {
            let end = min(image.count, at + 16_000)
            try viewer.socket.sendFrame(opcode: WebSocketFrame.binary, payload: Array(image[at..<end]))
            at = end
        }
        let answer = try viewer.next("image")
        let name = try #require(answer["image"] as? String)
        #expect(name.hasPrefix("media:"))
        let hash = String(name.dropFirst("media:".count))
        let served = try HTTPGet.fetchBytes(port: server.port, path: "/media/\(hash)?session=pictures")
        #expect(served.status == 200)
        #expect(served.body == image)
        #expect(served.headers.lowercased().contains("content-type: image/png"))
        #expect(served.headers.lowercased().contains("x-content-type-options: nosniff"))
        #expect(try HTTPGet.fetch(port: server.port, path: "/media/\(hash)?session=elsewhere").status == 404)
    }
}
