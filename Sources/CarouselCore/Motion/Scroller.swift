/// The gesture-and-motion core both engines share: a finger's drag and its velocity, the
/// release's choice of snap point, the spring that carries the content there, the rubber band past
/// the ends, and the end of every motion. It knows nothing of items or slots: a `SnapLayout` says
/// where the content may rest, and the engine turns positions into items, slots and events.
struct Scroller: Equatable, Sendable {
    /// How a motion ended, or that it goes on.
    enum Outcome: Equatable, Sendable {
        /// The content still moves.
        case moving
        /// The content came to rest exactly on a snap point: the motion's one end.
        case settled
    }

    /// Every release and command comes to rest within this, however far it goes and however fast
    /// it starts, so a carousel never drags on.
    static let settleBudget = 0.4
    /// The fastest release the finger's samples are believed for (pt/s); a faster estimate comes
    /// from timestamps too close together to mean anything.
    static let maximumReleaseVelocity = 100_000.0
    /// How far past its target, as a fraction of a page, a release moving away may carry the
    /// content before the spring turns it: a sixteenth keeps it a nudge, not a bounce.
    static let excursionFraction = 1.0 / 16

    // Set only by the scroller's own files (`Scroller+*.swift`); engines read them.
    /// Where the content is, in the layout's coordinate.
    var position = 0.0
    /// What moves the content.
    var motion = Motion.resting

    /// The pointer that owns the drag, if a finger is down.
    var activePointerID: Int? {
        guard case .dragging(let drag) = motion, !drag.isWheel else { return nil }
        return drag.pointerID
    }

    /// Where the content is heading: an animation's target, where a coast stops, or where it is.
    var heading: Double {
        switch motion {
        case .animating(let animation): animation.target
        case .coasting(let coasting): coasting.target
        case .resting, .dragging: position
        }
    }

    /// The content's velocity (pt/s) while it animates or coasts, so a retargeted motion keeps its speed.
    var velocity: Double {
        switch motion {
        case .animating(let animation): animation.spring.velocity(at: animation.elapsed)
        case .coasting(let coasting): coasting.coast.velocity(atStep: coasting.elapsedSteps)
        case .resting, .dragging: 0
        }
    }

    /// The content's velocity (pt/s) as a frame reports it: the spring's while it animates; while a
    /// finger drags, the velocity a release at its newest sample would start with.
    func reportedVelocity(layout: some SnapLayout) -> Double {
        switch motion {
        case .resting: return 0
        case .animating, .coasting: return velocity
        case .dragging(let drag):
            guard layout.isScrollable else { return 0 }
            return Self.releaseVelocity(fingerVelocity: drag.tracker.newestVelocity)
                * layout.resistance(at: drag.travel)
        }
    }

    /// The content's velocity for a finger's: the opposite (a finger moving left scrolls forward),
    /// within what a finger's samples are believed for.
    static func releaseVelocity(fingerVelocity: Double) -> Double {
        min(max(-fingerVelocity, -maximumReleaseVelocity), maximumReleaseVelocity)
    }

    /// Springs from where the content is to the snap point `target`, starting at `velocity`, and
    /// settles at once when there is nowhere to go.
    mutating func animate(
        to target: Double,
        velocity: Double,
        isAutomatic: Bool,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome {
        guard position != target || velocity != 0 else {
            motion = .resting
            return .settled
        }
        let spring = Spring(
            offset: position - target,
            velocity: velocity,
            angularFrequency: configuration.springAngularFrequency,
            maximumExcursion: layout.pageLength * Self.excursionFraction,
            restingWithin: Self.settleBudget
        )
        motion = .animating(Animation(spring: spring, target: target, isAutomatic: isAutomatic))
        return .moving
    }

    /// A spring to the snap point `target` that auto-scroll did not start (a release, a cancel, a
    /// coast's bounce), from where the content is at `velocity` (see `animate`).
    mutating func settle(
        to target: Double,
        velocity: Double,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome {
        animate(to: target, velocity: velocity, isAutomatic: false, layout: layout, configuration: configuration)
    }

    /// One fixed step of time; `nil` when nothing animates.
    mutating func step() -> Outcome? {
        if case .coasting(let coasting) = motion { return stepCoast(coasting) }
        guard case .animating(var animation) = motion else { return nil }
        animation.elapsedSteps += 1
        let state = animation.spring.state(at: animation.elapsed)
        if Spring.isAtRest(state) {
            position = animation.target
            motion = .resting
            return .settled
        }
        motion = .animating(animation)
        position = animation.target + state.offset
        return .moving
    }

    /// Puts the content at rest on `position` at once; returns whether a motion was going on.
    mutating func rest(at position: Double) -> Bool {
        let wasMoving = motion != .resting
        self.position = position
        motion = .resting
        return wasMoving
    }

    /// Carries the motion over a change of configuration.
    ///
    /// - A drag goes on under the same finger from the mapped position: the finger's next move
    ///   counts from where it is now, so the content never jumps under it.
    /// - A spring is rebuilt from the mapped position and the scaled velocity toward the mapped
    ///   target, with the new frequency; the velocity at the change is kept exactly, so the
    ///   content neither jumps nor jerks. It rests within the settle budget counted from the change.
    /// - At rest the content moves to the mapped position (the caller's rest position).
    ///
    /// Returns the outcome of a rebuilt spring (`settled` only when the content was already on
    /// its target and still), `moving` for a spring or drag that goes on, `nil` at rest.
    mutating func reconfigure(
        _ remapping: Remapping,
        layout: some SnapLayout,
        configuration: Configuration
    ) -> Outcome? {
        switch motion {
        case .resting:
            position = remapping.position(position)
            return nil
        case .dragging(let drag):
            let mapped = remapping.position(position)
            position = mapped
            motion = .dragging(
                Drag(
                    pointerID: drag.pointerID,
                    startPosition: mapped,
                    startTravel: layout.unresisted(mapped),
                    grabCoordinate: drag.coordinate,
                    coordinate: drag.coordinate,
                    caught: drag.caught.map {
                        Drag.Caught(target: remapping.target($0.target), direction: $0.direction)
                    },
                    tracker: drag.tracker,
                    wheelReach: drag.wheelReach.map { reach in
                        let ends = (remapping.position(reach.lowerBound), remapping.position(reach.upperBound))
                        return min(ends.0, ends.1, mapped)...max(ends.0, ends.1, mapped)
                    }
                )
            )
            return .moving
        case .coasting:
            // The coast starts afresh from the mapped position with the new physics (the rate, the
            // ends, or snapping itself: a coast under item snapping becomes a release's spring).
            let velocity = self.velocity * remapping.scale
            position = remapping.position(position)
            return releaseMotion(velocity: velocity, caught: nil, layout: layout, configuration: configuration)
        case .animating(let animation):
            guard remapping.rebuildsSpring else { return .moving }
            let velocity = self.velocity * remapping.scale
            position = remapping.position(position)
            return animate(
                to: remapping.target(animation.target),
                velocity: velocity,
                isAutomatic: animation.isAutomatic,
                layout: layout,
                configuration: configuration
            )
        }
    }

    /// Measures every position `delta` lower: a loop re-measures from a nearer item so its numbers
    /// stay bounded however many laps it turns. Nothing moves.
    mutating func shift(by delta: Double) {
        position -= delta
        switch motion {
        case .resting:
            break
        case .dragging(let drag):
            motion = .dragging(
                Drag(
                    pointerID: drag.pointerID,
                    startPosition: drag.startPosition - delta,
                    startTravel: drag.startTravel - delta,
                    grabCoordinate: drag.grabCoordinate,
                    coordinate: drag.coordinate,
                    caught: drag.caught.map { Drag.Caught(target: $0.target - delta, direction: $0.direction) },
                    tracker: drag.tracker,
                    wheelReach: drag.wheelReach.map { ($0.lowerBound - delta)...($0.upperBound - delta) }
                )
            )
        case .animating(let animation):
            motion = .animating(
                Animation(
                    spring: animation.spring,
                    target: animation.target - delta,
                    isAutomatic: animation.isAutomatic,
                    elapsedSteps: animation.elapsedSteps
                )
            )
        case .coasting(var coasting):
            coasting.coast.start -= delta
            coasting.bounce = coasting.bounce.map {
                Animation(spring: $0.spring, target: $0.target - delta, isAutomatic: false, elapsedSteps: 0)
            }
            motion = .coasting(coasting)
        }
    }
}
