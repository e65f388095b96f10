/// A configure while the carousel moves: the motion goes on instead of jumping to rest.
///
/// - When the geometry stays (only physics or appearance changed: flick threshold, deceleration,
///   spring frequency, rubber band, side scale, items per flick, auto-scroll), nothing moves: a
///   drag stays under its finger, a spring goes on untouched, or is rebuilt from the content's
///   position and velocity with the new frequency when that changed.
/// - When the geometry changes (spacing, inset, item length, viewport, loop, items per page, a
///   strip's ends as alignment moves them), positions are re-measured in items around an *anchor*
///   item (a spring's target item, or the item under the snap line during a drag): the content keeps its distance from the anchor's snap point in
///   items (a fraction of a pitch stays that fraction of the new pitch), so the item under the
///   snap line stays under it by the same fraction, and a spring goes on toward where the new
///   geometry rests its target item (a finite strip's end may have moved: the spring covers the
///   difference, the content does not jump). The velocity keeps its speed in items per second.
///   Past a finite strip's end, too, the content keeps its place in items (the end itself may
///   move): a rubber band's spring-back springs to the new end from there. Only a loop that
///   becomes a finite strip clamps the content inside the new ends (a loop's spring may be a lap
///   away from its target, which would put the content far past an end).
/// - An axis switch during a drag cannot follow the finger (its coordinate was along the other
///   axis), nor can a flip of a horizontal carousel's reading direction (the finger's way forward
///   turns round): the drag is cancelled and springs to the nearest snap point, as a cancelled
///   touch. A direction flip otherwise moves nothing: positions count along the reading direction,
///   so the same item stays current and a spring goes on, mirrored on screen.
extension Carousel {
    /// Carries a drag or a spring over to `configuration`, which replaced `old` (never called at rest).
    mutating func carryMotion(from old: Configuration, shown: [String?]) {
        let previous = currentIndex
        let wasAnimating = scroller.activePointerID == nil
        let newTrack = Track(configuration: configuration, itemCount: items.count)
        let keepsGeometry =
            newTrack.pitch == track.pitch && newTrack.isLooping == track.isLooping
            && newTrack.firstSnapPoint == track.firstSnapPoint && newTrack.lastSnapPoint == track.lastSnapPoint
            && newTrack.groups == track.groups
        let rebuildsSpring = !keepsGeometry || old.springAngularFrequency != configuration.springAngularFrequency
        let remapping: Scroller.Remapping
        if keepsGeometry {
            track = newTrack
            remapping = .identity(rebuildsSpring: rebuildsSpring)
        } else {
            remapping = remeasure(onto: newTrack)
        }
        ring = SlotRing(configuration: configuration)
        let outcome = scroller.reconfigure(remapping, layout: snapLayout, configuration: configuration)
        let located = track.locate(displacement: scroller.position, from: origin)
        steps = located.steps
        offset = located.offset
        if currentIndex != previous { emit(.pageChanged(index: currentIndex, previous: previous)) }
        keepSlots(showing: shown)
        if let pointer = scroller.activePointerID, !ReadingAxis.keepsCoordinates(from: old, to: configuration),
            let cancelled = scroller.cancel(pointerID: pointer, layout: snapLayout, configuration: configuration)
        {
            finish(cancelled)
        } else if wasAnimating, let outcome {
            finish(outcome)
        }
    }

    /// Switches to `newTrack`, measuring from the anchor item, and says how old positions map.
    private mutating func remeasure(onto newTrack: Track) -> Scroller.Remapping {
        let oldTrack = track
        // The anchor: the spring's target item, or the item under the snap line.
        let anchorSteps: Int
        if scroller.motion.phase == .animating {
            anchorSteps = oldTrack.locate(displacement: scroller.heading, from: origin).steps
        } else {
            anchorSteps = steps
        }
        let anchor = oldTrack.index(from: origin, steps: anchorSteps)
        let oldAnchor = Double(anchorSteps) * oldTrack.pitch
        track = newTrack
        let newAnchor: Double
        if newTrack.isLooping {
            // Measured from the anchor, which keeps its place on the unwrapped axis.
            let unwrapped = unwrappedOrigin + Int64(anchorSteps)
            unwrappedOrigin = unwrapped + Int64(newTrack.steps(from: newTrack.wrapped(unwrapped), to: anchor))
            origin = anchor
            newAnchor = 0
        } else {
            unwrappedOrigin = 0
            origin = 0
            newAnchor = Double(anchor) * newTrack.pitch
        }
        let newLayout = snapLayout
        let scale = newTrack.pitch / oldTrack.pitch
        // Everything in items, past a finite strip's ends too: what is on the snap line stays. A
        // loop has no ends, so a spring there may be a lap from its target: a loop that becomes a
        // finite strip puts the content inside the strip's ends.
        let bounds = oldTrack.isLooping ? newLayout.bounds : nil
        let position: (Double) -> Double = { old in
            let mapped = newAnchor + (old - oldAnchor) * scale
            guard let bounds else { return mapped }
            return min(max(mapped, bounds.lowerBound), bounds.upperBound)
        }
        return Scroller.Remapping(
            position: position,
            target: { newLayout.nearestSnapPoint(to: position($0)) },
            scale: scale,
            rebuildsSpring: true
        )
    }
}
