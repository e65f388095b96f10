/// Everything the engine reacts to besides the passing of time.
public enum Input: Equatable, Sendable {
    /// A pointer went down, moved, lifted or was cancelled.
    case pointer(PointerEvent)
    /// A wheel or trackpad scrolled over the carousel.
    case wheel(WheelEvent)
    /// A programmatic request: page, jump, or switch auto-scroll.
    case command(Command)
    /// Whether every viewer has hidden the carousel (a background tab, a locked phone).
    case visibility(isHidden: Bool)
    /// Replaces the configuration; a rejected one leaves the previous one in force.
    case configure(Configuration)
    /// Replaces the items; the current item keeps its identity when it is still there.
    case replaceItems([CarouselItem])
}

/// One item of the carousel as the engine sees it: its identity, which survives data changes, and
/// for the card feed its length along the axis and its kind (the reuse identifier of its view).
public struct CarouselItem: Equatable, Hashable, Sendable {
    /// Unique among the items; a data change keeps the current item by this identifier.
    public var id: String
    /// The card feed's card length along the axis (raised to the viewport's); ignored elsewhere.
    public var length: Double?
    /// Which kind of view shows the item; slots are reused only among items of one kind.
    public var kind: String

    /// Creates an item with identifier `id`.
    public init(id: String, length: Double? = nil, kind: String = "card") {
        self.id = id
        self.length = length
        self.kind = kind
    }
}
