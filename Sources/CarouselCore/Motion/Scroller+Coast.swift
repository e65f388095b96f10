/// Free scroll (`snapping: free`): a release coasts with `decelerationRate` and rests wherever it
/// stops, with no snap point. The ends of a finite strip still hold, as in UIScrollView:
/// - a finger drags into the rubber band as it does with snapping;
/// - a release past an end springs back onto that end (the same spring as a snapping release);
/// - a coast that would stop beyond an end runs on its curve until the first step that reaches the
///   end, then a spring takes over with the coast's velocity there: it carries the content a little
///   past the end (a sixteenth of a page in all, unless the step that reached the end was already
///   further past it) and back onto it.
///   The bounce is worked out when the coast starts, so each step is a closed form and the motion's
///   target (the frame's `target`) is known from the release on.
extension Scroller {
    /// Starts a free-scroll release at `velocity` (pt/s, toward later content) from where the
    /// content is. A release slower than `Coast.restSpeed` rests at once, in place.
    mutating func coast(velocity: Double, layout: some SnapLayout, configuration: Configuration) -> Outcome {
        if let bounds = layout.bounds, !bounds.contains(position) {
            let end = min(max(position, bounds.lowerBound), bounds.upperBound)
            return settle(to: end, velocity: velocity, layout: layout, configuration: configuration)
        }
        let coast = Coast(
            from: position,
            velocity: layout.isScrollable ? velocity : 0,
            rate: configuration.decelerationRate
        )
        guard coast.endStep > 0 else {
            motion = .resting
            return .settled
        }
        // The end ahead, and the step that reaches it; with none (a loop, or a coast that stops
        // first) the coast runs its whole curve.
        let end = layout.bounds.map { velocity > 0 ? $0.upperBound : $0.lowerBound }
        guard let end, let step = coast.firstStep(reaching: end) else {
            motion = .coasting(Coasting(coast: coast, endStep: coast.endStep))
            return .moving
        }
        // Already on the end and moving out: the bounce is all there is.
        guard step > 0 else {
            return settle(to: end, velocity: velocity, layout: layout, configuration: configuration)
        }
        let offset = coast.position(atStep: step) - end
        // The step that reached the end may already be past it: the spring's excursion counts from
        // there, so it gets what is left of the sixteenth (and a quarter of it at least, to turn).
        let excursion = layout.pageLength * Self.excursionFraction
        let spring = Spring(
            offset: offset,
            velocity: coast.velocity(atStep: step),
            angularFrequency: configuration.springAngularFrequency,
            maximumExcursion: max(excursion - abs(offset), excursion / 4),
            restingWithin: Self.settleBudget
        )
        let bounce = Animation(spring: spring, target: end, isAutomatic: false)
        motion = .coasting(Coasting(coast: coast, endStep: step, bounce: bounce))
        return .moving
    }

    /// One step of a coast: on along the curve; at its end step, at rest exactly on the curve's
    /// position there, or over to the bounce's spring.
    mutating func stepCoast(_ coasting: Coasting) -> Outcome {
        var coasting = coasting
        coasting.elapsedSteps += 1
        position = coasting.coast.position(atStep: coasting.elapsedSteps)
        guard coasting.elapsedSteps >= coasting.endStep else {
            motion = .coasting(coasting)
            return .moving
        }
        if let bounce = coasting.bounce {
            motion = .animating(bounce)
            return .moving
        }
        motion = .resting
        return .settled
    }
}
