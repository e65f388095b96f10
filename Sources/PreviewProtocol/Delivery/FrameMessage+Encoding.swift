import CarouselCore
import PreviewWire

extension FrameMessage {
    /// The frame's members after `"type":"frame"`, written straight into the buffer: this runs once
    /// per session per step, so it builds no intermediate tree.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("seq"); writer.integer(seq)
        writer.key("time"); writer.number(time)
        writer.key("phase"); writer.string(frame.phase.rawValue)
        writer.key("index"); writer.integer(frame.currentIndex)
        writer.key("count"); writer.integer(frame.itemCount)
        writer.key("position"); writer.number(frame.position)
        writer.key("offset"); writer.number(frame.contentOffset)
        writer.key("velocity"); writer.number(frame.velocity)
        writer.key("target")
        if let target = frame.target {
            writer.beginObject()
            writer.key("index"); writer.integer(target.index)
            writer.key("offset"); writer.number(target.contentOffset)
            writer.endObject()
        } else {
            writer.null()
        }
        // Only when a page holds several items, so every other frame stays byte for byte as it was.
        if let page = frame.page {
            writer.key("page")
            writer.beginObject()
            writer.key("index"); writer.integer(page.index)
            writer.key("count"); writer.integer(page.count)
            writer.endObject()
        }
        writer.key("slots")
        writer.beginArray()
        for slot in frame.slots { Self.write(slot, to: &writer) }
        writer.endArray()
        Self.write(frame.autoScroll, to: &writer)
        writer.key("input")
        if let input { input.write(to: &writer) } else { writer.null() }
        writer.key("events")
        writer.beginArray()
        for event in frame.events { Self.write(event, to: &writer) }
        writer.endArray()
    }

    private static func write(_ slot: SlotFrame, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.integer(slot.id)
        writer.key("item"); writer.integer(slot.itemIndex)
        writer.key("x"); writer.number(slot.x)
        writer.key("y"); writer.number(slot.y)
        writer.key("width"); writer.number(slot.width)
        writer.key("height"); writer.number(slot.height)
        writer.key("scale"); writer.number(slot.scale)
        if let kind = slot.kind {
            writer.key("kind"); writer.string(kind)
        }
        writer.endObject()
    }

    private static func write(_ autoScroll: AutoScrollStatus, to writer: inout JSONWriter) {
        writer.key("autoscroll")
        writer.beginObject()
        writer.key("state"); writer.string(autoScroll.state.rawValue)
        writer.key("pausedBy")
        writer.beginArray()
        for named in PauseReasons.named where autoScroll.pauseReasons.contains(named.reason) {
            writer.string(named.name)
        }
        writer.endArray()
        writer.key("remainingMs")
        if autoScroll.state == .stopped {
            writer.null()
        } else {
            writer.number(autoScroll.remaining.milliseconds)
        }
        writer.endObject()
    }

    private static func write(_ event: CarouselEvent, to writer: inout JSONWriter) {
        writer.beginObject()
        switch event {
        case .pageChanged(let index, let previous):
            writer.key("type"); writer.string("pageChanged")
            writer.key("index"); writer.integer(index)
            writer.key("previous"); writer.integer(previous)
        case .settled(let index):
            writer.key("type"); writer.string("settled")
            writer.key("index"); writer.integer(index)
        case .interrupted(let index):
            writer.key("type"); writer.string("interrupted")
            writer.key("index"); writer.integer(index)
        case .autoScrolled(let index):
            writer.key("type"); writer.string("autoScrolled")
            writer.key("index"); writer.integer(index)
        }
        writer.endObject()
    }
}
