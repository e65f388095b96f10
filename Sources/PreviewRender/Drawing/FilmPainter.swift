import CarouselCore
import PreviewProtocol

/// Draws one picture of a film as the page shows the carousel: each slot's item in the session's
/// template, image fit and corners (`ItemPainter`); the recorded fingers as ghosts; the time since
/// the recording's start in a corner.
struct FilmPainter {
    let canvas: Canvas
    let shelf: ImageShelf

    static let background = Color(hex: 0xF1F3F5)
    /// A slot larger than this (in points) is not drawn: no layout makes one, and cairo's fixed
    /// point coordinates would overflow.
    static let largestSide = 100_000.0

    func paint(_ frame: FilmFrame) {
        canvas.clear(Self.background)
        let viewport = Rect(x: 0, y: 0, width: frame.viewportWidth, height: frame.viewportHeight)
        // The centred (largest) slot last, over its shrunken neighbours.
        for slot in frame.slots.enumerated().sorted(by: {
            ($0.element.scale, $0.offset) < ($1.element.scale, $1.offset)
        }) {
            paint(slot.element, in: viewport, look: frame.look)
        }
        for finger in frame.fingers where finger.x.isFinite && finger.y.isFinite {
            let near = Rect(x: finger.x - 40, y: finger.y - 40, width: 80, height: 80)
            guard near.intersects(viewport) else { continue }
            let strength = finger.isLifted ? 0.45 : 1
            canvas.circle(
                x: finger.x,
                y: finger.y,
                radius: 22,
                fill: Color(hex: 0xFFFFFF, alpha: 0.5 * strength),
                stroke: Color(hex: 0x212529, alpha: 0.6 * strength),
                lineWidth: 2
            )
        }
        paintTime(frame.time, width: viewport.width)
    }

    private func paint(_ slot: FilmSlot, in viewport: Rect, look: ItemLook) {
        let values = [slot.x, slot.y, slot.width, slot.height, slot.scale]
        guard values.allSatisfy(\.isFinite), slot.width > 0, slot.height > 0,
            slot.width <= Self.largestSide, slot.height <= Self.largestSide
        else { return }
        // As the page: a shrunken slot is resized across the axis about its centre line, not squashed.
        let horizontal = slot.axis == .horizontal
        let width = horizontal ? slot.width : slot.width * slot.scale
        let height = horizontal ? slot.height * slot.scale : slot.height
        let rect = Rect(
            x: slot.x + (slot.width - width) / 2,
            y: slot.y + (slot.height - height) / 2,
            width: width,
            height: height
        )
        guard rect.width > 0, rect.height > 0, rect.width <= Self.largestSide, rect.height <= Self.largestSide,
            rect.intersects(viewport)
        else { return }
        ItemPainter(canvas: canvas, shelf: shelf, look: look)
            .paint(slot.item, in: rect, slotWidth: slot.width, slotHeight: slot.height)
    }

    /// The pixels an item's image is decoded (or an SVG drawn) at: the slot's at the canvas's
    /// scale, shrunk alike both ways until it fits the canvas. A slot never shows more pixels than
    /// the picture has, so a hostile 8000 pt slot costs a picture's pixels, not 16000² of them.
    static func decodedSize(slotWidth: Double, slotHeight: Double, on canvas: Canvas) -> (width: Int, height: Int) {
        let (width, height) = (slotWidth * canvas.scale, slotHeight * canvas.scale)
        let fit = min(1, Double(canvas.pixelWidth) / width, Double(canvas.pixelHeight) / height)
        return (max(1, Int((width * fit).rounded())), max(1, Int((height * fit).rounded())))
    }

    /// "1.24 s" in a dark pill at the top right, so a still from the animation says when it is.
    private func paintTime(_ time: Duration, width: Double) {
        let centiseconds = Int(time / .milliseconds(10))
        let label = "\(centiseconds / 100).\(centiseconds % 100 < 10 ? "0" : "")\(centiseconds % 100) s"
        canvas.fill(Rect(x: width - 66, y: 8, width: 58, height: 20), radius: 10, Color(hex: 0x212529, alpha: 0.7))
        let style = TextStyle(size: 11, color: Color(hex: 0xFFFFFF), lineHeight: 20.0 / 11)
        canvas.text(label, at: Point(x: width - 58, y: 8), width: 50, style: style)
    }
}
