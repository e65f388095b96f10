/// The item lengths a uniform layout's geometry accepts with every other value kept: what a panel
/// offers for the item's length along the axis, so it never offers one the validation refuses.
extension Configuration {
    /// The whole-point item lengths this configuration accepts with its viewport, insets, spacing,
    /// alignment, loop and items per page unchanged: from the shortest whose slot ring stays within
    /// `maximumSlotCount` to the longest that still puts `itemsPerPage` items side by side between
    /// the insets (any length up to `maximumLength` when a page is one item). Nil when no length
    /// fits (a geometry another rule already refuses). The card feed's items take their own lengths,
    /// so every length in `Rules.length` is accepted there.
    public var itemLengthRange: ValueRange? {
        guard layout == .uniform else { return Rules.length }
        let longest = longestItemLength
        guard longest >= Self.minimumItemLength, accepts(itemLength: longest) else { return nil }
        // Shorter items need more slots, so the accepted lengths end where the ring outgrows its
        // bound: a bisection over whole points finds the first that fits.
        var refused = Self.minimumItemLength - 1
        var accepted = longest
        while accepted - refused > 1 {
            let middle = ((refused + accepted) / 2).rounded(.down)
            if accepts(itemLength: middle) { accepted = middle } else { refused = middle }
        }
        return ValueRange(accepted, longest)
    }

    /// The longest whole-point item length that keeps `itemsPerPage` items between the insets:
    /// n items take n lengths and n - 1 gaps.
    private var longestItemLength: Double {
        guard itemsPerPage > 1 else { return Self.maximumLength }
        let room = viewportMainLength - 2 * inset - Double(itemsPerPage - 1) * spacing
        let longest = min((room / Double(itemsPerPage)).rounded(.down), Self.maximumLength)
        // The division may land a hair past what `itemsThatFit` counts: then one point less fits.
        return accepts(itemLength: longest) ? longest : longest - 1
    }

    private func accepts(itemLength length: Double) -> Bool {
        var candidate = self
        candidate.itemLength = length
        return (try? candidate.validate()) != nil
    }
}
