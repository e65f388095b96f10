extension CardFeed: PagingEngine {
    /// The frame to draw now, without consuming its events.
    public var frame: Frame {
        Frame(
            currentIndex: currentIndex,
            itemCount: items.count,
            phase: phase,
            position: items.isEmpty ? 0 : scroll - layout.restRange(of: currentIndex).lowerBound,
            slots: slotFrames,
            autoScroll: autoScrollStatus,
            events: pendingEvents,
            contentOffset: scroll,
            velocity: scroller.reportedVelocity(layout: snapLayout),
            target: motionTarget
        )
    }

    private var motionTarget: MotionTarget? {
        guard case .animating(let animation) = scroller.motion else { return nil }
        return MotionTarget(
            index: layout.count == 0 ? 0 : layout.card(nearest: animation.target + layout.viewport / 2),
            contentOffset: animation.target
        )
    }

    /// The frame to draw now, consuming the events since the previous one.
    public mutating func takeFrame() -> Frame {
        let frame = self.frame
        pendingEvents.removeAll(keepingCapacity: true)
        return frame
    }

    /// Whether the feed rests, follows a finger, or animates.
    public var phase: Phase { scroller.motion.phase }

    /// Every pooled slot, by id; a free slot has no item and sits where its last card was not.
    private var slotFrames: [SlotFrame] {
        let readingAxis = ReadingAxis(configuration)
        let cross = configuration.viewportCrossLength
        return pool.slots.enumerated().map { id, slot in
            guard let card = slot.card else {
                return SlotFrame(id: id, itemIndex: nil, x: 0, y: 0, width: 0, height: 0, scale: 1, kind: slot.kind)
            }
            let range = layout.restRange(of: card)
            return readingAxis.slotFrame(
                id: id,
                itemIndex: card,
                main: range.lowerBound - scroll,
                length: range.upperBound - range.lowerBound + layout.viewport,
                cross: 0,
                thickness: cross,
                scale: 1,
                kind: slot.kind
            )
        }
    }
}
