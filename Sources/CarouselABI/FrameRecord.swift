import CarouselCore

/// A frame as the WebAssembly engine writes it for the page, which reads it with a `DataView`
/// (little-endian) instead of parsing JSON. docs/reference/engine-abi.md draws the layout:
///
/// - a 96-byte head: byte length, current index, item count, phase (idle, dragging, animating),
///   position, content offset, velocity, target index (-1: none), page index (-1: none), target
///   offset, page count, auto-scroll state (stopped, running, paused), its pause reasons, slot
///   count, the countdown's seconds and attoseconds (64-bit), event count, 4 reserved bytes;
/// - each slot in 56 bytes: id, item index (-1: none), kind (its position in `kinds`, -1: none),
///   4 reserved bytes, then x, y, width, height and scale;
/// - each event in 12 bytes: type (page changed, settled, interrupted, auto-scrolled), index and
///   the previous index (a page change's; 0 otherwise).
///
/// Every double is written bit for bit, so two engines agree on a frame exactly when their records
/// are equal byte for byte.
public enum FrameRecord {
    /// A phase's code is its position here; the page schema lists the names in this order.
    public static let phases: [Phase] = [.idle, .dragging, .animating]
    public static let autoScrollStates: [AutoScrollStatus.State] = [.stopped, .running, .paused]
    /// An event's code is its position here.
    public static let eventNames = ["pageChanged", "settled", "interrupted", "autoScrolled"]
    public static let headByteCount = 96
    public static let slotByteCount = 56
    public static let eventByteCount = 12

    public static func encode(_ frame: Frame, kinds: [String]) -> [UInt8] {
        let byteCount = headByteCount + frame.slots.count * slotByteCount + frame.events.count * eventByteCount
        var writer = ByteWriter(reservingCapacity: byteCount)
        writer.int32(byteCount)
        writer.int32(frame.currentIndex)
        writer.int32(frame.itemCount)
        writer.int32(code(of: frame.phase))
        writer.double(frame.position)
        writer.double(frame.contentOffset)
        writer.double(frame.velocity)
        writer.int32(frame.target?.index ?? -1)
        writer.int32(frame.page?.index ?? -1)
        writer.double(frame.target?.contentOffset ?? 0)
        writer.int32(frame.page?.count ?? 0)
        writer.int32(code(of: frame.autoScroll.state))
        writer.int32(frame.autoScroll.pauseReasons.rawValue)
        writer.int32(frame.slots.count)
        let (seconds, attoseconds) = frame.autoScroll.remaining.components
        writer.int64(seconds)
        writer.int64(attoseconds)
        writer.int32(frame.events.count)
        writer.int32(0)
        for slot in frame.slots {
            writer.int32(slot.id)
            writer.int32(slot.itemIndex ?? -1)
            writer.int32(slot.kind.flatMap { kind in kinds.firstIndex(of: kind) } ?? -1)
            writer.int32(0)
            for value in [slot.x, slot.y, slot.width, slot.height, slot.scale] { writer.double(value) }
        }
        for event in frame.events {
            switch event {
            case .pageChanged(let index, let previous): write(code(of: "pageChanged"), index, previous, to: &writer)
            case .settled(let index): write(code(of: "settled"), index, 0, to: &writer)
            case .interrupted(let index): write(code(of: "interrupted"), index, 0, to: &writer)
            case .autoScrolled(let index): write(code(of: "autoScrolled"), index, 0, to: &writer)
            }
        }
        return writer.bytes
    }

    private static func write(_ type: Int, _ index: Int, _ previous: Int, to writer: inout ByteWriter) {
        writer.int32(type)
        writer.int32(index)
        writer.int32(previous)
    }

    private static func code(of phase: Phase) -> Int { phases.firstIndex(of: phase) ?? -1 }

    private static func code(of state: AutoScrollStatus.State) -> Int { autoScrollStates.firstIndex(of: state) ?? -1 }

    private static func code(of event: String) -> Int { eventNames.firstIndex(of: event) ?? -1 }
}
