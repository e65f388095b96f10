import Foundation
import PreviewProtocol
import PreviewTesting
import Testing
import WebSocketTestClient

@testable import PreviewServer

@Suite("Hostile input: every bad message gets a clear answer and changes nothing")
struct HostileInputTests {
    /// The table of hostile messages, shared with the in-process tests (`PreviewTesting`).
    static let cases = HostileMessages.cases

    /// The parts of a frame that describe the carousel's state.
    static func state(_ frame: [String: Any]) -> String {
        let keys = ["phase", "index", "count", "position", "slots"]
        let subset = frame.filter { keys.contains($0.key) }
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: subset, options: [.sortedKeys]),
            as: UTF8.self
        )
    }

    @Test("at least 40 hostile messages: each is answered with its error code, and the session is unchanged")
    func table() throws {
        #expect(Self.cases.count >= 40)
        let server = try LiveServer()
        let viewer = try server.connect("session=hostile&clock=manual")
        try viewer.handshake()
        try viewer.input(["type": "command", "name": "goto", "index": 2, "animated": false])
        let before = Self.state(try viewer.input(["type": "advance", "ms": 16]))
        for (name, text, code) in Self.cases {
            try viewer.socket.send(text)
            let answer = try viewer.next()
            #expect(answer["type"] as? String == "error", "\(name): \(answer)")
            #expect(answer["code"] as? String == code, "\(name): \(answer)")
            #expect((answer["message"] as? String)?.isEmpty == false, "\(name)")
            let after = try viewer.input(["type": "advance", "ms": 16])
            #expect(Self.state(after) == before, "\(name) changed the session")
        }
        // Binary frames are not part of the protocol.
        try viewer.socket.sendFrame(opcode: 0x2, payload: [1, 2, 3])
        #expect(try viewer.next()["code"] as? String == "bad_message")
        #expect(Self.state(try viewer.input(["type": "advance", "ms": 16])) == before)
    }

    @Test("a second down without an up and timestamps going backwards leave a working carousel")
    func gestureOddities() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=odd&clock=manual")
        try viewer.handshake()
        try viewer.input(["type": "pointer", "phase": "down", "x": 300, "y": 50, "t": 1000])
        try viewer.send(["type": "pointer", "phase": "down", "x": 250, "y": 50, "t": 1010])
        #expect(try viewer.next()["code"] as? String == "invalid_value")
        // The client's clock jumps back mid-gesture: velocity starts over, nothing breaks.
        for (step, time) in [900.0, 908, 20, 28, 36].enumerated() {
            try viewer.input(["type": "pointer", "phase": "move", "x": 300 - Double(step + 1) * 50, "y": 50, "t": time])
        }
        try viewer.input(["type": "pointer", "phase": "up", "x": 50, "y": 50, "t": 40])
        let rest = try #require(try viewer.runUntilIdle().last)
        #expect(rest["phase"] as? String == "idle" && rest["index"] as? Int == 1 && rest["position"] as? Double == 0)
    }

    @Test("protocol violations close only the offender: 16 KiB + 1 (and 10^5 items) with 1009, bad UTF-8 with 1007")
    func closes() throws {
        let server = try LiveServer()
        let bystander = try server.connect("session=closes&clock=manual")
        try bystander.handshake()
        let before = Self.state(try bystander.input(["type": "advance", "ms": 16]))
        let manyItems =
            "{\"type\":\"configure\",\"items\":[" + (0..<100_000).map { "{\"id\":\"\($0)\"}" }.joined(separator: ",")
            + "]}"
        for (payload, code) in [
            (Array(String(repeating: " ", count: 16 * 1024 + 1).utf8), UInt16(1009)),
            (Array(manyItems.utf8), 1009),
            ([0x7B, 0xC3, 0x28, 0x7D], 1007),
        ] {
            let offender = try server.connect("session=closes")
            _ = try offender.next("welcome")
            // A huge message may still be going out when the server closes: the send can fail.
            try? offender.socket.sendFrame(opcode: 0x1, payload: payload)
            var closed: UInt16?
            var isReset = false
            while closed == nil, !isReset {
                do {
                    if case .close(let received, _) = try offender.socket.receive() { closed = received }
                } catch {
                    isReset = true
                }
            }
            // 1.5 MB of items cannot all be written before the close arrives; a reset is the same refusal.
            #expect(
                closed == code || (isReset && payload.count > 1_000_000),
                "\(payload.count) bytes: \(String(describing: closed))"
            )
        }
        #expect(Self.state(try bystander.input(["type": "advance", "ms": 16])) == before)
    }

    @Test("a message fragmented into 1000 pieces under the limit is accepted")
    func fragments() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=fragments&clock=manual")
        try viewer.handshake()
        // Padded with white space: a ping's id is at most 64 bytes.
        let text = Array("{\"type\":\"ping\",\(String(repeating: " ", count: 2000))\"id\":\"xy\"}".utf8)
        let pieces = (0..<1000).map { Array(text[($0 * text.count / 1000)..<(($0 + 1) * text.count / 1000)]) }
        #expect(pieces.count == 1000)
        for (index, piece) in pieces.enumerated() {
            try viewer.socket.sendFrame(
                opcode: index == 0 ? 0x1 : 0x0,
                payload: piece,
                isFinal: index == pieces.count - 1
            )
        }
        let pong = try viewer.next()
        #expect(pong["type"] as? String == "pong" && pong["id"] as? String == "xy")
    }

    @Test("a flooding client is dropped with one rate_limited a second while others are unaffected")
    func floodIsolation() throws {
        let server = try LiveServer()
        let flooder = try server.connect("session=flooded")
        try flooder.handshake()
        let neighbour = try server.connect("session=flooded")
        try neighbour.handshake()
        _ = try flooder.next("viewers")
        try flooder.socket.sendBurst((0..<5000).map { "{\"type\":\"ping\",\"id\":\($0)}" })
        // The neighbour's own pings all come back while the flood goes on.
        for id in 0..<50 {
            try neighbour.send(["type": "ping", "id": "n\(id)"])
            #expect(try neighbour.next("pong")["id"] as? String == "n\(id)")
        }
        var warnings = 0
        var pongs = 0
        while let message = try? flooder.next(timeout: 1) {
            if message["type"] as? String == "error" { warnings += 1 }
            if message["type"] as? String == "pong" { pongs += 1 }
        }
        #expect(warnings == 1)
        #expect(pongs >= 1000 && pongs < 5000)
    }
}
