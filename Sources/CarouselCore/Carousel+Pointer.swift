extension Carousel {
    /// Validates a pointer event and routes it to the gesture it belongs to. A carousel that cannot
    /// scroll (no items, one item, a strip whose items all fit) still follows the finger's gesture,
    /// so every pointer message is accepted; nothing moves.
    mutating func handlePointer(_ event: PointerEvent) throws(CarouselError) -> InputResult {
        try Self.validatePointer(event)
        let coordinate = configuration.axis == .horizontal ? event.x : event.y
        let id = event.pointerID
        switch event.kind {
        case .down:
            if let owner = activePointerID { return .ignored(owner == id ? .unchanged : .anotherPointerIsDown) }
            // Measure from the item under the finger, so positions stay small in a loop.
            rebase(by: steps)
            if scroller.grab(pointerID: id, at: coordinate, time: event.timestamp, layout: snapPoints) {
                emit(.interrupted(index: currentIndex))
            }
        case .move:
            guard scroller.drag(pointerID: id, to: coordinate, time: event.timestamp, layout: snapPoints) else {
                return .ignored(.pointerNotDown)
            }
            followScroller()
        case .up:
            let released = scroller.release(
                pointerID: id, at: coordinate, time: event.timestamp, layout: snapPoints, configuration: configuration
            )
            guard let released else { return .ignored(.pointerNotDown) }
            followScroller()
            finish(released)
        case .cancel:
            guard let cancelled = scroller.cancel(pointerID: id, layout: snapPoints, configuration: configuration) else {
                return .ignored(.pointerNotDown)
            }
            finish(cancelled)
        }
        return .applied
    }

    /// Rejects coordinates and times that are not usable numbers.
    static func validatePointer(_ event: PointerEvent) throws(CarouselError) {
        for (name, value) in [("x", event.x), ("y", event.y)] {
            guard value.isFinite, abs(value) <= PointerEvent.maximumCoordinate else {
                throw .invalidPointer(
                    "\(name) must be a finite number of at most \(PointerEvent.maximumCoordinate) in magnitude, got \(value)"
                )
            }
        }
        guard event.timestamp.isFinite, abs(event.timestamp) <= PointerEvent.maximumTimestamp else {
            throw .invalidPointer(
                "timestamp must be a finite number of milliseconds of at most \(PointerEvent.maximumTimestamp) in magnitude, got \(event.timestamp)"
            )
        }
    }
}
