/// A configure while the feed moves: the motion goes on instead of jumping to rest, by the
/// carousel's rules (`Carousel+Reconfigure.swift`). Cards keep their own lengths whatever the
/// viewport, so here positions are re-measured in points from an anchor card's start: a spring's
/// target card (its start, end or inner stop maps to the same place in the new card) or, during a
/// drag, the card under the viewport's middle. The velocity is kept as it is.
extension CardFeed {
    /// Carries a drag or a spring over to `configuration`, which replaced `old` (never called at rest).
    mutating func carryMotion(from old: Configuration) {
        let wasAnimating = scroller.activePointerID == nil
        let oldLayout = layout
        let keepsGeometry =
            old.viewportMainLength == configuration.viewportMainLength && old.spacing == configuration.spacing
        let remapping: Scroller.Remapping
        if keepsGeometry {
            remapping = .identity(rebuildsSpring: old.springAngularFrequency != configuration.springAngularFrequency)
        } else {
            layout = CardLayout(
                items: items,
                viewport: configuration.viewportMainLength,
                spacing: configuration.spacing
            )
            layout.anchor(at: currentIndex)
            let newLayout = layout
            let stop: (Double) -> Double = { Self.stop($0, from: oldLayout, to: newLayout) }
            let oldAnchor: Double
            if case .animating = scroller.motion {
                oldAnchor = scroller.heading
            } else {
                oldAnchor = items.isEmpty ? 0 : oldLayout.restRange(of: currentIndex).lowerBound
            }
            let newAnchor = stop(oldAnchor)
            let oldBounds = snapLayout(of: oldLayout).bounds
            let newBounds = snapLayout(of: newLayout).bounds
            let position: (Double) -> Double = { old in
                let mapped = newAnchor + (old - oldAnchor)
                guard let oldBounds, let newBounds, oldBounds.contains(old) else { return mapped }
                return min(max(mapped, newBounds.lowerBound), newBounds.upperBound)
            }
            stopAnchor = stop(stopAnchor)
            remapping = Scroller.Remapping(position: position, target: stop, scale: 1, rebuildsSpring: true)
        }
        let outcome = scroller.reconfigure(remapping, layout: snapLayout, configuration: configuration)
        followScroller()
        if let pointer = scroller.activePointerID, !ReadingAxis.keepsCoordinates(from: old, to: configuration),
            let cancelled = scroller.cancel(pointerID: pointer, layout: snapLayout, configuration: configuration)
        {
            // The finger's coordinate was along the other axis, or read the other way: the drag cannot
            // follow it.
            finish(cancelled)
        } else if wasAnimating, let outcome {
            finish(outcome)
        }
    }

    /// Where the feed may rest on `layout`, counted from the stop anchor.
    private func snapLayout(of layout: CardLayout) -> CardStops {
        CardStops(layout: layout, anchor: stopAnchor, rubberBand: snapLayout.rubberBand)
    }

    /// The stop `stop` of `old` on `new`: the same card's start, end, or the same distance into it.
    private static func stop(_ stop: Double, from old: CardLayout, to new: CardLayout) -> Double {
        guard old.count > 0, new.count == old.count else { return stop }
        let card = old.card(at: max(0, stop))
        let oldRange = old.restRange(of: card)
        let newRange = new.restRange(of: card)
        if stop >= oldRange.upperBound, oldRange.upperBound > oldRange.lowerBound { return newRange.upperBound }
        return newRange.lowerBound + min(max(0, stop - oldRange.lowerBound), newRange.upperBound - newRange.lowerBound)
    }
}
