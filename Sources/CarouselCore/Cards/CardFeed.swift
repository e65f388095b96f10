/// The card feed engine (the vertical pager of variable-height cards): a finite, vertical pager of cards with their own lengths.
/// It shares the carousel's contract, inputs, frames, events and its gesture-and-motion core
/// (`Scroller`); what differs is where a swipe may rest (`CardStops`), how cards are laid out
/// (`CardLayout`) and how views are reused (`CardSlotPool`, per kind).
///
/// The position is the scroll offset of the viewport's start from the first card's start; the
/// feed is finite, so it is bounded by the content's length.
public struct CardFeed: Equatable, Sendable {
    /// The configuration in force.
    public internal(set) var configuration: Configuration
    /// The cards, by identity, with their lengths and kinds.
    public private(set) var items: [CarouselItem]

    var layout: CardLayout
    var pool = CardSlotPool()
    /// The drag, release and spring, in scroll offsets.
    var scroller = Scroller()
    /// Where the wheel's gestures begin and end.
    var wheel = WheelGesture()
    /// The rest position the stops inside its card are counted from: where the last gesture or
    /// command began.
    var stopAnchor = 0.0
    var clock = StepClock()
    var autoScroll: AutoScroll
    var index = 0
    var pendingEvents: [CarouselEvent] = []

    /// Creates a feed at rest on its first card.
    public init(configuration: Configuration, items: [CarouselItem]) throws(CarouselError) {
        try Carousel.validate(configuration)
        try Carousel.require(.cards, in: configuration)
        try Carousel.validate(items)
        self.configuration = configuration
        self.items = items
        layout = CardLayout(items: items, viewport: configuration.viewportMainLength, spacing: configuration.spacing)
        autoScroll = AutoScroll(interval: configuration.autoScrollInterval)
        refreshSlots()
    }

    /// The card nearest the snap point: the one under the viewport's middle (in a gap wider than the
    /// viewport, the nearer one).
    public var currentIndex: Int { index }

    /// The pointer that owns the current drag, if a finger is down.
    public var activePointerID: Int? { scroller.activePointerID }

    /// The scroll offset of the viewport's start from the first card's start.
    var scroll: Double { scroller.position }

    /// Where the feed may rest, counted from the stop anchor.
    var snapLayout: CardStops {
        CardStops(
            layout: layout,
            anchor: stopAnchor,
            rubberBand: RubberBand(dimension: layout.viewport, coefficient: configuration.rubberBandCoefficient)
        )
    }

    /// Applies one input. Invalid inputs throw and change nothing.
    @discardableResult
    public mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        switch input {
        case .pointer(let event): return try handlePointer(event)
        case .wheel(let event): return try handleWheel(event)
        case .command(let command): return try perform(command)
        case .visibility(let isHidden): return setHidden(isHidden)
        case .configure(let newConfiguration):
            try Carousel.validate(newConfiguration)
            try Carousel.require(.cards, in: newConfiguration)
            guard newConfiguration != configuration else { return .ignored(.unchanged) }
            yieldWheelDrag()
            let old = configuration
            configuration = newConfiguration
            // At rest the feed stays on its card; a motion goes on (see `CardFeed+Reconfigure.swift`).
            if scroller.motion == .resting {
                rebuild(keeping: items[safe: index]?.id, restartsCountdown: false)
            } else {
                carryMotion(from: old)
            }
            autoScroll.timer.carry(from: old, to: newConfiguration)
            return .applied
        case .replaceItems(let newItems):
            try Carousel.validate(newItems)
            guard newItems != items else { return .ignored(.unchanged) }
            yieldWheelDrag()
            let kept = items[safe: index]?.id
            let previousItems = items
            items = newItems
            rebuild(keeping: kept, previousItems: previousItems)
            return .applied
        }
    }

    /// Lets `duration` pass in fixed steps.
    public mutating func advance(by duration: Duration) {
        advanceWithWheel(by: duration)
    }

    // MARK: - Moves

    /// Brings the current card and the slots up to the scroller's position.
    mutating func followScroller() {
        let previous = index
        index = layout.count == 0 ? 0 : layout.card(nearest: scroll + layout.viewport / 2)
        layout.anchor(at: index)
        if index != previous { pendingEvents.append(.pageChanged(index: index, previous: previous)) }
        refreshSlots()
    }

    /// A motion that goes on counts the stops inside its target's card from that target; one that
    /// ended is reported once and starts auto-scroll's countdown afresh.
    mutating func finish(_ outcome: Scroller.Outcome) {
        stopAnchor = scroller.heading
        guard outcome == .settled else { return }
        followScroller()
        pendingEvents.append(.settled(index: index))
        autoScroll.timer.restart(interval: configuration.autoScrollInterval)
    }

    /// After a configuration or data change: new layout, at rest on the kept card's start. Slots
    /// whose card stays on screen keep it.
    private mutating func rebuild(
        keeping id: String?,
        previousItems: [CarouselItem]? = nil,
        restartsCountdown: Bool = true
    ) {
        let previous = index
        layout = CardLayout(items: items, viewport: configuration.viewportMainLength, spacing: configuration.spacing)
        let kept = id.flatMap { id in items.firstIndex { $0.id == id } } ?? min(previous, max(0, items.count - 1))
        if let previousItems {
            let cards = items
            // The first card of each id, built by hand: Embedded Swift has no Dictionary(_:uniquingKeysWith:).
            var newIndexByID: [String: Int] = [:]
            for position in cards.indices where newIndexByID[cards[position].id] == nil {
                newIndexByID[cards[position].id] = position
            }
            // A card keeps its slot under its new index, unless its kind changed with it.
            pool.renumber { old in
                newIndexByID[previousItems[old].id].flatMap { cards[$0].kind == previousItems[old].kind ? $0 : nil }
            }
        }
        layout.anchor(at: kept)
        let wasMoving = scroller.rest(at: items.isEmpty ? 0 : layout.restRange(of: kept).lowerBound)
        stopAnchor = scroll
        index = kept
        if index != previous { pendingEvents.append(.pageChanged(index: index, previous: previous)) }
        if wasMoving { pendingEvents.append(.settled(index: index)) }
        if restartsCountdown { autoScroll.timer.restart(interval: configuration.autoScrollInterval) }
        refreshSlots()
    }

    mutating func refreshSlots() {
        let items = self.items
        pool.show(layout.visibleCards(at: scroll)) { items[$0].kind }
    }

    // MARK: - Commands

    private mutating func perform(_ command: Command) throws(CarouselError) -> InputResult {
        switch command {
        case .setAutoScroll(let enabled):
            return setAutoScroll(enabled)
        case .go(let target, let animated):
            guard items.indices.contains(target) else { throw .indexOutOfRange(index: target, itemCount: items.count) }
            if activePointerID != nil { return .ignored(.pointerIsDown) }
            let offset = layout.restRange(of: target).lowerBound
            guard offset != scroll || scroller.motion != .resting else { return .ignored(.unchanged) }
            if animated {
                animate(to: offset, velocity: scroller.velocity, isAutomatic: false)
            } else {
                let wasMoving = scroller.rest(at: offset)
                stopAnchor = offset
                followScroller()
                if wasMoving { pendingEvents.append(.settled(index: index)) }
                // Resting somewhere new starts the countdown again, as in the banner engine.
                autoScroll.timer.restart(interval: configuration.autoScrollInterval)
            }
            return .applied
        case .next, .previous:
            if items.isEmpty { return .ignored(.noItems) }
            if activePointerID != nil { return .ignored(.pointerIsDown) }
            // From where the feed is heading, so pressing twice during an animation moves two snapLayout.
            stopAnchor = scroller.heading
            guard
                let target = snapLayout.snapPoint(
                    after: scroller.heading,
                    toward: command == .next ? .forward : .backward
                )
            else {
                return .ignored(.atEnd)
            }
            animate(to: target, velocity: scroller.velocity, isAutomatic: false)
            return .applied
        }
    }
}

extension CardFeed: ScrollingEngine {
    /// Stops are counted from where the feed was heading (a caught animation's target), or from the
    /// rest it sits on.
    mutating func prepareForGrab() {
        stopAnchor = scroller.heading
    }

    /// One stop on, like a forward swipe; from the end, back to the first card.
    mutating func advanceAutomatically() {
        stopAnchor = scroll
        animate(to: snapLayout.snapPoint(after: scroll, toward: .forward) ?? 0, velocity: 0, isAutomatic: true)
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
