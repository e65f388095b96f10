import PreviewWire
import Testing

@testable import PreviewProtocol

@Suite("An outbox lets go of what it wrote")
struct OutboxRetentionTests {
    @Test(
        "a reader that keeps up but never empties its queue: a message written is freed, not kept until the queue drains"
    )
    func writtenMessagesAreFreed() {
        var outbox = Outbox()
        _ = outbox.enqueue(OutgoingMessage(.error(ProtocolError(.badMessage, "first", ref: nil))))
        weak var written: OutgoingMessage?
        // The journal flood of issue 22: each answer is queued before the one before it is written,
        // so the queue never runs empty. Before, every config (12 KB each) stayed in it.
        for number in 0..<1000 {
            _ = outbox.enqueue(OutgoingMessage(.error(ProtocolError(.badMessage, "message \(number)", ref: nil))))
            let message = outbox.next()
            if number == 10 { written = message }
        }
        #expect(written == nil, "a message written 989 writes ago is still held")
        #expect(outbox.count == 1)
        #expect(outbox.next()?.text.contains("message 999") == true)
        #expect(outbox.isEmpty)
    }
}
