/// Where a uniform layout's resting page sits (`alignment`) and how many items a page holds
/// (`itemsPerPage`): the lengths the track, the slot ring and the frame all read.
extension Configuration {
    /// The length along the axis of the block a page aligns: `itemsPerPage` items and the gaps
    /// between them (one item's length when a page is one item).
    public var pageBlockLength: Double {
        itemsPerPage == 1 ? resolvedItemLength : Double(itemsPerPage) * pitch - spacing
    }

    /// The snap line: where the resting page's leading edge sits, in points from the viewport's
    /// leading edge. `start` puts it `inset` in; `end` puts the block's far edge `inset` from the
    /// viewport's end; `center` centres the block (the inset then only shapes the derived item
    /// length). Written as the inset plus a share of the room the block leaves between both insets,
    /// so with the derived item length and one item per page that room is exactly 0 and all three
    /// are exactly `inset`: every preset rests where it always did.
    public var snapLine: Double {
        switch alignment {
        case .start: return inset
        case .center: return inset + freeLength / 2
        case .end: return inset + freeLength
        }
    }

    /// The room a page's block leaves between both insets (negative when it is longer).
    var freeLength: Double { viewportMainLength - 2 * inset - pageBlockLength }

    /// How many items fit side by side between the insets (at least 1): the most `itemsPerPage`
    /// may be. n items need n lengths and n - 1 gaps, so n fit while n * pitch - spacing stays
    /// within `viewportMainLength - 2 * inset`.
    public var itemsThatFit: Int {
        let fitting = ((viewportMainLength - 2 * inset + spacing) / pitch).rounded(.down)
        guard fitting.isFinite else { return 1 }
        return Int(min(max(fitting, 1), Double(Int32.max)))
    }
}
