extension Carousel {
    /// Performs a programmatic request. A finger on the carousel owns it, so requests made while
    /// dragging are ignored.
    mutating func perform(_ command: Command) throws(CarouselError) -> InputResult {
        switch command {
        case .next: return page(toward: .forward)
        case .previous: return page(toward: .backward)
        case .go(let index, let animated): return try go(to: index, animated: animated)
        case .setAutoScroll(let isEnabled): return setAutoScroll(isEnabled)
        }
    }

    /// Why nothing can move right now, if anything.
    var reasonItemsCannotMove: IgnoredInput? {
        if items.isEmpty { return .noItems }
        if items.count == 1 { return .singleItem }
        return nil
    }

    /// One item on from where the carousel is heading: pressing `next` twice during an animation
    /// moves two.
    private mutating func page(toward direction: Direction) -> InputResult {
        if let reason = reasonItemsCannotMove ?? reasonFingerOwnsCarousel { return .ignored(reason) }
        guard let target = snapLayout.snapPoint(after: scroller.heading, toward: direction) else {
            return .ignored(.atEnd)
        }
        animate(to: target, velocity: scroller.velocity, isAutomatic: false)
        return .applied
    }

    private mutating func go(to index: Int, animated: Bool) throws(CarouselError) -> InputResult {
        guard items.indices.contains(index) else {
            throw .indexOutOfRange(index: index, itemCount: items.count)
        }
        if let reason = reasonFingerOwnsCarousel { return .ignored(reason) }
        // The shortest way round in a loop to the first item of the page holding it; a finite
        // strip's own rest position for the item.
        let target =
            track.isLooping
            ? Double(steps + track.steps(from: currentIndex, to: track.restingItem(for: index))) * track.pitch
            : track.restPosition(of: index)
        guard target != scroller.position || scroller.motion != .resting else { return .ignored(.unchanged) }
        if animated {
            animate(to: target, velocity: scroller.velocity, isAutomatic: false)
        } else {
            rest(at: index, previous: currentIndex, turnsRing: true)
        }
        return .applied
    }

    private var reasonFingerOwnsCarousel: IgnoredInput? {
        activePointerID == nil ? nil : .pointerIsDown
    }
}
