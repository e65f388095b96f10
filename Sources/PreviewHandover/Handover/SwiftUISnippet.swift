/// SwiftUI, iOS 17 (`@available(iOS 17.0, *)`: scroll targets and content margins are iOS 17's, and
/// iOS 16 has no way to rest a scroll view on an item): a `ScrollView` of a lazy stack whose
/// margins put a resting page where the preview rests it (`NativeGeometry`), each page a scroll
/// target aligned to the leading margin (`.viewAligned`), with iOS 18's `.alwaysByOne` where a
/// flick moves one page, `.visualEffect` for the side scale and a task for auto-scroll. An item
/// as long as the viewport less both insets follows the container's width, as the preview's does.
enum SwiftUISnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let geometry = NativeGeometry(model)
        var lines =
            (model.header(for: .swiftUI) + geometry.layoutNotes(overshoot: geometry.overshootAfterItems)).map {
                "// " + $0
            } + [
                "// Written for SwiftUI on iOS 17 (scroll targets, content margins and visual effects are iOS 17's);",
                "// iOS 18's .alwaysByOne behind `if #available`.",
                "", "import SwiftUI", "",
            ]
        let id = c.itemsPerPage > 1 ? "Int" : "Item.ID"
        lines += [
            "/// The tuned carousel: `content` draws one item.",
            "@available(iOS 17.0, *)",
            "struct TunedCarousel<Item: Identifiable, ItemView: View>: View {",
            "    let items: [Item]",
            "    @ViewBuilder let content: (Item) -> ItemView",
        ]
        if c.isAutoScrollEnabled { lines.append("    @State private var position: \(id)?") }
        lines += ["", "    var body: some View {"]
        lines += behaviour(model).map { "        " + $0 }
        lines += ["    }", "", "    private var carousel: some View {"]
        lines += carousel(model, geometry).map { "        " + $0 }
        lines.append("    }")
        if c.itemsPerPage > 1 {
            lines += [
                "",
                "    /// The first item of each page of \(c.itemsPerPage): a page is one scroll target.",
                "    private var pageStarts: [Int] { Array(stride(from: 0, to: items.count, by: \(c.itemsPerPage))) }",
            ]
        }
        if c.isAutoScrollEnabled { lines += nextTarget(model) }
        lines.append("}")
        lines += imageFit(model)
        lines += items(model)
        return model.snippet(.swiftUI, file: "TunedCarousel.swift", lines: lines)
    }

    /// The scroll view: its stack, margins, size and direction.
    private static func carousel(_ model: HandoverModel, _ geometry: NativeGeometry) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let horizontal = model.isHorizontal
        let stack = horizontal ? "LazyHStack" : "LazyVStack"
        let (before, after) = horizontal ? ("leading", "trailing") : ("top", "bottom")
        let follows = geometry.followsViewport
        let length = follows ? "proxy.size.\(horizontal ? "width" : "height") - \(n(2 * c.inset))" : n(model.itemLength)
        let frame =
            horizontal
            ? "width: \(length), height: \(n(model.itemThickness))"
            : "width: \(n(model.itemThickness)), height: \(length)"
        var item = ["content(item)", "    .frame(\(frame))"]
        if c.cornerRadius > 0 { item.append("    .clipShape(RoundedRectangle(cornerRadius: \(n(c.cornerRadius))))") }
        if c.sideScale != 1 { item += sideScale(model, geometry).map { "    " + $0 } }
        var body: [String] = ["ScrollView(.\(horizontal ? "horizontal" : "vertical")) {"]
        body.append("    \(stack)(spacing: \(n(c.spacing))) {")
        if c.itemsPerPage > 1 {
            body += [
                "        ForEach(pageStarts, id: \\.self) { start in",
                "            \(horizontal ? "HStack" : "VStack")(spacing: \(n(c.spacing))) {",
                "                ForEach(items[start..<min(start + \(c.itemsPerPage), items.count)]) { item in",
            ]
            body += item.map { "                    " + $0 }
            body += ["                }", "            }", "        }"]
        } else {
            body.append("        ForEach(items) { item in")
            body += item.map { "            " + $0 }
            body.append("        }")
        }
        body += ["    }", "    .scrollTargetLayout()", "}"]
        let trailing = follows ? n(c.inset) : n(geometry.trailingMarginAfterItems)
        body.append(".contentMargins(.\(before), \(n(follows ? c.inset : geometry.snapLine)), for: .scrollContent)")
        body.append(".contentMargins(.\(after), \(trailing), for: .scrollContent)")
        body.append(".scrollIndicators(.hidden)")
        if c.isAutoScrollEnabled { body.append(".scrollPosition(id: $position)") }
        if model.isRightToLeft { body.append(".environment(\\.layoutDirection, .rightToLeft)") }
        if c.isAutoScrollEnabled { body += autoScroll(model) }
        let cross = horizontal ? "height: \(n(c.viewportHeight))" : "width: \(n(c.viewportWidth))"
        guard follows else {
            // Margins worked out for the preview's viewport: another length rests items elsewhere.
            return body + [".frame(width: \(n(c.viewportWidth)), height: \(n(c.viewportHeight)))"]
        }
        return ["GeometryReader { proxy in"] + body.map { "    " + $0 } + ["}", ".frame(\(cross))"]
    }

    /// How an item's image fits it, for the item views to use.
    private static func imageFit(_ model: HandoverModel) -> [String] {
        let (mode, words) =
            model.configuration.imageFit == .cover
            ? ("fill", "filling the item, cut at its edges") : ("fit", "whole inside the item")
        return [
            "",
            "/// An item's image as the preview fits it (imageFit \(model.configuration.imageFit.rawValue)): \(words).",
            "/// In `content`: `Image(\"banner\").tunedCarouselFit()`.",
            "extension Image {",
            "    func tunedCarouselFit() -> some View {",
            "        resizable().aspectRatio(contentMode: .\(mode))",
            "    }",
            "}",
        ]
    }

    /// How a release comes to rest: aligned to a page, one page a flick at most, or wherever it stops.
    private static func behaviour(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        guard model.isPaged else { return ["carousel"] }
        guard c.maxItemsPerFlick == 1 else { return ["carousel.scrollTargetBehavior(.viewAligned)"] }
        return [
            "if #available(iOS 18.0, *) {",
            "    carousel.scrollTargetBehavior(.viewAligned(limitBehavior: .alwaysByOne))",
            "} else {",
            "    carousel.scrollTargetBehavior(.viewAligned)",
            "}",
        ]
    }

    /// The preview's scale: 1 on the snap line, `sideScale` a pitch or more away. The resting
    /// item's left edge in the scroll view: the leading margin, or its mirror right to left.
    private static func sideScale(_ model: HandoverModel, _ geometry: NativeGeometry) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let edge = model.isHorizontal ? "minX" : "minY"
        let rest =
            geometry.followsViewport
            ? c.inset
            : model.isRightToLeft ? c.viewportWidth - geometry.snapLine - model.itemLength : geometry.snapLine
        return [
            ".visualEffect { content, proxy in",
            "    let distance = abs(proxy.frame(in: .scrollView).\(edge) - \(n(rest))) / \(n(c.pitch))",
            "    return content.scaleEffect(1 - (1 - \(n(c.sideScale))) * min(distance, 1))",
            "}",
        ]
    }

    private static func autoScroll(_ model: HandoverModel) -> [String] {
        [
            ".task {",
            "    while !Task.isCancelled {",
            "        try? await Task.sleep(for: .milliseconds(\(model.autoScrollMilliseconds)))",
            "        guard let next = nextTarget() else { continue }",
            "        withAnimation { position = next }",
            "    }",
            "}",
        ]
    }

    /// The scroll target after the one at rest, the first after the last.
    private static func nextTarget(_ model: HandoverModel) -> [String] {
        guard model.configuration.itemsPerPage == 1 else {
            return [
                "",
                "    /// The page after the one at rest, the first after the last.",
                "    private func nextTarget() -> Int? {",
                "        guard !pageStarts.isEmpty else { return nil }",
                "        let index = pageStarts.firstIndex { $0 == position } ?? 0",
                "        return pageStarts[(index + 1) % pageStarts.count]",
                "    }",
            ]
        }
        return [
            "",
            "    /// The item after the one at rest, the first after the last.",
            "    private func nextTarget() -> Item.ID? {",
            "        guard !items.isEmpty else { return nil }",
            "        let index = items.firstIndex { $0.id == position } ?? 0",
            "        return items[(index + 1) % items.count].id",
            "    }",
        ]
    }
}
