import Foundation
import Testing
import WebSocketTestClient

@testable import PreviewProtocol
@testable import PreviewServer

/// The process's resident memory, in MiB.
func residentMemory() -> Double {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    let pages = fields.count > 1 ? Double(fields[1]) ?? 0 : 0
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
}

@Suite("Connections: slow readers, churn", .serialized)
struct ConnectionTests {
    @Test("a client that never reads costs bounded memory and never slows the other viewers")
    func neverReads() throws {
        let server = try LiveServer()
        let stuck = try TestViewer(
            WebSocketClient(port: server.port, path: "/ws?session=slow", receiveBufferSize: 4096)
        )
        let driver = try server.connect("session=slow")
        try driver.handshake()
        let watcher = try server.connect("session=slow")
        try watcher.handshake()
        let baseline = residentMemory()
        // Three seconds of dragging at 120 Hz: every move is a frame for everyone.
        try driver.send(["type": "pointer", "phase": "down", "x": 300, "y": 50, "t": 0])
        let moves = 360
        var echoed = Set<Int>()
        let start = Date()
        for move in 1...moves {
            try driver.send([
                "type": "pointer", "phase": "move", "x": 300 - Double(move % 200), "y": 50,
                "t": Double(move) * 8.33, "seq": move,
            ])
            // The watcher keeps up: it sees each move's frame (or a newer one) before the next move.
            while let frame = try? watcher.next(timeout: 0.5) {
                if let input = frame["input"] as? [String: Any], let seq = input["seq"] as? Int,
                    input["client"] as? Int == 2
                {
                    echoed.insert(seq)
                    if seq >= move { break }
                }
            }
            Thread.sleep(until: start.addingTimeInterval(Double(move) / 120))
        }
        try driver.send(["type": "pointer", "phase": "up", "x": 100, "y": 50, "t": Double(moves) * 8.33 + 50])
        let elapsed = Date().timeIntervalSince(start)
        let growth = residentMemory() - baseline
        #expect(echoed.count >= moves * 95 / 100, "watcher saw \(echoed.count) of \(moves) moves")
        #expect(elapsed < 3.6, "the drag took \(elapsed) s")
        #expect(growth < 32, "resident memory grew by \(growth) MiB")
        withExtendedLifetime(stuck) {}
    }

    @Test("10,000 connect/disconnect cycles, some mid-gesture: sessions are reaped and memory returns")
    func churn() throws {
        let server = try LiveServer { $0.sessionLinger = .milliseconds(300) }
        func cycles(_ count: Int, offset: Int) throws {
            for cycle in 0..<count {
                let client = try WebSocketClient(port: server.port, path: "/ws?session=churn-\((cycle + offset) % 100)")
                guard case .text = try client.receive() else { throw ViewerError.unexpected("no welcome") }
                if cycle % 3 == 0 {
                    try client.send("{\"type\":\"pointer\",\"phase\":\"down\",\"x\":100,\"y\":10,\"t\":0}")
                    client.disconnect()  // vanishes mid-gesture, no close frame
                } else {
                    client.close()
                }
            }
        }
        try cycles(500, offset: 0)
        Thread.sleep(forTimeInterval: 0.8)
        let baseline = residentMemory()
        try cycles(10_000, offset: 500)
        let deadline = Date().addingTimeInterval(5)
        while server.server.sessionCount > 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(server.server.sessionCount == 0)
        let after = residentMemory()
        #expect(after <= baseline * 1.1, "resident memory \(baseline) -> \(after) MiB")
        // The server still works.
        let viewer = try server.connect("session=after-churn")
        #expect(try viewer.next()["type"] as? String == "welcome")
    }
}
