/// What every engine offers a renderer or a server: inputs in, time advanced, frames out.
/// `Carousel` pages items of one length; `CardFeed` pages cards of their own lengths.
public protocol PagingEngine: Sendable {
    /// The configuration in force.
    var configuration: Configuration { get }
    /// The items, by identity.
    var items: [CarouselItem] { get }
    /// The item nearest the snap point.
    var currentIndex: Int { get }
    /// The pointer that owns the current drag, if a finger is down.
    var activePointerID: Int? { get }
    /// Whether the content rests, follows a finger or a wheel, or animates.
    var phase: Phase { get }
    /// Whether the newest wheel event may begin a wheel gesture (the next event, or the quiet
    /// after it, decides): where a gesture that a wheel makes starts, for a replay of it.
    var isAwaitingWheelGesture: Bool { get }
    /// The frame to draw now, without consuming its events.
    var frame: Frame { get }
    /// Applies one input; invalid inputs throw and change nothing.
    @discardableResult
    mutating func handle(_ input: Input) throws(CarouselError) -> InputResult
    /// Lets `duration` pass in fixed steps.
    mutating func advance(by duration: Duration)
    /// The frame to draw now, consuming the events since the previous one.
    mutating func takeFrame() -> Frame
    /// What time changes: `nil` when letting any time pass would change nothing (at rest with
    /// auto-scroll off or paused, or held by a finger), `.zero` while the content moves, otherwise
    /// how much time may pass before auto-scroll fires. A server sleeps that long.
    var timeUntilChange: Duration? { get }
    /// The engine's state at rest, for a checkpoint: `nil` while a finger holds it, it moves or
    /// events wait to be taken.
    var restState: RestState? { get }
}

extension Carousel: PagingEngine {}

/// Builds the engine a configuration's layout needs, at rest on the first item.
public func makePagingEngine(configuration: Configuration, items: [CarouselItem]) throws(CarouselError) -> Engine {
    try Engine(configuration: configuration, items: items)
}

/// Builds the engine a configuration's layout needs, at rest in `state` (a checkpoint's): the
/// engine whose `restState` it was, exactly.
public func makePagingEngine(
    configuration: Configuration,
    items: [CarouselItem],
    restingAt state: RestState
) throws(CarouselError) -> Engine {
    try Engine(configuration: configuration, items: items, restingAt: state)
}
