extension Carousel {
    /// Performs a programmatic request. A finger on the carousel owns it, so requests made while
    /// dragging are ignored.
    mutating func perform(_ command: Command) throws(CarouselError) -> InputResult {
        switch command {
        case .next: return page(by: 1)
        case .previous: return page(by: -1)
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

    /// One item on from the current target: pressing `next` twice during an animation moves two.
    private mutating func page(by direction: Int) -> InputResult {
        if let reason = reasonItemsCannotMove ?? reasonFingerOwnsCarousel { return .ignored(reason) }
        let count = track.clamp(steps: direction, from: origin)
        guard count != 0 else { return .ignored(.atEnd) }
        animate(by: count, velocity: currentVelocity, isAutomatic: false)
        return .applied
    }

    private mutating func go(to index: Int, animated: Bool) throws(CarouselError) -> InputResult {
        guard items.indices.contains(index) else {
            throw .indexOutOfRange(index: index, itemCount: items.count)
        }
        if let reason = reasonFingerOwnsCarousel { return .ignored(reason) }
        let distance = track.steps(from: currentIndex, to: index)
        guard distance != 0 || motion != .resting else { return .ignored(.unchanged) }
        if animated {
            animate(by: steps + distance, velocity: currentVelocity, isAutomatic: false)
        } else {
            rest(at: index, previous: currentIndex, ringSteps: distance)
        }
        return .applied
    }

    private mutating func setAutoScroll(_ isEnabled: Bool) -> InputResult {
        guard configuration.isAutoScrollEnabled != isEnabled else { return .ignored(.unchanged) }
        configuration.isAutoScrollEnabled = isEnabled
        timer.restart(interval: configuration.autoScrollInterval)
        return .applied
    }

    private var reasonFingerOwnsCarousel: IgnoredInput? {
        if case .dragging = motion { return .pointerIsDown }
        return nil
    }

    /// The content's velocity, so a retargeted animation continues without a jump in speed.
    private var currentVelocity: Double {
        guard case .animating(let animation) = motion else { return 0 }
        return animation.spring.velocity(at: animation.elapsed)
    }
}
