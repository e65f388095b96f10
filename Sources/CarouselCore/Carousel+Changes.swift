extension Carousel {
    /// Replaces the configuration atomically: a rejected one throws and changes nothing; an
    /// accepted one ends any motion on the current item.
    mutating func configure(_ newConfiguration: Configuration) throws(CarouselError) -> InputResult {
        try Self.validate(newConfiguration)
        try Self.require(.uniform, in: newConfiguration)
        guard newConfiguration != configuration else { return .ignored(.unchanged) }
        let index = currentIndex
        configuration = newConfiguration
        track = Track(configuration: newConfiguration, itemCount: items.count)
        ring = SlotRing(configuration: newConfiguration)
        rest(at: index, previous: index, ringSteps: 0)
        return .applied
    }

    /// Replaces the items atomically. The current item keeps its identity when it is still
    /// there; otherwise the index is clamped into the new items.
    mutating func replaceItems(_ newItems: [CarouselItem]) throws(CarouselError) -> InputResult {
        try Self.validate(newItems)
        guard newItems != items else { return .ignored(.unchanged) }
        let previous = currentIndex
        let keptIndex = items.isEmpty ? nil : newItems.firstIndex { $0.id == items[previous].id }
        let index = keptIndex ?? min(previous, max(0, newItems.count - 1))
        items = newItems
        track = Track(configuration: configuration, itemCount: newItems.count)
        rest(at: index, previous: previous, ringSteps: 0)
        return .applied
    }

    /// Records whether every viewer has hidden the carousel; hiding pauses auto-scroll and keeps
    /// its remaining time.
    mutating func setHidden(_ hidden: Bool) -> InputResult {
        guard hidden != isHidden else { return .ignored(.unchanged) }
        isHidden = hidden
        return .applied
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
            throw .invalidConfiguration(ConfigurationError(
                field: "layout",
                message: "this engine lays out \(layout.rawValue) items, not \(configuration.layout.rawValue); "
                    + "build the engine with makePagingEngine"
            ))
        }
    }

    static func validate(_ items: [CarouselItem]) throws(CarouselError) {
        var seen = Set<String>(minimumCapacity: items.count)
        for item in items where !seen.insert(item.id).inserted {
            throw .duplicateItemID(item.id)
        }
    }
}
