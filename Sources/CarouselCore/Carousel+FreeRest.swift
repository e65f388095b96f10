/// A configure while free scroll rests between snap points. The content keeps its place relative
/// to the current item, in pitches (as a configure in motion keeps it), inside the new ends:
/// - still free scroll: it stays there, at rest;
/// - switched to snapping: it springs from there to the nearest snap point, so it never rests off
///   one and never jumps to one.
extension Carousel {
    /// How far the resting content is from the current item's rest position, in pitches; `nil`
    /// when it rests on a snap point (always, unless free scroll left it elsewhere).
    var freeRestFraction: Double? {
        guard scroller.motion == .resting, !snapLayout.isSnapPoint(scroller.position) else { return nil }
        return (scroller.position - track.restPosition(of: currentIndex)) / track.pitch
    }

    /// After `rest(at:)` put the content on the current item's rest position in the new geometry:
    /// moves it `fraction` of a pitch on from there, then springs to a snap point when snapping.
    mutating func keepFreeRest(_ fraction: Double) {
        var position = scroller.position + fraction * track.pitch
        if let bounds = snapLayout.bounds { position = min(max(position, bounds.lowerBound), bounds.upperBound) }
        guard position.isFinite, position != scroller.position else { return }
        _ = scroller.rest(at: position)
        followScroller()
        if configuration.scrollsFreely {
            // A loop at rest measures from its current item.
            rebase(by: steps)
        } else {
            animate(to: snapLayout.nearestSnapPoint(to: position), velocity: 0, isAutomatic: false)
        }
    }
}
