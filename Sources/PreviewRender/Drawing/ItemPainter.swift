import CarouselCore
import PreviewProtocol
import PreviewWire

/// Draws one item in its slot as the page's style sheet draws it (public/style.css, `.slot` and the
/// `data-template` rules): a banner (the image filling the item, the caption over a shade at its
/// foot), a product tile (a square image, then the title, subtitle and price on white) or a text
/// card (the words centred on a colour); a badge at the top start corner; corners rounded by the
/// look's radius. Lengths are the page's CSS pixels, which are points.
struct ItemPainter {
    let canvas: Canvas
    let shelf: ImageShelf
    let look: ItemLook

    /// A slot's background where no image covers it (the page's `.slot`).
    static let slotBackground = Color(hex: 0xDEE2E6)
    static let ink = Color(hex: 0x1D2330)
    static let muted = Color(hex: 0x6B7385)
    static let accentText = Color(hex: 0x3B5BDB)
    static let badgeBackground = Color(hex: 0xC92A2A)
    static let white = Color(hex: 0xFFFFFF)

    /// One line of a caption: its text, how it is set, and the CSS margin above it.
    private struct Line {
        let text: String
        let style: TextStyle
        let marginTop: Double
    }

    /// Draws `item` in `rect`, the slot as the page sizes it (shrunk across the axis when it is off
    /// the snap point); `slotWidth` and `slotHeight` are its unshrunk size, which its image is decoded
    /// at, so a shrinking slot does not decode its image again every picture.
    func paint(_ item: CatalogItem, in rect: Rect, slotWidth: Double, slotHeight: Double) {
        canvas.clipped(to: rect, radius: look.cornerRadius) {
            switch look.template {
            case .banner: paintBanner(item, in: rect, slotWidth: slotWidth, slotHeight: slotHeight)
            case .product: paintProduct(item, in: rect, slotWidth: slotWidth, slotHeight: slotHeight)
            case .text: paintTextCard(item, in: rect)
            }
            paintBadge(item.badge, in: rect)
        }
    }

    private func paintBanner(_ item: CatalogItem, in rect: Rect, slotWidth: Double, slotHeight: Double) {
        paintImage(item, in: rect, decodedAs: (slotWidth, slotHeight))
        let lines = [
            Self.titleOnColour(item),
            Line(text: item.subtitle, style: TextStyle(size: 13, color: Self.white.withAlpha(0.9)), marginTop: 2),
            Self.priceOnColour(item),
        ]
        let width = rect.width - 36
        let height = captionHeight(lines, width: width)
        guard height > 0 else { return }
        // The caption's box: 16 above its words and 14 below, its shade from clear to 55 % black.
        let box = Rect(x: rect.x, y: rect.y + rect.height - height - 30, width: rect.width, height: height + 30)
        canvas.fillGradient(
            box,
            from: Color(hex: 0x000000, alpha: 0),
            at: Point(x: box.x, y: box.y),
            to: Color(hex: 0x000000, alpha: 0.55),
            at: Point(x: box.x, y: box.y + box.height)
        )
        paintCaption(lines, x: rect.x + 18, top: box.y + 16, width: width)
    }

    private func paintProduct(_ item: CatalogItem, in rect: Rect, slotWidth: Double, slotHeight: Double) {
        canvas.fill(rect, Self.white)
        let lines = [
            Line(
                text: item.title,
                style: TextStyle(size: 14, isBold: true, color: Self.ink, lineHeight: 1.2),
                marginTop: 0
            ),
            Line(text: item.subtitle, style: TextStyle(size: 12, color: Self.muted), marginTop: 2),
            Line(text: item.price, style: TextStyle(size: 14, isBold: true, color: Self.accentText), marginTop: 4),
        ]
        let width = rect.width - 20
        let words = captionHeight(lines, width: width)
        // The caption keeps its height (8 above, 10 below its words); the square image gives way.
        let caption = words > 0 ? words + 18 : 0
        let image = Rect(
            x: rect.x,
            y: rect.y,
            width: rect.width,
            height: min(rect.width, max(0, rect.height - caption))
        )
        let decoded = (slotWidth, min(slotWidth, max(1, slotHeight - caption)))
        paintImage(item, in: image, decodedAs: decoded)
        if words > 0 { paintCaption(lines, x: rect.x + 10, top: image.y + image.height + 8, width: width) }
    }

    /// The title in white over a picture or a gradient (the banner's and the text card's, as style.css has them).
    private static func titleOnColour(_ item: CatalogItem) -> Line {
        Line(text: item.title, style: TextStyle(size: 20, isBold: true, color: white, lineHeight: 1.2), marginTop: 0)
    }

    /// The price in white below the subtitle, as the title's.
    private static func priceOnColour(_ item: CatalogItem) -> Line {
        Line(text: item.price, style: TextStyle(size: 15, isBold: true, color: white), marginTop: 4)
    }

    private func paintTextCard(_ item: CatalogItem, in rect: Rect) {
        // CSS's 135deg: from the top left corner's side to the bottom right's, through the centre.
        let reach = (rect.width + rect.height) / 4
        let centre = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
        canvas.fillGradient(
            rect,
            from: Color(hex: 0x364FC7),
            at: Point(x: centre.x - reach, y: centre.y - reach),
            to: Color(hex: 0x5F3DC4),
            at: Point(x: centre.x + reach, y: centre.y + reach)
        )
        let lines = [
            Self.titleOnColour(item),
            Line(
                text: item.subtitle,
                style: TextStyle(size: 15, color: Self.white.withAlpha(0.9), maximumLines: 3),
                marginTop: 2
            ),
            Self.priceOnColour(item),
        ]
        let width = rect.width - 40
        let height = captionHeight(lines, width: width)
        guard height > 0 else { return }
        paintCaption(lines, x: rect.x + 20, top: rect.y + (rect.height - height) / 2, width: width)
    }

    /// The item's image as the look fits it in `box`, decoded for `decodedAs` points; the item's own
    /// colour where it has none the render can draw (a JPEG, a missing file, past the limits).
    private func paintImage(_ item: CatalogItem, in box: Rect, decodedAs size: (Double, Double)) {
        guard box.width > 0, box.height > 0 else { return }
        let pixels = FilmPainter.decodedSize(slotWidth: size.0, slotHeight: size.1, on: canvas)
        if let picture = shelf.picture(item.image, width: pixels.width, height: pixels.height, fit: look.imageFit) {
            if look.imageFit == .contain, look.template == .banner { canvas.fill(box, Self.slotBackground) }
            canvas.draw(picture, in: box, fit: look.imageFit)
        } else {
            canvas.fill(box, Color.standing(for: item.id))
        }
    }

    /// The badge at the top start corner: 10 in, a pill of white words on red, no wider than the item.
    private func paintBadge(_ badge: String, in rect: Rect) {
        let style = TextStyle(size: 11, isBold: true, color: Self.white, isRightToLeft: look.isRightToLeft)
        // Its words' column: 8 inside the pill, which keeps 10 from either side of the item.
        let column = rect.width - 36
        let width = canvas.textWidth(badge, width: column, style: style)
        guard width > 0 else { return }
        let height = canvas.textHeight(badge, width: column, style: style) + 4
        let pill = look.isRightToLeft ? rect.x + rect.width - 10 - width - 16 : rect.x + 10
        canvas.fill(Rect(x: pill, y: rect.y + 10, width: width + 16, height: height), radius: 10, Self.badgeBackground)
        // The words start at the column's start edge: its left in LTR, its right in RTL.
        let columnX = look.isRightToLeft ? rect.x + rect.width - 18 - column : rect.x + 18
        canvas.text(badge, at: Point(x: columnX, y: rect.y + 12), width: column, style: style)
    }

    /// The height of a caption's lines with their margins; a line with no words takes none.
    private func captionHeight(_ lines: [Line], width: Double) -> Double {
        var height = 0.0
        for line in lines where !line.text.isEmpty {
            let lineHeight = canvas.textHeight(line.text, width: width, style: directed(line.style))
            if lineHeight > 0 { height += (height > 0 ? line.marginTop : 0) + lineHeight }
        }
        return height
    }

    private func paintCaption(_ lines: [Line], x: Double, top: Double, width: Double) {
        var y = top
        for line in lines where !line.text.isEmpty {
            let style = directed(line.style)
            if y > top { y += line.marginTop }
            y += canvas.text(line.text, at: Point(x: x, y: y), width: width, style: style)
        }
    }

    /// A caption's style in the carousel's reading direction.
    private func directed(_ style: TextStyle) -> TextStyle {
        var directed = style
        directed.isRightToLeft = look.isRightToLeft
        return directed
    }
}
