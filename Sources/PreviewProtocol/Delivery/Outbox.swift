/// One connection's queue of messages waiting for the socket to become writable.
///
/// A slow reader must never build a backlog or slow anyone else: once a few messages wait, a new
/// frame replaces the last frame still waiting, carrying its recent events along, a new viewer
/// count replaces the last count, and a new configuration the last one, so the reader gets the
/// latest state. A reader that keeps up sees every frame. Manual-clock sessions keep every frame
/// (a test wants each one) until the queue is long enough to mean the reader is stuck. What waits
/// is bounded in messages and in bytes: past either the reader is let go, its queue freed at once.
package struct Outbox: Sendable {
    /// Beyond this many waiting messages a live reader is behind, and frames and counts coalesce.
    package static let liveBacklog = 8
    /// Beyond this many waiting messages, manual-clock frames coalesce too.
    package static let manualBacklog = 512
    /// Beyond this many waiting messages (of any kind, once nothing more can merge) the reader is
    /// hopeless and is disconnected.
    package static let maximumBacklog = 4096
    /// Beyond this many bytes waiting the reader is let go too. A message larger than this alone
    /// (a 16 MiB recording) is still queued when nothing else waits.
    package static let maximumBytes = 8 * 1024 * 1024

    private var queue: [OutgoingMessage] = []
    private var head = 0
    /// The bytes of the messages waiting (see `OutgoingMessage.byteCount`).
    package private(set) var bytes = 0
    /// The close to send once the queue drains.
    package private(set) var pendingClose: (code: UInt16, reason: String)?

    /// An empty outbox.
    package init() {}

    package var isEmpty: Bool { head == queue.count }
    package var count: Int { queue.count - head }

    /// Queues `message`; returns false when the reader is hopelessly behind (the caller lets it go).
    package mutating func enqueue(_ message: OutgoingMessage) -> Bool {
        if message.mayCoalesce, count >= (message.keepsEveryFrame ? Self.manualBacklog : Self.liveBacklog) {
            // Look back over the waiting frames and viewer counts for one the new message makes
            // stale; anything else (a config, an error) stays ahead of what was queued after it.
            var index = queue.count - 1
            while index >= head, queue[index].mayCoalesce {
                if let replacement = queue[index].superseded(by: message) {
                    bytes += replacement.byteCount - queue[index].byteCount
                    queue[index] = replacement
                    return bytes <= Self.maximumBytes
                }
                index -= 1
            }
        }
        if message.isConfiguration, count >= Self.liveBacklog,
            let stale = queue[head...].lastIndex(where: \.isConfiguration)
        {
            // A reader behind gets the latest configuration, in its place in time, not every one.
            bytes -= queue[stale].byteCount
            queue.remove(at: stale)
        }
        guard count < Self.maximumBacklog, isEmpty || bytes + message.byteCount <= Self.maximumBytes else {
            return false
        }
        queue.append(message)
        bytes += message.byteCount
        return true
    }

    /// Lets a hopeless reader go: what waits is freed at once (a reader that never reads would
    /// otherwise hold it until its socket times out), and the close follows whatever it reads next.
    package mutating func abandon(code: UInt16, reason: String) {
        queue.removeAll()
        head = 0
        bytes = 0
        close(code: code, reason: reason)
    }

    /// The next message to write, removed from the queue.
    package mutating func next() -> OutgoingMessage? {
        guard !isEmpty else { return nil }
        let message = queue[head]
        head += 1
        bytes -= message.byteCount
        if head == queue.count {
            queue.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= Self.liveBacklog, head * 2 >= queue.count {
            // A reader that keeps up but never quite empties its queue (a client that sends its next
            // message before the last answer is written) would otherwise keep every message it was
            // ever sent: half the array written, it goes, at a cost spread over the writes.
            queue.removeFirst(head)
            head = 0
        }
        return message
    }

    /// Closes after everything queued so far.
    package mutating func close(code: UInt16, reason: String) {
        if pendingClose == nil { pendingClose = (code, reason) }
    }
}
