/// The snapshot a renderer draws: where every slot is, what it shows, and what happened since the
/// previous frame. Nothing in it needs the engine to interpret.
public struct Frame: Equatable, Sendable {
    /// The item nearest the snap point.
    public var currentIndex: Int
    /// How many items there are.
    public var itemCount: Int
    /// Whether the carousel rests, follows a finger, or animates.
    public var phase: Phase
    /// The signed distance of the content from the current item's snap point, in points
    /// (positive toward higher indices); within half a pitch in a loop, exactly 0 at rest.
    public var position: Double
    /// Every slot, ordered by id; the count is fixed for a configuration.
    public var slots: [SlotFrame]
    /// The auto-scroll timer as the user would describe it.
    public var autoScroll: AutoScrollStatus
    /// What happened since the previous frame, in order.
    public var events: [CarouselEvent]
    /// The content's position in points on an axis that does not jump when the current item
    /// changes or a loop wraps: it changes only as the content moves (and when a configuration
    /// lays the content out afresh), so a plot of it against time is the motion itself.
    public var contentOffset: Double = 0
    /// The content's velocity in points per second, positive toward higher indices: the spring's
    /// while it animates, the release velocity the finger's samples give so far while it drags,
    /// 0 at rest.
    public var velocity: Double = 0
    /// Where an animation will rest; `nil` unless the phase is `animating`.
    public var target: MotionTarget?
    /// The page on screen when a page holds several items; `nil` when it holds one (the current
    /// item is the page then), so such frames stay as they were.
    public var page: PagePosition?

    /// A frame with every field given; what the engine makes, and what a client decoding one makes.
    public init(
        currentIndex: Int,
        itemCount: Int,
        phase: Phase,
        position: Double,
        slots: [SlotFrame],
        autoScroll: AutoScrollStatus,
        events: [CarouselEvent],
        contentOffset: Double = 0,
        velocity: Double = 0,
        target: MotionTarget? = nil,
        page: PagePosition? = nil
    ) {
        self.currentIndex = currentIndex
        self.itemCount = itemCount
        self.phase = phase
        self.position = position
        self.slots = slots
        self.autoScroll = autoScroll
        self.events = events
        self.contentOffset = contentOffset
        self.velocity = velocity
        self.target = target
        self.page = page
    }
}

/// Whether the carousel rests, follows a finger, or animates.
public enum Phase: String, Equatable, Sendable {
    /// At rest exactly on a snap point.
    case idle
    /// Following a pointer.
    case dragging
    /// Settling, paging or auto-scrolling toward a snap point.
    case animating
}

/// One reusable view: its stable id, the item it shows, and its frame in viewport coordinates.
/// `x`, `y`, `width` and `height` are the unscaled layout; `scale` applies across the axis (the
/// height of a horizontal carousel, as in the article's SwiftUI carousel) about the centre line.
public struct SlotFrame: Equatable, Sendable {
    /// Stable for the slot's lifetime; a renderer keeps one element per id.
    public var id: Int
    /// The item the slot shows, or `nil` when there is none (no items, or past a finite end).
    public var itemIndex: Int?
    /// Left edge, in points from the viewport's left: drawn as is, already mirrored in a
    /// right-to-left carousel (where `position`, `contentOffset` and `velocity` still count along
    /// the reading direction, toward higher indices).
    public var x: Double
    /// Top edge, in points from the viewport's top.
    public var y: Double
    /// Unscaled width.
    public var width: Double
    /// Unscaled height.
    public var height: Double
    /// The cross-axis scale: 1 on the snap point, falling linearly to the side scale one pitch away.
    public var scale: Double
    /// The card feed's reuse kind of the slot; `nil` for the uniform layouts.
    public var kind: String?

    /// Creates a slot frame.
    public init(
        id: Int,
        itemIndex: Int?,
        x: Double,
        y: Double,
        width: Double,
        height: Double,
        scale: Double,
        kind: String? = nil
    ) {
        self.id = id
        self.itemIndex = itemIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scale = scale
        self.kind = kind
    }
}

extension Frame {
    /// The first number in the frame that is not finite, named as the protocol names it; `nil` when
    /// every one is. A renderer (or a server) refuses a frame that has one.
    public var nonFiniteField: String? {
        if !position.isFinite { return "position" }
        if !contentOffset.isFinite { return "offset" }
        if !velocity.isFinite { return "velocity" }
        if let target, !target.contentOffset.isFinite { return "target.offset" }
        for slot in slots {
            if !slot.x.isFinite { return "slots[\(slot.id)].x" }
            if !slot.y.isFinite { return "slots[\(slot.id)].y" }
            if !slot.width.isFinite { return "slots[\(slot.id)].width" }
            if !slot.height.isFinite { return "slots[\(slot.id)].height" }
            if !slot.scale.isFinite { return "slots[\(slot.id)].scale" }
        }
        return nil
    }
}
