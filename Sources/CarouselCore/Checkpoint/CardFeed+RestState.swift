extension CardFeed {
    /// The feed's state at rest, or `nil` while a finger holds it, it moves, a wheel's stream
    /// goes on or events wait.
    public var restState: RestState? {
        guard scroller.motion == .resting, wheel.isIdle, pendingEvents.isEmpty, stopAnchor == scroll else { return nil }
        return restState(
            index: currentIndex,
            unwrappedIndex: Int64(currentIndex),
            position: scroll,
            slots: .pool(pool.slots.map { RestState.PooledSlot(kind: $0.kind, card: $0.card) })
        )
    }

    /// A feed at rest in `state`: the one whose `restState` it was, equal to it in every part.
    /// - Throws: `CarouselError` for a bad configuration or items, or a state no feed of them could
    ///   rest in (`invalidRestState`, naming what is wrong).
    public init(configuration: Configuration, items: [CarouselItem], restingAt state: RestState) throws(CarouselError) {
        try self.init(configuration: configuration, items: items)
        try state.validateIndex(count: items.count)
        try state.validateTiming(interval: configuration.autoScrollInterval)
        guard state.unwrappedIndex == Int64(state.index) else {
            throw .invalidRestState("the card feed's unwrapped item is its current item")
        }
        guard state.position.isFinite else { throw .invalidRestState("the position must be a finite number") }
        if items.isEmpty {
            guard state.position == 0 else { throw .invalidRestState("a feed without cards rests at 0") }
        } else {
            let range = layout.restRange(of: state.index)
            let tolerance = RestState.tolerance(pitch: layout.viewport)
            guard state.position >= range.lowerBound - tolerance, state.position <= range.upperBound + tolerance,
                layout.card(nearest: state.position + layout.viewport / 2) == state.index
            else {
                throw .invalidRestState("the position must rest inside the current card")
            }
        }
        guard case .pool(let slots) = state.slots, slots.count <= RestState.pooledSlotLimit else {
            throw .invalidRestState("a card feed's slots are a pool of at most \(RestState.pooledSlotLimit)")
        }
        let restored = CardSlotPool(slots: slots.map { CardSlotPool.Slot(kind: $0.kind, card: $0.card) })
        _ = scroller.rest(at: state.position)
        stopAnchor = state.position
        layout.anchor(at: state.index)
        index = state.index
        pool = restored
        refreshSlots()
        // The pool must be what showing this position leaves: each visible card in one slot of its
        // kind, no other card in any.
        guard pool == restored else {
            throw .invalidRestState("the slots must show exactly the visible cards, each in a slot of its kind")
        }
        restoreTiming(from: state)
    }
}
