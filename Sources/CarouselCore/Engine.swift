/// The engine a configuration's layout needs, as one concrete type: a `Carousel` for items of one
/// length, a `CardFeed` for cards of their own. A value rather than `any PagingEngine`, so the
/// engine compiles where existentials do not (Embedded Swift, for the page's WebAssembly) and a
/// server steps it without dynamic dispatch. Exactly one of the two is held; each call forwards to
/// it in place (an optional's force-unwrapped mutation does not copy), so an engine step copies
/// nothing it would not copy as the engine itself.
public struct Engine: PagingEngine, Equatable {
    private(set) var carousel: Carousel?
    private(set) var feed: CardFeed?

    /// The engine `configuration`'s layout needs, at rest on the first item.
    public init(configuration: Configuration, items: [CarouselItem]) throws(CarouselError) {
        switch configuration.layout {
        case .uniform: carousel = try Carousel(configuration: configuration, items: items)
        case .cards: feed = try CardFeed(configuration: configuration, items: items)
        }
    }

    /// The engine `configuration`'s layout needs, at rest in `state` (a checkpoint's): the engine
    /// whose `restState` it was, exactly.
    public init(configuration: Configuration, items: [CarouselItem], restingAt state: RestState) throws(CarouselError) {
        switch configuration.layout {
        case .uniform: carousel = try Carousel(configuration: configuration, items: items, restingAt: state)
        case .cards: feed = try CardFeed(configuration: configuration, items: items, restingAt: state)
        }
    }

    public var configuration: Configuration { carousel?.configuration ?? feed!.configuration }
    public var items: [CarouselItem] { carousel?.items ?? feed!.items }
    public var currentIndex: Int { carousel?.currentIndex ?? feed!.currentIndex }
    public var activePointerID: Int? { carousel != nil ? carousel!.activePointerID : feed!.activePointerID }
    public var phase: Phase { carousel?.phase ?? feed!.phase }
    public var isAwaitingWheelGesture: Bool { carousel?.isAwaitingWheelGesture ?? feed!.isAwaitingWheelGesture }
    public var frame: Frame { carousel?.frame ?? feed!.frame }
    public var timeUntilChange: Duration? { carousel != nil ? carousel!.timeUntilChange : feed!.timeUntilChange }
    public var restState: RestState? { carousel != nil ? carousel!.restState : feed!.restState }

    @discardableResult
    public mutating func handle(_ input: Input) throws(CarouselError) -> InputResult {
        if carousel != nil { return try carousel!.handle(input) }
        return try feed!.handle(input)
    }

    public mutating func advance(by duration: Duration) {
        if carousel != nil { carousel!.advance(by: duration) } else { feed!.advance(by: duration) }
    }

    public mutating func takeFrame() -> Frame {
        if carousel != nil { return carousel!.takeFrame() }
        return feed!.takeFrame()
    }
}
