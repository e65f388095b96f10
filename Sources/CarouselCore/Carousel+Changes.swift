extension Carousel {
    /// Replaces the configuration atomically: a rejected one throws and changes nothing. An accepted
    /// one never jumps a motion to rest (see `Carousel+Reconfigure.swift`): at rest the carousel
    /// stays on its item; a drag or a spring goes on in the new geometry with the new physics.
    mutating func configure(_ newConfiguration: Configuration) throws(CarouselError) -> InputResult {
        try Self.validate(newConfiguration)
        try Self.require(.uniform, in: newConfiguration)
        guard newConfiguration != configuration else { return .ignored(.unchanged) }
        yieldWheelDrag()
        let old = configuration
        let index = currentIndex
        let shown = itemIDsBySlot
        configuration = newConfiguration
        if scroller.motion == .resting {
            let offGrid = freeRestFraction
            track = Track(configuration: newConfiguration, itemCount: items.count)
            ring = SlotRing(configuration: newConfiguration)
            rest(at: index, previous: index, turnsRing: false, restartsCountdown: false)
            keepSlots(showing: shown)
            if let offGrid { keepFreeRest(offGrid) }
        } else {
            carryMotion(from: old, shown: shown)
        }
        autoScroll.timer.carry(from: old, to: newConfiguration)
        return .applied
    }

    /// Replaces the items atomically. The current item keeps its identity when it is still
    /// there; otherwise the index is clamped into the new items.
    mutating func replaceItems(_ newItems: [CarouselItem]) throws(CarouselError) -> InputResult {
        try Self.validate(newItems)
        guard newItems != items else { return .ignored(.unchanged) }
        yieldWheelDrag()
        let previous = currentIndex
        let shown = itemIDsBySlot
        let keptIndex = items.isEmpty ? nil : newItems.firstIndex { $0.id == items[previous].id }
        let index = keptIndex ?? min(previous, max(0, newItems.count - 1))
        items = newItems
        track = Track(configuration: configuration, itemCount: newItems.count)
        rest(at: index, previous: previous, turnsRing: false)
        keepSlots(showing: shown)
        return .applied
    }

    /// The id of the item each slot shows, by slot id (`nil` for an empty slot).
    var itemIDsBySlot: [String?] {
        frame.slots.map { slot in slot.itemIndex.map { items[$0].id } }
    }

    /// Turns the slot ring so that as many slots as possible keep the item they showed before a
    /// change (by identity), preferring the current item's old slot: a change that leaves an item
    /// on screen never swaps the content of the element showing it.
    mutating func keepSlots(showing shown: [String?]) {
        guard !items.isEmpty else { return }
        let anchor = currentIndex
        let window = ring.windowStart(anchor: anchor, track: track)
        func keptCount(phase: Int) -> Int {
            var candidate = ring
            candidate.phase = phase
            var kept = 0
            for relative in window..<(window + ring.count) {
                let slot = candidate.slot(forRelative: relative)
                if slot < shown.count, let item = item(relative: relative, anchor: anchor),
                    shown[slot] == items[item].id
                {
                    kept += 1
                }
            }
            return kept
        }
        let currentID = items[anchor].id
        var best = shown.firstIndex { $0 == currentID }.map { $0 % ring.count } ?? ring.phase
        var bestKept = keptCount(phase: best)
        for phase in 0..<ring.count where keptCount(phase: phase) > bestKept {
            best = phase
            bestKept = keptCount(phase: phase)
        }
        ring.phase = best
    }

    static func validate(_ configuration: Configuration) throws(CarouselError) {
        do {
            try configuration.validate()
        } catch {
            throw .invalidConfiguration(error)
        }
    }

    /// Each engine lays out one kind of track; `makePagingEngine` picks the right one.
    static func require(_ layout: Configuration.Layout, in configuration: Configuration) throws(CarouselError) {
        guard configuration.layout == layout else {
            throw .invalidConfiguration(
                ConfigurationError(
                    field: "layout",
                    message: "this engine lays out \(layout.rawValue) items, not \(configuration.layout.rawValue); "
                        + "build the engine with makePagingEngine"
                )
            )
        }
    }

    static func validate(_ items: [CarouselItem]) throws(CarouselError) {
        var seen = Set<String>(minimumCapacity: items.count)
        for item in items where !seen.insert(item.id).inserted {
            throw .duplicateItemID(item.id)
        }
    }
}
