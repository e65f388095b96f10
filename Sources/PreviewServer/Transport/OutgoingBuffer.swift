/// The memory each outgoing WebSocket message and short HTTP answer is written from. lws needs `headroom` free bytes
/// before the payload (`LWS_PRE`) to build the frame header in place, so a `String`'s own storage
/// cannot be handed over. Reused between writes and grown to twice a message that does not fit,
/// so a steady stream of frames allocates nothing. Service thread only.
final class OutgoingBuffer {
    private let headroom: Int
    private var capacity: Int
    private var storage: UnsafeMutablePointer<UInt8>

    init(headroom: Int, capacity: Int = 64 * 1024) {
        self.headroom = headroom
        self.capacity = capacity
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    /// `count` bytes after the headroom, their contents undefined; valid until the next call.
    func space(_ count: Int) -> UnsafeMutablePointer<UInt8> {
        if headroom + count > capacity {
            storage.deallocate()
            capacity = (headroom + count) * 2
            storage = .allocate(capacity: capacity)
        }
        return storage + headroom
    }

    /// Copies `text` in after the headroom; the pointer is valid until the next call.
    func payload(_ text: String) -> (start: UnsafeMutablePointer<UInt8>, count: Int) {
        var text = text
        let count = text.utf8.count
        let start = space(count)
        text.withUTF8 { utf8 in
            if let base = utf8.baseAddress { start.update(from: base, count: count) }
        }
        return (start, count)
    }
}
