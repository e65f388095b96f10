import CarouselCore
import Foundation
import PreviewHandover

@testable import PreviewProtocol

/// Where each native framework puts item `index` at rest on the page holding item `resting`, worked
/// out from that framework's documented layout rules for the parameters read out of the file it
/// was handed (never from the writer's own sums): leading edges along the reading direction, from
/// the viewport's leading edge, and lengths along the axis.
///
/// The rules, each a scroll container resting between offset 0 and its content's end less the
/// viewport:
/// - SwiftUI: a lazy stack of blocks `spacing` apart between the `contentMargins`; `.viewAligned`
///   rests a scroll target's leading edge on the leading margin. A block is an item, or a page's
///   stack of items.
/// - UIKit: groups of `count` equal items (`interItemSpacing` apart) inside the section's
///   `contentInsets`, `interGroupSpacing` apart; `.groupPaging` rests a group's leading edge on the
///   leading inset. A `fractionalWidth(1)` group is the section's width less its insets.
/// - Compose: pages of `PageSize.Fixed` `pageSpacing` apart inside `contentPadding`; the largest
///   offset is pages × (size + spacing) - spacing + both paddings - viewport (foundation 1.7's
///   `calculateNewMaxScrollOffset`, `SnapPosition.Start`), a page resting at the start padding. A
///   lazy row's items rest the same way (`scrollToItem`).
/// - Flutter: pages of `viewportFraction` × viewport; `padEnds` pads both ends by half of what a
///   page leaves of the viewport, so page j rests at offset j × page, padding + j × page from the
///   leading edge; the offset runs from 0 to pages × page + both paddings - viewport.
struct NativeLayout {
    /// An item's leading edge and length along the axis.
    struct Placement {
        let leading: Double
        let length: Double
    }

    let viewport: Double
    /// Before the first block and after the last one.
    let leadingMargin: Double
    let trailingMargin: Double
    /// The blocks a rest aligns (items, pages or groups), each `blockLength` long (`lastBlockLength`
    /// for the last), `blockGap` apart, with `perBlock` items `itemLength` long, `itemGap` apart.
    let perBlock: Int
    let blockLength: Double
    let lastBlockLength: Double
    let blockGap: Double
    let itemLength: Double
    let itemGap: Double
    /// Where a block rests, from the viewport's leading edge, less the leading margin: 0 but for
    /// Flutter's shift inside each page.
    let shift: Double

    func placement(of index: Int, restingOn resting: Int, itemCount: Int) -> Placement {
        let blocks = (itemCount + perBlock - 1) / perBlock
        let content = Double(blocks - 1) * (blockLength + blockGap) + lastBlockLength
        let maximum = max(0, leadingMargin + content + trailingMargin - viewport)
        let offset = min(max(Double(resting / perBlock) * (blockLength + blockGap), 0), maximum)
        let block = Double(index / perBlock) * (blockLength + blockGap)
        let inBlock = Double(index % perBlock) * (itemLength + itemGap)
        return Placement(leading: leadingMargin + shift + block + inBlock - offset, length: itemLength)
    }
}

/// Reading a file's parameters back out of its code.
enum EmittedCode {
    /// The number right after the first `label` at or after `from` in `code`.
    static func number(after label: String, in code: String, from: String? = nil) -> Double? {
        // Past the header, whose notes name the options too.
        var rest = Substring(code)
        while rest.hasPrefix("//"), let end = rest.firstIndex(of: "\n") { rest = rest[rest.index(after: end)...] }
        if let from, let start = rest.range(of: from) { rest = rest[start.lowerBound...] }
        guard let range = rest.range(of: label) else { return nil }
        var digits = rest[range.upperBound...].prefix { "0123456789.e-+".contains($0) }
        // Kotlin's `36.5.dp`: the dot before the unit is not the number's.
        while digits.hasSuffix(".") { digits = digits.dropLast() }
        return Double(digits)
    }

    static func swiftUI(_ code: String, _ c: Configuration, itemCount: Int) -> NativeLayout? {
        let horizontal = c.axis == .horizontal
        let (before, after) = horizontal ? ("leading", "trailing") : ("top", "bottom")
        guard let leading = number(after: "contentMargins(.\(before), ", in: code),
            let trailing = number(after: "contentMargins(.\(after), ", in: code),
            let spacing = number(after: "Stack(spacing: ", in: code)
        else { return nil }
        let length: Double?
        if let less = number(after: "proxy.size.\(horizontal ? "width" : "height") - ", in: code) {
            length = c.viewportMainLength - less  // the container is the preview's viewport
        } else {
            length = number(after: horizontal ? ".frame(width: " : "height: ", in: code, from: "content(item)")
        }
        guard let length else { return nil }
        let perPage = Int(number(after: "stride(from: 0, to: items.count, by: ", in: code) ?? 1)
        let last = (itemCount - 1) % perPage + 1
        return NativeLayout(
            viewport: c.viewportMainLength,
            leadingMargin: leading,
            trailingMargin: trailing,
            perBlock: perPage,
            blockLength: Double(perPage) * (length + spacing) - spacing,
            lastBlockLength: Double(last) * (length + spacing) - spacing,
            blockGap: spacing,
            itemLength: length,
            itemGap: spacing,
            shift: 0
        )
    }

    static func uiKit(_ code: String, _ c: Configuration) -> NativeLayout? {
        let horizontal = c.axis == .horizontal
        let insets = horizontal ? ("leading: ", "trailing: ") : ("top: ", "bottom: ")
        let at = "NSDirectionalEdgeInsets("
        guard let leading = number(after: insets.0, in: code, from: at),
            let trailing = number(after: insets.1, in: code, from: at),
            let count = number(after: "count: ", in: code),
            let itemGap = number(after: "interItemSpacing = .fixed(", in: code),
            let groupGap = number(after: "interGroupSpacing = ", in: code)
        else { return nil }
        let along = horizontal ? "widthDimension: " : "heightDimension: "
        let fraction = horizontal ? ".fractionalWidth(" : ".fractionalHeight("
        let inside = c.viewportMainLength - leading - trailing
        // The group's size along the axis: an absolute length, or a fraction of the section's width.
        func dimension(from: String, of container: Double) -> Double? {
            if let absolute = number(after: along + ".absolute(", in: code, from: from) { return absolute }
            return number(after: along + fraction, in: code, from: from).map { $0 * container }
        }
        guard let group = dimension(from: "let group =", of: inside) else { return nil }
        let perGroup = Int(count)
        // A group of `count` repeated items shares its length equally among them.
        let item = (group - Double(perGroup - 1) * itemGap) / Double(perGroup)
        return NativeLayout(
            viewport: c.viewportMainLength,
            leadingMargin: leading,
            trailingMargin: trailing,
            perBlock: perGroup,
            blockLength: group,
            lastBlockLength: group,
            blockGap: groupGap,
            itemLength: item,
            itemGap: itemGap,
            shift: 0
        )
    }

    static func compose(_ code: String, _ c: Configuration, itemCount: Int) -> NativeLayout? {
        let horizontal = c.axis == .horizontal
        let (before, after) = horizontal ? ("start = ", "end = ") : ("top = ", "bottom = ")
        let at = "contentPadding = PaddingValues("
        guard let leading = number(after: before, in: code, from: at),
            let trailing = number(after: after, in: code, from: at),
            let viewport = number(after: horizontal ? "size(width = " : "height = ", in: code, from: "modifier.size(")
        else { return nil }
        let itemLength = number(after: horizontal ? "width = " : "height = ", in: code, from: "Box(Modifier.size(")
        if let page = number(after: "PageSize.Fixed(", in: code), let gap = number(after: "pageSpacing = ", in: code) {
            let perPage = Int(number(after: "for (slot in 0 until ", in: code) ?? 1)
            let itemGap = perPage > 1 ? number(after: "Arrangement.spacedBy(", in: code) ?? 0 : 0
            let item = perPage > 1 ? itemLength ?? 0 : page
            return NativeLayout(
                viewport: viewport,
                leadingMargin: leading,
                trailingMargin: trailing,
                perBlock: perPage,
                blockLength: page,
                lastBlockLength: page,
                blockGap: gap,
                itemLength: item,
                itemGap: itemGap,
                shift: 0
            )
        }
        guard let gap = number(after: "Arrangement.spacedBy(", in: code), let itemLength else { return nil }
        return NativeLayout(
            viewport: viewport,
            leadingMargin: leading,
            trailingMargin: trailing,
            perBlock: 1,
            blockLength: itemLength,
            lastBlockLength: itemLength,
            blockGap: gap,
            itemLength: itemLength,
            itemGap: gap,
            shift: 0
        )
    }

    static func flutter(_ code: String, _ c: Configuration) -> NativeLayout? {
        let horizontal = c.axis == .horizontal
        guard let fraction = number(after: "viewportFraction: ", in: code),
            let viewport = number(after: horizontal ? "        width: " : "        height: ", in: code)
        else { return nil }
        let page = fraction * viewport
        let padding = code.contains("padEnds: true") ? (viewport - page) / 2 : 0
        let perPage = Int(number(after: "slot < ", in: code) ?? 1)
        // The item's box: the one sized both ways (a gap's box is sized along the axis alone).
        let thickness = CodeNumber.text(c.resolvedItemThickness)
        let item =
            horizontal
            ? code.range(of: ", height: \(thickness), child: _item").flatMap { end in
                code[..<end.lowerBound].range(of: "SizedBox(width: ", options: .backwards).flatMap {
                    Double(code[$0.upperBound..<end.lowerBound])
                }
            }
            : number(after: "SizedBox(width: \(thickness), height: ", in: code, from: "Widget _page")
        guard let item else { return nil }
        let gap =
            perPage > 1
            ? number(after: horizontal ? "SizedBox(width: " : "SizedBox(height: ", in: code, from: "if (slot > 0)") ?? 0
            : 0
        let shift: Double
        if let start = number(after: horizontal ? "only(start: " : "only(top: ", in: code) {
            shift = start
        } else if let moved = number(
            after: horizontal ? "Offset(" : "Offset(0, ",
            in: code,
            from: "Transform.translate("
        ) {
            shift = c.layoutDirection == .rtl && horizontal ? -moved : moved
        } else {
            shift = 0
        }
        return NativeLayout(
            viewport: viewport,
            leadingMargin: padding,
            trailingMargin: padding,
            perBlock: perPage,
            blockLength: page,
            lastBlockLength: page,
            blockGap: 0,
            itemLength: item,
            itemGap: gap,
            shift: shift
        )
    }
}
