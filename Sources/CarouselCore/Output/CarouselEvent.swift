/// Something that happened between two frames.
public enum CarouselEvent: Equatable, Sendable {
    /// The item nearest the snap point changed.
    case pageChanged(index: Int, previous: Int)
    /// A motion came to rest exactly on the snap point of `index`.
    case settled(index: Int)
    /// A pointer grabbed an animation at `index`; the drag that follows is a new motion.
    case interrupted(index: Int)
    /// Auto-scroll's countdown ran out on `index`: the content starts toward the next item (the
    /// frame's target) from the next step.
    case autoScrolled(index: Int)
}
