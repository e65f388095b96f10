extension Carousel {
    /// The frame to draw now, with the events since the previous `takeFrame()`, which it consumes.
    public mutating func takeFrame() -> Frame {
        let frame = self.frame
        pendingEvents.removeAll(keepingCapacity: true)
        return frame
    }

    /// The frame to draw now, with the pending events left in place (for a viewer that joins late).
    public var frame: Frame {
        Frame(
            currentIndex: currentIndex,
            itemCount: items.count,
            phase: phase,
            position: offset,
            slots: slotFrames,
            autoScroll: autoScrollStatus,
            events: pendingEvents,
            contentOffset: unwrappedOffset(of: scroller.position),
            velocity: scroller.reportedVelocity(layout: snapLayout),
            target: motionTarget,
            page: pagePosition
        )
    }

    private var pagePosition: PagePosition? {
        guard track.groups.size > 1, !items.isEmpty else { return nil }
        let page = snapLayout.page(at: scroller.position)
        return PagePosition(index: page.index, count: page.count)
    }

    /// A displacement from the origin on the axis that never wraps.
    private func unwrappedOffset(of displacement: Double) -> Double {
        Double(unwrappedOrigin) * track.pitch + displacement
    }

    /// Where an animation or a coast comes to rest.
    private var motionTarget: MotionTarget? {
        guard scroller.motion.phase == .animating else { return nil }
        let target = scroller.heading
        let steps = track.locate(displacement: target, from: origin).steps
        return MotionTarget(
            index: items.isEmpty ? 0 : track.index(from: origin, steps: steps),
            contentOffset: unwrappedOffset(of: target)
        )
    }

    /// Whether the carousel rests, follows a finger, or animates.
    public var phase: Phase { scroller.motion.phase }

    private var slotFrames: [SlotFrame] {
        let anchor = currentIndex
        let windowStart = ring.windowStart(anchor: anchor, track: track)
        let readingAxis = ReadingAxis(configuration)
        var frames = [SlotFrame](
            repeating: SlotFrame(id: 0, itemIndex: nil, x: 0, y: 0, width: 0, height: 0, scale: 1),
            count: ring.count
        )
        for relative in windowStart..<(windowStart + ring.count) {
            let id = ring.slot(forRelative: relative)
            frames[id] = slotFrame(id: id, relative: relative, anchor: anchor, along: readingAxis)
        }
        return frames
    }

    /// The slot showing the item `relative` steps from the current one. Its position and scale
    /// depend only on the continuous position, so recentring never moves a pixel.
    private func slotFrame(id: Int, relative: Int, anchor: Int, along readingAxis: ReadingAxis) -> SlotFrame {
        let pitch = track.pitch
        let fromSnapPoint = Double(relative) * pitch - offset
        let thickness = configuration.resolvedItemThickness
        return readingAxis.slotFrame(
            id: id,
            itemIndex: item(relative: relative, anchor: anchor),
            main: configuration.snapLine + fromSnapPoint,
            length: configuration.resolvedItemLength,
            cross: (configuration.viewportCrossLength - thickness) / 2,
            thickness: thickness,
            scale: 1 - (1 - configuration.sideScale) * min(1, abs(fromSnapPoint) / pitch)
        )
    }

    func item(relative: Int, anchor: Int) -> Int? {
        guard !items.isEmpty else { return nil }
        if track.isLooping { return track.index(from: anchor, steps: relative) }
        let index = anchor + relative
        return items.indices.contains(index) ? index : nil
    }
}
