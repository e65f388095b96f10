import Foundation
import PreviewProtocol
import PreviewTesting
import Testing

@testable import PreviewServer

@Suite("The card feed over a real WebSocket")
struct CardFeedLiveTests {
    static let viewport = 560.0
    /// Twenty cards of mixed heights: under, at, and one to four times the viewport.
    static let heights: [Double] = [
        300, 1200, 560, 2240, 420, 900, 560, 1700, 250, 560,
        1120, 600, 560, 2000, 400, 560, 1400, 560, 800, 560,
    ]

    /// Every rest position walking down and then back up, as (card, offset within the card).
    static func expectedWalk() -> (down: [[Double]], up: [[Double]]) {
        let lengths = heights.map { max(viewport, $0) }
        var down: [[Double]] = []
        for (card, length) in lengths.enumerated() {
            var offset = 0.0
            if card > 0 { down.append([Double(card), offset]) }
            while offset < length - viewport {
                offset = min(offset + viewport, length - viewport)
                down.append([Double(card), offset])
            }
        }
        var up: [[Double]] = []
        for card in stride(from: lengths.count - 1, through: 0, by: -1) {
            var offset = lengths[card] - viewport
            if card < lengths.count - 1 { up.append([Double(card), offset]) }
            while offset > 0 {
                offset = max(0, offset - viewport)
                up.append([Double(card), offset])
            }
        }
        return (down, up)
    }

    /// A flick in manual time: down, four fast moves (16 pt at 500 pt/s, shorter than the closest two
    /// stops, so the content never passes a stop before the release), up, then advance until idle.
    static func flick(_ viewer: TestViewer, forward: Bool, time: inout Double) throws -> [String: Any] {
        let direction = forward ? -1.0 : 1.0
        try viewer.input(["type": "pointer", "phase": "down", "x": 180, "y": 300, "t": time])
        for step in 1...4 {
            time += 8
            try viewer.input(["type": "advance", "ms": 8])
            try viewer.input([
                "type": "pointer", "phase": "move", "x": 180, "y": 300 + direction * 4 * Double(step), "t": time,
            ])
        }
        try viewer.input(["type": "pointer", "phase": "up", "x": 180, "y": 300 + direction * 16, "t": time])
        time += 1000
        return try #require(viewer.runUntilIdle().last)
    }

    @Test("walking down 20 mixed cards and back up rests at every card start and inside every long card")
    func walkDownAndUp() throws {
        let server = try LiveServer()
        let viewer = try server.connect("session=feed&clock=manual&preset=cards")
        let (welcome, _) = try viewer.handshake()
        #expect((welcome["config"] as? [String: Any])?["preset"] as? String == "cards")
        let items: [[String: Any]] = Self.heights.enumerated().map { index, height in
            ["id": "c\(index)", "title": "Card \(index)", "height": height, "kind": index % 2 == 0 ? "photo" : "text"]
        }
        try viewer.send(["type": "configure", "items": items])
        _ = try viewer.next("config")
        let start = try viewer.next("frame")
        #expect(start["count"] as? Int == 20 && start["index"] as? Int == 0)
        let slots = try #require(start["slots"] as? [[String: Any]])
        #expect(slots.allSatisfy { $0["kind"] as? String != nil })

        let (down, up) = Self.expectedWalk()
        var time = 0.0
        var walkedDown: [[Double]] = []
        for _ in down {
            let rest = try Self.flick(viewer, forward: true, time: &time)
            #expect(rest["phase"] as? String == "idle")
            walkedDown.append([Double(rest["index"] as! Int), rest["position"] as! Double])
        }
        #expect(walkedDown == down)
        let bottom = try Self.flick(viewer, forward: true, time: &time)
        #expect(bottom["index"] as? Int == 19 && bottom["position"] as? Double == 0)
        var walkedUp: [[Double]] = []
        for _ in up {
            let rest = try Self.flick(viewer, forward: false, time: &time)
            walkedUp.append([Double(rest["index"] as! Int), rest["position"] as! Double])
        }
        #expect(walkedUp == up)
        #expect(walkedUp.last == [0, 0])
    }
}
