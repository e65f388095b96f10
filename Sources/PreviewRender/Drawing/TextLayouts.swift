import CPango

/// A caption's text laid out by Pango for a canvas: shaped (Arabic letters joined, as HarfBuzz
/// joins them), ordered by the Unicode bidirectional algorithm from the carousel's reading
/// direction and aligned to its start edge, as the page's `dir` and `text-align: start` do, cut
/// with an ellipsis at its width after `maximumLines` lines. The one file that talks to Pango.
struct LaidOutText {
    /// Pango's layout, owned by the `TextLayouts` that made it.
    fileprivate let layout: OpaquePointer
    /// The logical size of what is laid out, in points.
    let width: Double
    let height: Double
    let lineCount: Int
}

/// Layouts kept by what they lay out, so that a caption drawn in every picture of a film is shaped
/// once, not fifty times a second. Bounded: past `maximumKept` every layout is dropped at once (a
/// film whose widths change every picture, a vertical carousel's shrinking slots, starts over).
final class TextLayouts {
    static let maximumKept = 256

    private struct Key: Hashable {
        let text: String
        let size: Double
        let isBold: Bool
        let maximumLines: Int
        let isRightToLeft: Bool
        /// The width in quarter points: a shrinking slot's width changes by less than an ellipsis would show.
        let quarterPoints: Int
    }

    /// The canvas's cairo context: every layout takes its resolution and transform from it.
    private let cairo: OpaquePointer
    private var layouts: [Key: OpaquePointer] = [:]

    init(cairo: OpaquePointer) {
        self.cairo = cairo
    }

    deinit {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// `text` in `style`, at most `width` points wide; `nil` for no text or no room.
    func layout(_ text: String, style: TextStyle, width: Double) -> LaidOutText? {
        guard !text.isEmpty, width.isFinite, width >= 1, style.size > 0 else { return nil }
        let key = Key(
            text: text,
            size: style.size,
            isBold: style.isBold,
            maximumLines: max(1, style.maximumLines),
            isRightToLeft: style.isRightToLeft,
            quarterPoints: Int(min(width, 1e6) * 4)
        )
        let layout = layouts[key] ?? make(key)
        var (logicalWidth, logicalHeight): (Int32, Int32) = (0, 0)
        pango_layout_get_size(layout, &logicalWidth, &logicalHeight)
        let scale = Double(CAROUSEL_PANGO_SCALE)
        return LaidOutText(
            layout: layout,
            width: Double(logicalWidth) / scale,
            height: Double(logicalHeight) / scale,
            lineCount: Int(pango_layout_get_line_count(layout))
        )
    }

    /// Draws `text` with its top left at the cairo context's current point, in its current source.
    func show(_ text: LaidOutText) {
        pango_cairo_show_layout(cairo, text.layout)
    }

    private func make(_ key: Key) -> OpaquePointer {
        if layouts.count >= Self.maximumKept {
            for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
            layouts = [:]
        }
        let layout = pango_cairo_create_layout(cairo)!
        // The paragraph reads in the carousel's direction whatever its first letter is (the page's
        // `dir` on the viewport), and starts at that direction's edge.
        pango_layout_set_auto_dir(layout, 0)
        let direction = key.isRightToLeft ? CAROUSEL_PANGO_DIRECTION_RTL : CAROUSEL_PANGO_DIRECTION_LTR
        pango_context_set_base_dir(pango_layout_get_context(layout), direction)
        pango_layout_context_changed(layout)
        pango_layout_set_alignment(layout, key.isRightToLeft ? CAROUSEL_PANGO_ALIGN_RIGHT : CAROUSEL_PANGO_ALIGN_LEFT)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, "DejaVu Sans")
        pango_font_description_set_weight(font, key.isBold ? CAROUSEL_PANGO_WEIGHT_BOLD : CAROUSEL_PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(font, key.size * Double(CAROUSEL_PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_width(layout, Int32(key.quarterPoints * Int(CAROUSEL_PANGO_SCALE) / 4))
        pango_layout_set_ellipsize(layout, CAROUSEL_PANGO_ELLIPSIZE_END)
        if key.maximumLines > 1 {
            // Negative: a number of lines, the last ending in an ellipsis (CSS's line clamp).
            pango_layout_set_wrap(layout, CAROUSEL_PANGO_WRAP_WORD_CHAR)
            pango_layout_set_height(layout, Int32(-key.maximumLines))
        } else {
            // One line, as the page's `white-space: nowrap`: a line break in an item's text is a space.
            pango_layout_set_single_paragraph_mode(layout, 1)
        }
        pango_layout_set_text(layout, key.text, -1)
        layouts[key] = layout
        return layout
    }
}
