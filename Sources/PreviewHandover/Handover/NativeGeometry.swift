import CarouselCore

/// Where the native frameworks' scroll containers put the items, worked out so each rests where the
/// engine rests them. A SwiftUI `ScrollView`, a UIKit orthogonal section and a Compose pager rest
/// between offset 0 and their content's end less the viewport, aligning a block's leading edge to
/// the leading margin; so the leading margin is the snap line and the margin after the items is
/// what makes the last rest the engine's (a strip aligned to its start stops with its last item
/// `inset` from the end, a centred one rests its last page centred). The engine's first and last
/// rests are read from its own frames, not worked out again. Flutter's `PageView` has no margins:
/// its pages are a page of items and its gap wide, and padEnds rests each page mid-viewport, so a
/// shift inside each page puts the items on the snap line.
struct NativeGeometry {
    let configuration: Configuration
    let itemCount: Int
    /// How far the content has moved from item 0 on the snap line at the engine's first and last
    /// rests: 0 and the last page's start, unless the strip's ends stop it sooner (or later).
    let firstRest: Double
    let lastRest: Double

    init(_ model: HandoverModel) {
        configuration = model.configuration
        itemCount = model.itemCount
        let untrimmed = Double(Self.lastPageStart(itemCount, size: configuration.itemsPerPage)) * configuration.pitch
        let rests = Self.engineRests(configuration, itemCount: itemCount)
        firstRest = rests?.first ?? 0
        lastRest = rests?.last ?? untrimmed
    }

    var pitch: Double { configuration.pitch }
    var spacing: Double { configuration.spacing }
    var viewport: Double { configuration.viewportMainLength }
    var snapLine: Double { configuration.snapLine }
    var itemLength: Double { configuration.resolvedItemLength }
    var pageLength: Double { configuration.pageBlockLength }
    var itemsPerPage: Int { configuration.itemsPerPage }
    /// Whether the item's length is the viewport's less both insets, which a framework can say in
    /// its own terms (a fraction of the container), so it follows a device of another width.
    var followsViewport: Bool { configuration.itemLength == nil }
    /// The pages the items make, the last one perhaps not full.
    var pageCount: Int { (itemCount + itemsPerPage - 1) / itemsPerPage }

    /// The first item of the last page.
    static func lastPageStart(_ itemCount: Int, size: Int) -> Int {
        itemCount > 0 ? (itemCount - 1) / size * size : 0
    }

    // MARK: Margins of a scroll container of items or of pages

    /// The margin after the items of a container holding the items one by one with the gap between
    /// them (SwiftUI's stack, Compose's lazy row): its last rest is the engine's.
    var trailingMarginAfterItems: Double {
        trailingMargin(contentLength: Double(max(itemCount, 1) - 1) * pitch + itemLength)
    }

    /// The margin after the pages of a container holding whole pages (UIKit's groups, Compose's
    /// pages): the last page is a whole page long however many items it holds.
    var trailingMarginAfterPages: Double {
        trailingMargin(contentLength: Double(max(pageCount, 1) - 1) * Double(itemsPerPage) * pitch + pageLength)
    }

    /// What the container needs after content of `contentLength` so its end rest is the engine's
    /// last: content + margins - viewport = lastRest. A margin cannot be negative; the difference
    /// left over is `shortfall(contentLength:)`.
    private func trailingMargin(contentLength: Double) -> Double {
        guard itemCount > 0 else { return viewport - snapLine - pageLength }
        return max(0, viewport + lastRest - snapLine - contentLength)
    }

    /// How far past the engine's last rest a container of the SwiftUI / Compose-row kind comes to
    /// rest when the margin it would need is negative (an item longer than the viewport allows).
    var overshootAfterItems: Double {
        guard itemCount > 0 else { return 0 }
        let needed = viewport + lastRest - snapLine - (Double(itemCount - 1) * pitch + itemLength)
        return max(0, -needed)
    }

    /// The same for a container of whole pages.
    var overshootAfterPages: Double {
        guard itemCount > 0 else { return 0 }
        let needed =
            viewport + lastRest - snapLine - (Double(pageCount - 1) * Double(itemsPerPage) * pitch + pageLength)
        return max(0, -needed)
    }

    // MARK: Flutter's PageView

    /// A page: its items, their gaps and the gap after it.
    var flutterPageExtent: Double { Double(itemsPerPage) * pitch }
    /// Where padEnds rests a page: centred, (viewport - page) / 2 from the leading edge.
    var flutterPadding: Double { (viewport - flutterPageExtent) / 2 }
    /// How far inside its page the first item sits so a resting page's items start on the snap line.
    var flutterShift: Double { snapLine - flutterPadding }
    /// Whether the shift stays inside the page (within the gap before the next page's items).
    var flutterShiftFitsGap: Bool { flutterShift >= 0 && flutterShift <= spacing }
    /// How much further than the engine's last rest PageView's last page goes: padEnds rests the last
    /// page at the snap line like every other, where the engine stops a strip aligned to its start
    /// with its last item at the inset.
    var flutterOvershootAtEnd: Double {
        max(0, Double(Self.lastPageStart(itemCount, size: itemsPerPage)) * pitch - lastRest)
    }

    // MARK: What a file says where its framework rests items elsewhere

    /// The `Layout:` comment lines of a file whose framework rests the last page `overshoot` past
    /// the engine's last rest, each naming the difference in points (`NativeLayoutTests` checks the
    /// number against the framework's rules).
    func layoutNotes(overshoot: Double) -> [String] {
        let n = CodeNumber.text
        var notes: [String] = []
        if firstRest > 0.25 {
            notes.append(
                "Layout: \(n(rounded(firstRest))) pt: aligned to the end, the first pages rest on the snap line,"
                    + " where the preview rests its first item at the inset"
            )
        }
        if overshoot > 0.25 {
            notes.append(
                "Layout: \(n(rounded(overshoot))) pt: the last page rests further than the preview's last rest,"
                    + " which stops with the last item at the end inset"
            )
        }
        return notes
    }

    /// A difference to a hundredth of a point.
    private func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    // MARK: The engine's own rests

    /// The engine's first and last rests of these items; `nil` for the card feed (its own engine)
    /// and for no items.
    private static func engineRests(_ configuration: Configuration, itemCount: Int) -> (first: Double, last: Double)? {
        // A loop has no ends: every page rests on the snap line.
        guard configuration.layout == .uniform, itemCount > 0, !configuration.isLooping || itemCount < 2 else {
            return nil
        }
        let items = (0..<itemCount).map { CarouselItem(id: "item \($0)") }
        guard var carousel = try? Carousel(configuration: configuration, items: items),
            let first = leadingEdge(of: 0, in: carousel.takeFrame(), configuration)
        else { return nil }
        let last = itemCount - 1
        guard (try? carousel.handle(.command(.go(to: last, animated: false)))) != nil,
            let end = leadingEdge(of: last, in: carousel.takeFrame(), configuration)
        else { return nil }
        return (configuration.snapLine - first, configuration.snapLine + Double(last) * configuration.pitch - end)
    }

    /// An item's leading edge along the reading direction, from the viewport's leading edge.
    static func leadingEdge(of index: Int, in frame: Frame, _ configuration: Configuration) -> Double? {
        guard let slot = frame.slots.first(where: { $0.itemIndex == index }) else { return nil }
        guard configuration.axis == .horizontal else { return slot.y }
        return configuration.layoutDirection == .rtl ? configuration.viewportWidth - slot.x - slot.width : slot.x
    }
}
