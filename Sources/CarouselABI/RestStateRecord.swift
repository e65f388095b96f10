import CarouselCore

/// An engine at rest (a checkpoint's `RestState`) as the page hands it to the WebAssembly engine, to
/// start where a session is: the current item (32 bits), the unwrapped item (64), the position
/// (double), the clock's remainder and auto-scroll's countdown (each 64-bit seconds and
/// attoseconds), whether hidden (32), then the slots: 0 and the ring's phase, or 1, a count and per
/// pooled slot its kind (a 32-bit byte count and UTF-8) and its card (-1: none). The engine checks
/// the state against the configuration and items as a checkpoint's is checked.
public enum RestStateRecord {
    public static func encode(_ state: RestState) -> [UInt8] {
        var writer = ByteWriter()
        writer.int32(state.index)
        writer.int64(state.unwrappedIndex)
        writer.double(state.position)
        for duration in [state.pendingTime, state.autoScrollRemaining] {
            let (seconds, attoseconds) = duration.components
            writer.int64(seconds)
            writer.int64(attoseconds)
        }
        writer.int32(state.isHidden ? 1 : 0)
        switch state.slots {
        case .ring(let phase):
            writer.int32(0)
            writer.int32(phase)
        case .pool(let slots):
            writer.int32(1)
            writer.int32(slots.count)
            for slot in slots {
                let kind = Array(slot.kind.utf8)
                writer.int32(kind.count)
                writer.bytes(kind)
                writer.int32(slot.card ?? -1)
            }
        }
        return writer.bytes
    }

    public static func decode(_ bytes: [UInt8]) throws(ABIError) -> RestState {
        var reader = ByteReader(bytes)
        let index = Int(try reader.int32())
        let unwrapped = try reader.int64()
        let position = try reader.double()
        let pending = try duration(from: &reader)
        let remaining = try duration(from: &reader)
        let hidden = try reader.int32()
        guard hidden == 0 || hidden == 1 else { throw .malformed("hidden must be 0 or 1") }
        let slots: RestState.Slots
        switch try reader.int32() {
        case 0:
            slots = .ring(phase: Int(try reader.int32()))
        case 1:
            let count = try reader.uint32()
            guard count <= RestState.pooledSlotLimit else {
                throw .tooLarge("a pool of at most \(RestState.pooledSlotLimit) slots")
            }
            var pool: [RestState.PooledSlot] = []
            for _ in 0..<count {
                let length = try reader.uint32()
                guard length <= ItemsRecord.maximumTextBytes else {
                    throw .tooLarge("a kind is at most \(ItemsRecord.maximumTextBytes) bytes")
                }
                let kind = try reader.text(byteCount: Int(length))
                let card = try reader.int32()
                pool.append(RestState.PooledSlot(kind: kind, card: card < 0 ? nil : Int(card)))
            }
            slots = .pool(pool)
        default:
            throw .malformed("the slots are 0 (a ring) or 1 (a pool)")
        }
        guard reader.isAtEnd else { throw .tooLarge("bytes after the slots") }
        return RestState(
            index: index,
            unwrappedIndex: unwrapped,
            position: position,
            slots: slots,
            pendingTime: pending,
            autoScrollRemaining: remaining,
            isHidden: hidden == 1
        )
    }

    /// Seconds and attoseconds as a `Duration`; attoseconds must be a proper fraction of a second.
    private static func duration(from reader: inout ByteReader) throws(ABIError) -> Duration {
        let seconds = try reader.int64()
        let attoseconds = try reader.int64()
        guard attoseconds >= 0, attoseconds < 1_000_000_000_000_000_000, seconds >= -(1 << 40), seconds <= 1 << 40
        else {
            throw .malformed("a duration is whole seconds within 2^40 and attoseconds from 0 to 10^18 - 1")
        }
        return Duration(secondsComponent: seconds, attosecondsComponent: attoseconds)
    }
}
