/// What became of an input that was valid but may not have applied.
public enum InputResult: Equatable, Sendable {
    /// The input changed the carousel's state.
    case applied
    /// The input was valid but had nothing to act on, for the reason given.
    case ignored(IgnoredInput)
}

/// Why a valid input changed nothing.
public enum IgnoredInput: String, Equatable, Sendable {
    /// There are no items to move.
    case noItems
    /// A single item never moves.
    case singleItem
    /// The pointer that sent this is not the one that went down.
    case pointerNotDown
    /// Another pointer is already dragging.
    case anotherPointerIsDown
    /// A finger owns the carousel until it lifts.
    case pointerIsDown
    /// A finite strip is already at its end in that direction.
    case atEnd
    /// A wheel scrolled across the carousel's axis, not along it: the page scrolls instead.
    case offAxis
    /// The carousel already is in the requested state.
    case unchanged
}
