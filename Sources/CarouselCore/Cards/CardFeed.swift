/// The card feed engine (article 002): a finite, vertical pager of cards with their own lengths.
/// It shares the carousel's contract, inputs, frames, physics and events; what differs is where a
/// swipe may rest (`CardStops`), how cards are laid out (`CardLayout`) and how views are reused
/// (`CardSlotPool`, per kind).
///
/// The position is the scroll offset of the viewport's start from the first card's start; the
/// feed is finite, so it is bounded by the content's length.
public struct CardFeed: Equatable, Sendable {
    /// The configuration in force.
    public private(set) var configuration: Configuration
    /// The cards, by identity, with their lengths and kinds.
    public private(set) var items: [CarouselItem]

    var layout: CardLayout
    var pool = CardSlotPool()
    var scroll = 0.0
    var motion = CardMotion.resting
    private var index = 0
    private var clock = StepClock()
    var pendingEvents: [CarouselEvent] = []

    /// Creates a feed at rest on its first card.
    public init(configuration: Configuration, items: [CarouselItem]) throws(CarouselError) {
        try Carousel.validate(configuration)
        try Carousel.require(.cards, in: configuration)
        try Carousel.validate(items)
        self.configuration = configuration
        self.items = items
        layout = CardLayout(items: items, viewport: configuration.viewportMainLength, spacing: configuration.spacing)
        refreshSlots()
    }

    /// The card nearest the snap point: the one under the viewport's middle.
    public var currentIndex: Int { index }

    /// The pointer that owns the current drag, if a finger is down.
    public var activePointerID: Int? {
        guard case .dragging(let drag) = motion else { return nil }
        return drag.pointerID
    }

    /// Applies one input. Invalid inputs throw and change nothing.
    @discardableResult
    public mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        switch input {
        case .pointer(let event): return try handlePointer(event)
        case .command(let command): return try perform(command)
        case .visibility: return .applied  // the feed has no auto-scroll to pause
        case .configure(let newConfiguration):
            try Carousel.validate(newConfiguration)
            try Carousel.require(.cards, in: newConfiguration)
            guard newConfiguration != configuration else { return .ignored(.unchanged) }
            configuration = newConfiguration
            rebuild(keeping: items[safe: index]?.id)
            return .applied
        case .replaceItems(let newItems):
            try Carousel.validate(newItems)
            guard newItems != items else { return .ignored(.unchanged) }
            let kept = items[safe: index]?.id
            items = newItems
            rebuild(keeping: kept)
            return .applied
        }
    }

    /// Lets `duration` pass in fixed steps.
    public mutating func advance(by duration: Duration) {
        var dueSteps = clock.take(duration)
        while dueSteps > 0, case .animating(var animation) = motion {
            animation.elapsedSteps += 1
            if animation.spring.isAtRest(at: animation.elapsed) {
                settle(at: animation.target)
            } else {
                motion = .animating(animation)
                move(to: animation.target + animation.spring.offset(at: animation.elapsed))
            }
            dueSteps -= 1
        }
    }

    // MARK: - Moves

    private mutating func move(to offset: Double) {
        scroll = offset
        let previous = index
        index = layout.count == 0 ? 0 : layout.card(at: offset + layout.viewport / 2)
        layout.anchor(at: index)
        if index != previous { pendingEvents.append(.pageChanged(index: index, previous: previous)) }
        refreshSlots()
    }

    private mutating func settle(at offset: Double) {
        move(to: offset)
        motion = .resting
        pendingEvents.append(.settled(index: index))
    }

    private mutating func animate(to target: Double, velocity: Double) {
        guard target != scroll || velocity != 0 else {
            settle(at: target)
            return
        }
        let spring = Spring(
            offset: scroll - target,
            velocity: velocity,
            angularFrequency: configuration.springAngularFrequency,
            maximumExcursion: layout.viewport * Carousel.excursionFraction
        )
        motion = .animating(CardAnimation(spring: spring, target: target))
    }

    /// After a configuration or data change: new layout, at rest on the kept card's start.
    private mutating func rebuild(keeping id: String?) {
        let wasMoving = motion != .resting
        let previous = index
        layout = CardLayout(items: items, viewport: configuration.viewportMainLength, spacing: configuration.spacing)
        pool.removeAll()
        let kept = id.flatMap { id in items.firstIndex { $0.id == id } } ?? min(previous, max(0, items.count - 1))
        motion = .resting
        layout.anchor(at: kept)
        scroll = items.isEmpty ? 0 : layout.restRange(of: kept).lowerBound
        index = kept
        if index != previous { pendingEvents.append(.pageChanged(index: index, previous: previous)) }
        if wasMoving { pendingEvents.append(.settled(index: index)) }
        refreshSlots()
    }

    private mutating func refreshSlots() {
        let items = self.items
        pool.show(layout.visibleCards(at: scroll)) { items[$0].kind }
    }

    // MARK: - Pointer

    private mutating func handlePointer(_ event: PointerEvent) throws(CarouselError) -> InputResult {
        try Carousel.validatePointer(event)
        let coordinate = configuration.axis == .horizontal ? event.x : event.y
        switch event.kind {
        case .down:
            if items.isEmpty { return .ignored(.noItems) }
            if case .dragging(let drag) = motion {
                return .ignored(drag.pointerID == event.pointerID ? .unchanged : .anotherPointerIsDown)
            }
            if case .animating = motion { pendingEvents.append(.interrupted(index: index)) }
            var drag = CardDrag(
                pointerID: event.pointerID,
                stops: CardStops(from: scroll, in: layout),
                startScroll: scroll,
                startTravel: unresisted(scroll),
                grabCoordinate: coordinate,
                coordinate: coordinate
            )
            drag.tracker.addSample(position: coordinate, time: event.timestamp)
            motion = .dragging(drag)
            return .applied
        case .move, .up:
            guard case .dragging(var drag) = motion, drag.pointerID == event.pointerID else { return .ignored(.pointerNotDown) }
            // Release the enum's copy first, so the tracker's buffers are mutated in place, not copied.
            motion = .resting
            drag.coordinate = coordinate
            if event.kind == .move { drag.tracker.addSample(position: coordinate, time: event.timestamp) }
            motion = .dragging(drag)
            move(to: drag.coordinate == drag.grabCoordinate ? drag.startScroll : resisted(drag.travel))
            if event.kind == .up {
                let velocity = -drag.tracker.velocity(releasedAt: event.timestamp)
                let target = drag.stops.target(releasedAt: scroll, velocity: velocity, configuration: configuration)
                animate(to: target, velocity: velocity * resistance(at: drag.travel))
            }
            return .applied
        case .cancel:
            guard case .dragging(let drag) = motion, drag.pointerID == event.pointerID else { return .ignored(.pointerNotDown) }
            animate(to: drag.stops.target(releasedAt: scroll, velocity: 0, configuration: configuration), velocity: 0)
            return .applied
        }
    }

    // MARK: - Commands

    private mutating func perform(_ command: Command) throws(CarouselError) -> InputResult {
        switch command {
        case .setAutoScroll(let enabled):
            guard configuration.isAutoScrollEnabled != enabled else { return .ignored(.unchanged) }
            configuration.isAutoScrollEnabled = enabled  // recorded for viewers; the feed never auto-scrolls
            return .applied
        case .go(let target, let animated):
            guard items.indices.contains(target) else { throw .indexOutOfRange(index: target, itemCount: items.count) }
            if activePointerID != nil { return .ignored(.pointerIsDown) }
            let offset = layout.restRange(of: target).lowerBound
            guard offset != scroll || motion != .resting else { return .ignored(.unchanged) }
            if animated {
                animate(to: offset, velocity: currentVelocity)
            } else {
                let wasMoving = motion != .resting
                move(to: offset)
                motion = .resting
                if wasMoving { pendingEvents.append(.settled(index: index)) }
            }
            return .applied
        case .next, .previous:
            if items.isEmpty { return .ignored(.noItems) }
            if activePointerID != nil { return .ignored(.pointerIsDown) }
            // From where the feed is heading, so pressing twice during an animation moves two stops.
            let from: Double = if case .animating(let animation) = motion { animation.target } else { scroll }
            let stops = CardStops(from: from, in: layout)
            let target = command == .next ? stops.forward : stops.backward
            guard target != stops.current else { return .ignored(.atEnd) }
            animate(to: target, velocity: currentVelocity)
            return .applied
        }
    }

    private var currentVelocity: Double {
        guard case .animating(let animation) = motion else { return 0 }
        return animation.spring.velocity(at: animation.elapsed)
    }

    // MARK: - Rubber band past both ends

    private var rubberBand: RubberBand {
        RubberBand(dimension: layout.viewport, coefficient: configuration.rubberBandCoefficient)
    }

    private func resisted(_ raw: Double) -> Double {
        let upper = max(0, layout.maximumScroll)
        if raw < 0 { return rubberBand.displacement(forOverscroll: raw) }
        if raw > upper { return upper + rubberBand.displacement(forOverscroll: raw - upper) }
        return raw
    }

    private func unresisted(_ offset: Double) -> Double {
        let upper = max(0, layout.maximumScroll)
        if offset < 0 { return rubberBand.overscroll(forDisplacement: offset) }
        if offset > upper { return upper + rubberBand.overscroll(forDisplacement: offset - upper) }
        return offset
    }

    private func resistance(at raw: Double) -> Double {
        let upper = max(0, layout.maximumScroll)
        if raw < 0 { return rubberBand.slope(atOverscroll: raw) }
        if raw > upper { return rubberBand.slope(atOverscroll: raw - upper) }
        return 1
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
