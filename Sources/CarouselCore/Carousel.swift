/// The carousel engine: the one place that wires the track, the slot ring, the physics and the
/// auto-scroll timer together.
///
/// It never reads a clock and performs no I/O. Feed it inputs with `handle(_:)`, let time pass
/// with `advance(by:)`, and draw `takeFrame()`. The same inputs and durations always produce
/// bit-identical frames.
///
/// Positions are kept as a displacement from an *origin* item (the item a gesture began on, or
/// the target of an animation), never as an absolute offset, so a loop stays bounded and exact
/// however many laps it turns.
public struct Carousel: Equatable, Sendable {
    /// The configuration in force.
    public internal(set) var configuration: Configuration
    /// The items, by identity.
    public internal(set) var items: [CarouselItem]

    var track: Track
    var ring: SlotRing
    var motion = Motion.resting
    /// The item positions are measured from.
    var origin = 0
    /// The content's position, measured from the origin item's snap point.
    var displacement = 0.0
    /// Steps from the origin to the current item (the one nearest the snap point).
    var steps = 0
    /// The content's position, measured from the current item's snap point.
    var offset = 0.0
    var clock = StepClock()
    var timer: AutoScrollTimer
    var isHidden = false
    var pendingEvents: [CarouselEvent] = []

    /// How far past its target, as a fraction of the pitch, a release moving away may carry the
    /// content before the spring turns it: a sixteenth keeps it a nudge, not a bounce.
    static let excursionFraction = 1.0 / 16

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
        timer = AutoScrollTimer(interval: configuration.autoScrollInterval)
        pendingEvents.reserveCapacity(8)
    }

    /// The item nearest the snap point (0 when there are no items).
    public var currentIndex: Int {
        items.isEmpty ? 0 : track.index(from: origin, steps: steps)
    }

    /// Applies one input. Invalid inputs throw and change nothing; valid inputs that have nothing
    /// to act on return `.ignored` with the reason.
    @discardableResult
    public mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        switch input {
        case .pointer(let event): try handlePointer(event)
        case .command(let command): try perform(command)
        case .visibility(let isHidden): setHidden(isHidden)
        case .configure(let configuration): try configure(configuration)
        case .replaceItems(let items): try replaceItems(items)
        }
    }

    /// Lets `duration` pass, in fixed steps; a remainder shorter than a step carries over to the
    /// next call.
    public mutating func advance(by duration: Duration) {
        var dueSteps = clock.take(duration)
        while dueSteps > 0 {
            switch motion {
            case .animating:
                stepAnimation()
                dueSteps -= 1
            case .dragging:
                return  // a finger holds the content and auto-scroll is paused: time changes nothing
            case .resting:
                guard autoScrollState == .running else { return }
                // Nothing moves until the timer fires, so skip straight to that step.
                let idleSteps = min(dueSteps, timer.stepsUntilFiring(step: StepClock.step))
                dueSteps -= idleSteps
                if timer.elapse(steps: idleSteps) {
                    advanceAutomatically()
                }
            }
        }
    }

    // MARK: - The moves every input is built from

    /// Puts the content at `displacement` from the origin, recycling slots and reporting a new
    /// current item as the position crosses half pitches.
    mutating func move(to displacement: Double) {
        let previousIndex = currentIndex
        let located = track.locate(displacement: displacement, from: origin)
        let crossed = located.steps - steps
        self.displacement = displacement
        steps = located.steps
        offset = located.offset
        guard crossed != 0 else { return }
        ring.advance(by: crossed)
        let index = currentIndex
        if index != previousIndex {
            emit(.pageChanged(index: index, previous: previousIndex))
        }
    }

    /// Measures positions from the item `count` steps from the origin instead; nothing moves.
    /// The displacement is rebuilt from the offset, so rebasing onto the current item gives back
    /// the offset bit for bit and a grab or retarget never nudges a pixel.
    mutating func rebase(by count: Int) {
        origin = track.index(from: origin, steps: count)
        steps -= count
        displacement = Double(steps) * track.pitch + offset
    }

    /// Springs from the current position to the item `count` steps from the origin, starting at
    /// `velocity` (pt/s).
    mutating func animate(by count: Int, velocity: Double, isAutomatic: Bool) {
        rebase(by: count)
        let spring = Spring(
            offset: displacement,
            velocity: velocity,
            angularFrequency: configuration.springAngularFrequency,
            maximumExcursion: track.pitch * Self.excursionFraction
        )
        if spring.initialOffset == 0, velocity == 0 {
            settle()
        } else {
            motion = .animating(Animation(spring: spring, isAutomatic: isAutomatic))
        }
    }

    /// Ends the motion exactly on the origin's snap point.
    mutating func settle() {
        move(to: 0)
        motion = .resting
        emit(.settled(index: currentIndex))
        timer.restart(interval: configuration.autoScrollInterval)
    }

    /// Puts the carousel at rest on `index` at once, ending any motion with `settled`.
    /// - Parameters:
    ///   - previous: the current item before the change, to report a page change.
    ///   - ringSteps: how far the slot ring turns, so a one-item jump recycles one slot.
    mutating func rest(at index: Int, previous: Int, ringSteps: Int) {
        let wasMoving = motion != .resting
        ring.advance(by: ringSteps)
        origin = index
        steps = 0
        displacement = 0
        offset = 0
        motion = .resting
        if index != previous {
            emit(.pageChanged(index: index, previous: previous))
        }
        if wasMoving {
            emit(.settled(index: index))
        }
        timer.restart(interval: configuration.autoScrollInterval)
    }

    mutating func emit(_ event: CarouselEvent) {
        pendingEvents.append(event)
    }

    // MARK: - Time

    private mutating func stepAnimation() {
        guard case .animating(var animation) = motion else { return }
        animation.elapsedSteps += 1
        if animation.spring.isAtRest(at: animation.elapsed) {
            settle()
        } else {
            motion = .animating(animation)
            move(to: animation.spring.offset(at: animation.elapsed))
        }
    }

    /// One item on, animated like a snap; a finite strip rewinds to its first item from its last.
    private mutating func advanceAutomatically() {
        let count = track.isLooping || currentIndex < items.count - 1 ? 1 : -currentIndex
        animate(by: count, velocity: 0, isAutomatic: true)
        timer.restart(interval: configuration.autoScrollInterval)
    }
}

extension Carousel {
    /// The pointer that owns the current drag, if a finger is down.
    public var activePointerID: Int? {
        guard case .dragging(let drag) = motion else { return nil }
        return drag.pointerID
    }
}
