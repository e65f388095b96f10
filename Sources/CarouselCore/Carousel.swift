/// The carousel engine: the one place that wires the track, the slot ring, the gesture-and-motion
/// core and the auto-scroll timer together.
///
/// It never reads a clock and performs no I/O. Feed it inputs with `handle(_:)`, let time pass
/// with `advance(by:)`, and draw `takeFrame()`. The same inputs and durations always produce
/// bit-identical frames.
///
/// In a loop, positions are kept as a displacement from an *origin* item (the item a gesture began
/// on, or the target of an animation), never as an absolute offset, so a loop stays bounded and
/// exact however many laps it turns. A finite strip measures from its first item.
public struct Carousel: Equatable, Sendable {
    /// The configuration in force.
    public internal(set) var configuration: Configuration
    /// The items, by identity.
    public internal(set) var items: [CarouselItem]

    var track: Track
    var ring: SlotRing
    /// The drag, release and spring, in displacements from the origin item's snap point.
    var scroller = Scroller()
    /// Where the wheel's gestures begin and end.
    var wheel = WheelGesture()
    /// The item positions are measured from (always the first in a finite strip).
    var origin = 0
    /// The origin counted in steps from where the carousel started, without wrapping, so a loop's
    /// content offset does not jump back by a lap when the origin wraps. 64 bits on every platform:
    /// it only grows, and `Int` is 32 bits in the page's WebAssembly engine.
    var unwrappedOrigin: Int64 = 0
    /// Steps from the origin to the current item (the one nearest the snap point).
    var steps = 0
    /// The content's position, measured from the current item's snap point.
    var offset = 0.0
    var clock = StepClock()
    var autoScroll: AutoScroll
    var pendingEvents: [CarouselEvent] = []

    /// Creates a carousel at rest on the first item.
    /// - Throws: `CarouselError` for an invalid configuration or duplicate item ids.
    public init(configuration: Configuration = .banner, items: [CarouselItem] = []) throws(CarouselError) {
        try Self.validate(configuration)
        try Self.require(.uniform, in: configuration)
        try Self.validate(items)
        self.configuration = configuration
        self.items = items
        track = Track(configuration: configuration, itemCount: items.count)
        ring = SlotRing(configuration: configuration)
        autoScroll = AutoScroll(interval: configuration.autoScrollInterval)
        pendingEvents.reserveCapacity(8)
        // A strip aligned to its end may first rest past its first item's snap point.
        if track.restPosition(of: 0) != 0 {
            _ = scroller.rest(at: track.restPosition(of: 0))
            let located = track.locate(displacement: scroller.position, from: origin)
            steps = located.steps
            offset = located.offset
        }
    }

    /// The item nearest the snap point (0 when there are no items).
    public var currentIndex: Int {
        items.isEmpty ? 0 : track.index(from: origin, steps: steps)
    }

    /// The pointer that owns the current drag, if a finger is down.
    public var activePointerID: Int? { scroller.activePointerID }

    /// Where the content may rest, measured from the origin item.
    var snapLayout: TrackSnapPoints { TrackSnapPoints(track: track, origin: origin) }

    /// Applies one input. Invalid inputs throw and change nothing; valid inputs that have nothing
    /// to act on return `.ignored` with the reason.
    @discardableResult
    public mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        switch input {
        case .pointer(let event): try handlePointer(event)
        case .wheel(let event): try handleWheel(event)
        case .command(let command): try perform(command)
        case .visibility(let isHidden): setHidden(isHidden)
        case .configure(let configuration): try configure(configuration)
        case .replaceItems(let items): try replaceItems(items)
        }
    }

    /// Lets `duration` pass, in fixed steps; a remainder shorter than a step carries over to the
    /// next call.
    public mutating func advance(by duration: Duration) {
        advanceWithWheel(by: duration)
    }

    // MARK: - The moves every input is built from

    /// Brings the current item and the slot ring up to the scroller's position, reporting a new
    /// current item as the position crosses half pitches.
    mutating func followScroller() {
        let previousIndex = currentIndex
        let located = track.locate(displacement: scroller.position, from: origin)
        let crossed = located.steps - steps
        steps = located.steps
        offset = located.offset
        guard crossed != 0 else { return }
        ring.advance(by: crossed)
        let index = currentIndex
        if index != previousIndex {
            emit(.pageChanged(index: index, previous: previousIndex))
        }
    }

    /// Measures positions from the item `count` steps from the origin instead (loops only: a
    /// finite strip always measures from its first item); nothing moves. Rebasing onto the current
    /// item gives back the offset bit for bit, so a grab or retarget never nudges a pixel.
    mutating func rebase(by count: Int) {
        guard track.isLooping, count != 0 else { return }
        origin = track.index(from: origin, steps: count)
        unwrappedOrigin += Int64(count)
        steps -= count
        scroller.shift(by: Double(count) * track.pitch)
        followScroller()
    }

    /// After the scroller acted: a motion that ended is reported once and restarts the
    /// auto-scroll countdown; one that goes on is measured from its target, so a loop stays bounded.
    mutating func finish(_ outcome: Scroller.Outcome) {
        switch outcome {
        case .moving:
            rebase(by: Track.wholeSteps((scroller.heading / track.pitch).rounded()))
        case .settled:
            followScroller()
            rebase(by: steps)
            emit(.settled(index: currentIndex))
            autoScroll.timer.restart(interval: configuration.autoScrollInterval)
        }
    }

    /// Puts the carousel at rest on the page holding `requested` at once, ending any motion with `settled`.
    /// - Parameters:
    ///   - previous: the current item before the change, to report a page change.
    ///   - turnsRing: whether the slot ring follows the jump (one slot recycled per item), or was
    ///     rebuilt and is aligned by the caller.
    ///   - restartsCountdown: whether auto-scroll's countdown starts afresh (a configure at rest keeps it).
    mutating func rest(at requested: Int, previous: Int, turnsRing: Bool, restartsCountdown: Bool = true) {
        // A loop rests on the first item of the page holding the item; a finite strip finds the rest.
        let index = track.restingItem(for: requested)
        if track.isLooping {
            // Where the content goes without wrapping: the way from the previous item, then onto
            // `index` itself, since new items (a different count) renumber the lap.
            let unwrapped = unwrappedOrigin + Int64(steps + track.steps(from: previous, to: index))
            unwrappedOrigin = unwrapped + Int64(track.steps(from: track.wrapped(unwrapped), to: index))
            origin = index
        } else {
            unwrappedOrigin = 0
            origin = 0
        }
        let wasMoving = scroller.rest(at: track.restPosition(of: index))
        let located = track.locate(displacement: scroller.position, from: origin)
        steps = located.steps
        offset = located.offset
        let now = currentIndex
        if turnsRing { ring.advance(by: track.steps(from: previous, to: now)) }
        if now != previous {
            emit(.pageChanged(index: now, previous: previous))
        }
        if wasMoving {
            emit(.settled(index: now))
        }
        if restartsCountdown { autoScroll.timer.restart(interval: configuration.autoScrollInterval) }
    }

    mutating func emit(_ event: CarouselEvent) {
        pendingEvents.append(event)
    }

}

extension Carousel: ScrollingEngine {
    /// A finger grabs the item under it: measure from there, so positions stay small in a loop.
    mutating func prepareForGrab() {
        rebase(by: steps)
    }

    /// One item on, animated like a snap; a finite strip rewinds to its first item from its last.
    mutating func advanceAutomatically() {
        let target =
            snapLayout.snapPoint(after: pagingStart(from: scroller.position), toward: .forward)
            ?? track.restPosition(of: 0)
        animate(to: target, velocity: 0, isAutomatic: true)
    }
}
