import CarouselCore
import PreviewWire
import Testing

@testable import PreviewProtocol

/// What one reader can make the server hold is bounded in bytes, not only in messages: echoed ids
/// are short, a reader behind gets the latest configuration only, and past the byte budget it is
/// let go with its queue freed.
@Suite("Outbox budget: bytes, configurations and echoed ids")
struct OutboxBudgetTests {
    static func error(_ size: Int) -> OutgoingMessage {
        OutgoingMessage(.error(ProtocolError(.badMessage, String(repeating: "x", count: size), ref: nil)))
    }

    @Test("messages that cannot merge fill a queue up to its byte budget; the next is refused and the queue freed")
    func byteBudget() {
        var outbox = Outbox()
        let message = Self.error(64 * 1024)
        var accepted = 0
        while outbox.enqueue(message) { accepted += 1 }
        #expect(accepted == Outbox.maximumBytes / message.byteCount)
        #expect(outbox.bytes <= Outbox.maximumBytes)
        outbox.abandon(code: 1008, reason: "too far behind")
        #expect(outbox.isEmpty && outbox.bytes == 0 && outbox.pendingClose?.code == 1008)
    }

    @Test("one message larger than the budget still goes out when nothing else waits")
    func largeMessageAlone() {
        var outbox = Outbox()
        let largeAlone = outbox.enqueue(Self.error(Outbox.maximumBytes + 1))
        #expect(largeAlone)
        let smallAfter = outbox.enqueue(Self.error(10))
        #expect(!smallAfter)
        var empty = Outbox()
        let small = empty.enqueue(Self.error(10))
        #expect(small)
        let written = empty.next()
        #expect(written != nil && empty.bytes == 0)
    }

    @Test("a reader behind gets the latest configuration, once, not one per change; one keeping up gets each")
    func configurationsCoalesce() throws {
        let banner = SessionConfiguration(preset: "banner")!
        let items = (0..<100).map { CatalogItem(id: "i\($0)", title: "Item \($0)") }
        func config(_ count: Int) -> OutgoingMessage {
            OutgoingMessage(.config(banner, items: Array(items.prefix(count)), by: 1))
        }
        var behind = Outbox()
        for _ in 0..<Outbox.liveBacklog { _ = behind.enqueue(Self.error(10)) }
        var accepted = true
        for count in 0..<200 { accepted = behind.enqueue(config(99 + count % 2)) && accepted }
        #expect(accepted)
        #expect(behind.count == Outbox.liveBacklog + 1)
        #expect(behind.bytes < Outbox.maximumBytes)
        var last: OutgoingMessage?
        while let message = behind.next() { last = message }
        #expect(last?.text == config(100).text, "the latest configuration is the one kept")
        var keepingUp = Outbox()
        for count in 0..<3 { _ = keepingUp.enqueue(config(count)) }
        #expect(keepingUp.count == 3)
    }

    @Test("a ping's id is echoed, so it is short: 64 bytes as JSON, no more")
    func pingIDs() throws {
        let longest = String(repeating: "a", count: ClientMessage.maximumPingIDBytes - 2)
        #expect(try ClientMessage.decode(#"{"type":"ping","id":"\#(longest)"}"#) == .ping(id: .string(longest)))
        #expect {
            try ClientMessage.decode(#"{"type":"ping","id":"\#(longest)a"}"#)
        } throws: { error in
            (error as? ProtocolError)?.field == "ping.id"
        }
        #expect(throws: ProtocolError.self) {
            try ClientMessage.decode(
                #"{"type":"ping","id":[\#(Array(repeating: "1", count: 40).joined(separator: ","))]}"#
            )
        }
    }
}
