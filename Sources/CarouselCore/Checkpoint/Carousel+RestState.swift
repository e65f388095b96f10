extension Carousel {
    /// The carousel's state at rest, or `nil` while a finger holds it, it moves, a wheel's stream
    /// goes on or events wait.
    public var restState: RestState? {
        guard scroller.motion == .resting, wheel.isIdle, pendingEvents.isEmpty else { return nil }
        // A loop at rest measures from its current item; a finite strip from its first. Any other
        // measure would not come back exactly, so it is no rest to write down.
        if track.isLooping {
            guard steps == 0 else { return nil }
        } else {
            guard origin == 0, unwrappedOrigin == 0 else { return nil }
        }
        return restState(
            index: currentIndex,
            unwrappedIndex: track.isLooping ? unwrappedOrigin : Int64(currentIndex),
            position: scroller.position,
            slots: .ring(phase: ring.phase)
        )
    }

    /// A carousel at rest in `state`: the one whose `restState` it was, equal to it in every part.
    /// - Throws: `CarouselError` for a bad configuration or items, or a state no carousel of them
    ///   could rest in (`invalidRestState`, naming what is wrong).
    public init(configuration: Configuration, items: [CarouselItem], restingAt state: RestState) throws(CarouselError) {
        try self.init(configuration: configuration, items: items)
        try state.validateIndex(count: items.count)
        try state.validateTiming(interval: configuration.autoScrollInterval)
        guard case .ring(let phase) = state.slots, (0..<ring.count).contains(phase) else {
            throw .invalidRestState("a banner engine's slots are a ring phase from 0 to \(ring.count - 1)")
        }
        guard state.position.isFinite else { throw .invalidRestState("the position must be a finite number") }
        let tolerance = RestState.tolerance(pitch: track.pitch)
        if track.isLooping {
            guard abs(state.unwrappedIndex) <= RestState.unwrappedLimit,
                track.wrapped(state.unwrappedIndex) == state.index
            else {
                throw .invalidRestState(
                    "a loop's unwrapped item must be the current item plus whole laps, within ±2^40"
                )
            }
            if configuration.scrollsFreely {
                guard abs(state.position) <= track.pitch / 2 else {
                    throw .invalidRestState("a loop rests within half a pitch of its current item")
                }
            } else {
                guard abs(state.position) <= tolerance else {
                    throw .invalidRestState("a loop rests on its current item: the position must be 0")
                }
            }
            guard configuration.scrollsFreely || track.restingItem(for: state.index) == state.index else {
                throw .invalidRestState(
                    "a loop of \(track.groups.size) items a page rests on a page's first item, a multiple of "
                        + "\(track.groups.size)"
                )
            }
            origin = state.index
            unwrappedOrigin = state.unwrappedIndex
        } else {
            guard state.unwrappedIndex == Int64(state.index) else {
                throw .invalidRestState("a finite strip's unwrapped item is its current item")
            }
            if configuration.scrollsFreely {
                // Free scroll rests wherever it stopped, inside the ends.
                guard state.position >= track.firstSnapPoint, state.position <= track.lastSnapPoint else {
                    throw .invalidRestState("the position must be within the strip's ends")
                }
            } else {
                // A page's start or either end of the strip (an end need not be a page's start).
                guard abs(state.position - snapLayout.nearestSnapPoint(to: state.position)) <= tolerance else {
                    throw .invalidRestState("the position must be a snap point")
                }
            }
        }
        let located = track.locate(displacement: state.position, from: origin)
        guard track.index(from: origin, steps: located.steps) == state.index || items.isEmpty else {
            throw .invalidRestState("the position rests on another item than the current one")
        }
        _ = scroller.rest(at: state.position)
        steps = located.steps
        offset = located.offset
        ring.phase = phase
        restoreTiming(from: state)
    }
}
