/// Where an animation will rest: the item and the content offset of its snap point.
public struct MotionTarget: Equatable, Sendable {
    /// The item nearest the snap point once the motion ends.
    public var index: Int
    /// The content offset the motion ends on, on the same axis as `Frame.contentOffset`.
    public var contentOffset: Double

    /// Creates a target.
    public init(index: Int, contentOffset: Double) {
        self.index = index
        self.contentOffset = contentOffset
    }
}
