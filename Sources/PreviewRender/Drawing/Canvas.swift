import CCairo

/// A picture in memory, drawn in points with cairo at a fixed number of pixels a point; its pixels
/// are BGRA bytes (cairo's ARGB32 on a little-endian machine), opaque once `clear` has painted it.
/// The one file that talks to cairo and librsvg: the types it hands out are its own.
final class Canvas {
    let pixelWidth: Int
    let pixelHeight: Int
    /// Pixels a point.
    let scale: Double
    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// `nil` when cairo cannot make the surface (out of memory, or a size it refuses).
    init?(pixelWidth: Int, pixelHeight: Int, scale: Double) {
        guard pixelWidth > 0, pixelHeight > 0, let surface = Self.surface(pixelWidth, pixelHeight) else { return nil }
        self.surface = surface
        context = cairo_create(surface)
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        cairo_scale(context, scale, scale)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Paints the whole canvas with `color`, dropping what was there.
    func clear(_ color: Color) {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
        setSource(color)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// Runs `body` with drawing kept inside `rect` rounded by `radius`.
    func clipped(to rect: Rect, radius: Double, _ body: () -> Void) {
        cairo_save(context)
        roundedPath(rect, radius: radius)
        cairo_clip(context)
        body()
        cairo_restore(context)
    }

    func fill(_ rect: Rect, radius: Double = 0, _ color: Color) {
        roundedPath(rect, radius: radius)
        setSource(color)
        cairo_fill(context)
    }

    /// Fills `rect` with a gradient from `top` to `bottom`.
    func fillGradient(_ rect: Rect, top: Color, bottom: Color) {
        let gradient = cairo_pattern_create_linear(0, rect.y, 0, rect.y + rect.height)
        defer { cairo_pattern_destroy(gradient) }
        for (offset, color) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgba(gradient, offset, color.red, color.green, color.blue, color.alpha)
        }
        cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
        cairo_set_source(context, gradient)
        cairo_fill(context)
    }

    func circle(x: Double, y: Double, radius: Double, fill: Color, stroke: Color, lineWidth: Double) {
        cairo_new_path(context)
        cairo_arc(context, x, y, radius, 0, 2 * Double.pi)
        setSource(fill)
        cairo_fill_preserve(context)
        setSource(stroke)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    /// Writes `text` from `x` on the baseline `y`, cut with an ellipsis to fit `maxWidth` points.
    func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool, color: Color, maxWidth: Double) {
        guard !text.isEmpty, maxWidth > 0 else { return }
        let weight = bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, weight)
        cairo_set_font_size(context, size)
        let shown = fitted(text, maxWidth: maxWidth)
        guard !shown.isEmpty else { return }
        cairo_move_to(context, x, y)
        setSource(color)
        cairo_show_text(context, shown)
        cairo_new_path(context)
    }

    /// Draws `picture` over `rect`, scaled alike both ways to cover it and centred (what spills out
    /// is for the caller's clip), as the page's `object-fit: cover` does when a slot shrinks.
    func draw(_ picture: Picture, covering rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        let (width, height) = (Double(picture.pixelWidth), Double(picture.pixelHeight))
        let cover = max(rect.width / width, rect.height / height)
        cairo_save(context)
        cairo_translate(context, rect.x + (rect.width - width * cover) / 2, rect.y + (rect.height - height * cover) / 2)
        cairo_scale(context, cover, cover)
        cairo_set_source_surface(context, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The canvas's bytes, BGRA rows `stride` bytes apart.
    func withPixels<T>(_ body: (UnsafeBufferPointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * pixelHeight)
        return try body(bytes, stride)
    }

    /// The longest start of `text` (whole characters) that fits `maxWidth` at the current font, with
    /// an ellipsis when cut: found by halving, so a long caption costs a few measurements.
    private func fitted(_ text: String, maxWidth: Double) -> String {
        if width(of: text) <= maxWidth { return text }
        let characters = Array(text)
        var (fits, tooLong) = (0, characters.count)
        while tooLong - fits > 1 {
            let middle = (fits + tooLong) / 2
            if width(of: String(characters[..<middle]) + "…") <= maxWidth { fits = middle } else { tooLong = middle }
        }
        return fits == 0 ? "" : String(characters[..<fits]) + "…"
    }

    private func width(of text: String) -> Double {
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    private func roundedPath(_ rect: Rect, radius: Double) {
        cairo_new_path(context)
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        guard r > 0 else {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let (left, top, right, bottom) = (rect.x, rect.y, rect.x + rect.width, rect.y + rect.height)
        cairo_arc(context, right - r, top + r, r, -Double.pi / 2, 0)
        cairo_arc(context, right - r, bottom - r, r, 0, Double.pi / 2)
        cairo_arc(context, left + r, bottom - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, left + r, top + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    private func setSource(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    fileprivate static func surface(_ width: Int, _ height: Int) -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}

/// An image decoded once to the pixels it is drawn at.
final class Picture {
    let pixelWidth: Int
    let pixelHeight: Int
    fileprivate let surface: OpaquePointer

    private init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        pixelWidth = width
        pixelHeight = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// An SVG document drawn to `width` x `height` pixels, covering them (cut, never stretched, when
    /// its own proportions differ); `nil` when librsvg cannot read it.
    static func svg(_ bytes: [UInt8], width: Int, height: Int) -> Picture? {
        var error: OpaquePointer?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, UInt($0.count), &error) }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        return drawn(width: width, height: height) { context in
            var (ownWidth, ownHeight) = (0.0, 0.0)
            let sized = rsvg_handle_get_intrinsic_size_in_pixels(handle, &ownWidth, &ownHeight) != 0
            var viewport = RsvgRectangle(x: 0, y: 0, width: Double(width), height: Double(height))
            if sized, ownWidth > 0, ownHeight > 0 {
                let cover = max(Double(width) / ownWidth, Double(height) / ownHeight)
                viewport.width = ownWidth * cover
                viewport.height = ownHeight * cover
                viewport.x = (Double(width) - viewport.width) / 2
                viewport.y = (Double(height) - viewport.height) / 2
            }
            var failure: OpaquePointer?
            let drawn = rsvg_handle_render_document(handle, context, &viewport, &failure) != 0
            if let failure { g_error_free(failure) }
            return drawn
        }
    }

    /// A PNG decoded and drawn to `width` x `height` pixels, covering them; `nil` when cairo cannot
    /// read it. The caller has checked its declared size.
    static func png(_ bytes: [UInt8], width: Int, height: Int) -> Picture? {
        let reader = ByteReader(bytes)
        let unmanaged = Unmanaged.passRetained(reader)
        defer { unmanaged.release() }
        let read: cairo_read_func_t = { closure, data, length in
            let reader = Unmanaged<ByteReader>.fromOpaque(closure!).takeUnretainedValue()
            return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
        }
        guard let source = cairo_image_surface_create_from_png_stream(read, unmanaged.toOpaque()) else { return nil }
        defer { cairo_surface_destroy(source) }
        let (ownWidth, ownHeight) = (cairo_image_surface_get_width(source), cairo_image_surface_get_height(source))
        guard cairo_surface_status(source) == CAIRO_STATUS_SUCCESS, ownWidth > 0, ownHeight > 0 else { return nil }
        return drawn(width: width, height: height) { context in
            let cover = max(Double(width) / Double(ownWidth), Double(height) / Double(ownHeight))
            cairo_translate(
                context,
                (Double(width) - Double(ownWidth) * cover) / 2,
                (Double(height) - Double(ownHeight) * cover) / 2
            )
            cairo_scale(context, cover, cover)
            cairo_set_source_surface(context, source, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
            cairo_paint(context)
            return true
        }
    }

    /// A picture of `width` x `height` pixels that `draw` paints with a cairo context.
    private static func drawn(width: Int, height: Int, _ draw: (OpaquePointer) -> Bool) -> Picture? {
        guard width > 0, height > 0, let surface = Canvas.surface(width, height) else { return nil }
        let context = cairo_create(surface)!
        let drawn = draw(context)
        cairo_destroy(context)
        guard drawn else {
            cairo_surface_destroy(surface)
            return nil
        }
        return Picture(surface: surface, width: width, height: height)
    }
}

/// Hands cairo's PNG reader a byte array in the parts it asks for.
private final class ByteReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into destination: UnsafeMutablePointer<UInt8>?, count: Int) -> Bool {
        guard let destination, count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { source in
            destination.update(from: source.baseAddress! + offset, count: count)
        }
        offset += count
        return true
    }
}
