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
    /// moves two. With free scroll the content may head between snap points: it goes one item on
    /// from the item nearest to where it is heading (the current item once it rests), as the dots
    /// and the counter show it.
    private mutating func page(toward direction: Direction) -> InputResult {
        if let reason = reasonItemsCannotMove ?? reasonFingerOwnsCarousel { return .ignored(reason) }
        let heading = pagingStart(from: scroller.heading)
        // Free scroll resting short of an end whose item is the nearest goes onto that end.
        let end = heading != scroller.heading ? heading : nil
        guard let target = snapLayout.snapPoint(after: heading, toward: direction) ?? end else {
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

    /// The snap point a page is counted from, for content at `position`: the position itself when
    /// snapping (it is a snap point at rest); the nearest snap point with free scroll.
    func pagingStart(from position: Double) -> Double {
        configuration.scrollsFreely ? snapLayout.nearestSnapPoint(to: position) : position
    }

    private var reasonFingerOwnsCarousel: IgnoredInput? {
        activePointerID == nil ? nil : .pointerIsDown
    }
}
