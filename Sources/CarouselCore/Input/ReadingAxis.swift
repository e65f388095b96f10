/// The carousel's main axis as its reader reads it: the one place that knows about right-to-left.
///
/// Both engines count every position, offset and velocity along the reading direction, toward
/// later items, whichever way that runs on screen. In a right-to-left horizontal carousel the
/// screen's x runs against it, so here an input's x is turned round on its way in (a finger or a
/// swipe moving right moves forward, as one moving left does left-to-right) and a slot's span is
/// mirrored about the viewport's centre on its way out. Nothing between knows the direction, so an
/// RTL carousel moves exactly as its LTR twin does, mirrored bit for bit.
///
/// A pointer's x is negated rather than measured from the viewport's right edge: only differences
/// between a drag's coordinates matter, negating is exact, and it does not depend on the viewport's
/// width, so a resize in the middle of a drag never moves the content under the finger.
///
/// The vertical axis reads top to bottom in either direction: `direction` leaves it alone.
struct ReadingAxis: Equatable, Sendable {
    /// The axis the carousel scrolls along.
    let axis: Configuration.Axis
    /// Whether the screen's x runs against the reading direction (a horizontal RTL carousel).
    let isMirrored: Bool
    /// The viewport's width, about whose centre a mirrored slot is drawn.
    let viewportWidth: Double

    init(_ configuration: Configuration) {
        axis = configuration.axis
        isMirrored = configuration.axis == .horizontal && configuration.layoutDirection == .rtl
        viewportWidth = configuration.viewportWidth
    }

    /// Whether a finger's coordinate means the same under `new` as under `old`: the same axis, read
    /// the same way. When it does not, a drag cannot follow the finger on (the engines cancel it).
    static func keepsCoordinates(from old: Configuration, to new: Configuration) -> Bool {
        let (before, after) = (ReadingAxis(old), ReadingAxis(new))
        return before.axis == after.axis && before.isMirrored == after.isMirrored
    }

    /// The pointer's coordinate along the reading direction: growing as the finger moves the way
    /// later items come from (leftward in LTR and rightward in RTL drag the content forward).
    func coordinate(of event: PointerEvent) -> Double {
        guard axis == .horizontal else { return event.y }
        return isMirrored ? -event.x : event.x
    }

    /// A wheel event's scroll along the reading direction (positive toward later items) and across it.
    func deltas(of event: WheelEvent) -> (along: Double, across: Double) {
        guard axis == .horizontal else { return (event.deltaY, event.deltaX) }
        return (isMirrored ? -event.deltaX : event.deltaX, event.deltaY)
    }

    /// A slot's frame in viewport coordinates from its span along the reading direction (`main`,
    /// from the viewport's leading edge, and `length`) and across it (`cross`, `thickness`).
    func slotFrame(
        id: Int,
        itemIndex: Int?,
        main: Double,
        length: Double,
        cross: Double,
        thickness: Double,
        scale: Double,
        kind: String? = nil
    ) -> SlotFrame {
        guard axis == .horizontal else {
            return SlotFrame(
                id: id,
                itemIndex: itemIndex,
                x: cross,
                y: main,
                width: thickness,
                height: length,
                scale: scale,
                kind: kind
            )
        }
        return SlotFrame(
            id: id,
            itemIndex: itemIndex,
            x: isMirrored ? viewportWidth - main - length : main,
            y: cross,
            width: length,
            height: thickness,
            scale: scale,
            kind: kind
        )
    }
}
