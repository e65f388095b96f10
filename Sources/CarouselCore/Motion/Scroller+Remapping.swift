/// A configuration change under a motion: the motion goes on in the new geometry with the new
/// physics, instead of jumping to rest. The engine says how its positions map (`Remapping`); the
/// scroller carries the drag or the spring over (`Scroller.reconfigure`).
extension Scroller {
    /// How the positions of the old geometry become positions of the new one. The identity when
    /// only the physics changed.
    struct Remapping {
        /// Maps a position (the content's, a drag's start, a caught target).
        let position: (Double) -> Double
        /// Where the animation's target item rests in the new geometry, from its old target.
        let target: (Double) -> Double
        /// New lengths per old length (the new pitch over the old one): a velocity in points per
        /// second keeps its speed in items per second.
        let scale: Double
        /// Whether the spring must be rebuilt: the geometry or the spring's frequency changed.
        let rebuildsSpring: Bool

        /// Nothing moves; the physics alone may have changed.
        static func identity(rebuildsSpring: Bool) -> Remapping {
            Remapping(position: { $0 }, target: { $0 }, scale: 1, rebuildsSpring: rebuildsSpring)
        }
    }
}
