/// SwiftUI (iOS 17): a `ScrollView` of a lazy stack whose margins put a resting page where the
/// preview rests it, aligned to its items (`.viewAligned`) or paged (`.paging`, several items a
/// page), with iOS 18's `.alwaysByOne` where a flick moves one item, `.visualEffect` for the side
/// scale and a task for auto-scroll.
enum SwiftUISnippet {
    static func write(_ model: HandoverModel) -> HandoverSnippet {
        let c = model.configuration
        let n = CodeNumber.text
        let axis = model.isHorizontal ? "horizontal" : "vertical"
        let stack = model.isHorizontal ? "LazyHStack" : "LazyVStack"
        let (before, after) = model.isHorizontal ? ("leading", "trailing") : ("top", "bottom")
        let (width, height) =
            model.isHorizontal ? (model.itemLength, model.itemThickness) : (model.itemThickness, model.itemLength)
        var lines = model.header(for: .swiftUI).map { "// " + $0 } + ["", "import SwiftUI", ""]
        lines += [
            "/// The tuned carousel: `content` draws one item.",
            "struct TunedCarousel<Item: Identifiable, ItemView: View>: View {",
            "    let items: [Item]",
            "    @ViewBuilder let content: (Item) -> ItemView",
        ]
        if c.isAutoScrollEnabled { lines.append("    @State private var position: Item.ID?") }
        lines += ["", "    var body: some View {"]
        lines += behaviour(model).map { "        " + $0 }
        lines += ["    }", "", "    private var carousel: some View {", "        ScrollView(.\(axis)) {"]
        lines.append("            \(stack)(spacing: \(n(c.spacing))) {")
        lines.append("                ForEach(items) { item in")
        lines.append("                    content(item)")
        if c.itemsPerPage > 1 {
            let page = "count: \(c.itemsPerPage), span: 1, spacing: \(n(c.spacing))"
            lines.append("                        .containerRelativeFrame(.\(axis), \(page))")
            lines.append(
                "                        .frame(\(model.isHorizontal ? "height" : "width"): \(n(model.itemThickness)))"
            )
        } else {
            lines.append("                        .frame(width: \(n(width)), height: \(n(height)))")
        }
        if c.cornerRadius > 0 {
            lines.append("                        .clipShape(RoundedRectangle(cornerRadius: \(n(c.cornerRadius))))")
        }
        if c.sideScale != 1 { lines += sideScale(model).map { "                        " + $0 } }
        lines += ["                }", "            }", "            .scrollTargetLayout()", "        }"]
        lines.append("        .contentMargins(.\(before), \(n(model.leadingMargin)), for: .scrollContent)")
        lines.append("        .contentMargins(.\(after), \(n(model.trailingMargin)), for: .scrollContent)")
        lines.append("        .scrollIndicators(.hidden)")
        if c.isAutoScrollEnabled { lines.append("        .scrollPosition(id: $position)") }
        lines.append("        .frame(width: \(n(c.viewportWidth)), height: \(n(c.viewportHeight)))")
        if model.isRightToLeft { lines.append("        .environment(\\.layoutDirection, .rightToLeft)") }
        if c.isAutoScrollEnabled { lines += autoScroll(model).map { "        " + $0 } }
        lines.append("    }")
        if c.isAutoScrollEnabled {
            lines += [
                "",
                "    /// The item after the one at rest, the first after the last.",
                "    private func nextItem() -> Item.ID? {",
                "        guard !items.isEmpty else { return nil }",
                "        let index = items.firstIndex { $0.id == position } ?? 0",
                "        return items[(index + 1) % items.count].id",
                "    }",
            ]
        }
        lines.append("}")
        lines += imageFit(model)
        return model.snippet(.swiftUI, file: "TunedCarousel.swift", lines: lines)
    }

    /// How the preview fits an item's image, for the item views to use.
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

    /// How a release comes to rest: aligned to an item, a page at a time, or wherever it stops.
    private static func behaviour(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        guard model.isPaged else { return ["carousel"] }
        if c.itemsPerPage > 1 { return ["carousel.scrollTargetBehavior(.paging)"] }
        guard c.maxItemsPerFlick == 1 else { return ["carousel.scrollTargetBehavior(.viewAligned)"] }
        return [
            "if #available(iOS 18.0, *) {",
            "    carousel.scrollTargetBehavior(.viewAligned(limitBehavior: .alwaysByOne))",
            "} else {",
            "    carousel.scrollTargetBehavior(.viewAligned)",
            "}",
        ]
    }

    /// The preview's scale: 1 at the snap line, `sideScale` a pitch or more away.
    private static func sideScale(_ model: HandoverModel) -> [String] {
        let c = model.configuration
        let n = CodeNumber.text
        let edge = model.isHorizontal ? "minX" : "minY"
        return [
            ".visualEffect { content, proxy in",
            "    let distance = abs(proxy.frame(in: .scrollView).\(edge) - \(n(model.leadingMargin))) / \(n(c.pitch))",
            "    return content.scaleEffect(1 - (1 - \(n(c.sideScale))) * min(distance, 1))",
            "}",
        ]
    }

    private static func autoScroll(_ model: HandoverModel) -> [String] {
        [
            ".task {",
            "    while !Task.isCancelled {",
            "        try? await Task.sleep(for: .milliseconds(\(model.autoScrollMilliseconds)))",
            "        guard let next = nextItem() else { continue }",
            "        withAnimation { position = next }",
            "    }",
            "}",
        ]
    }
}
