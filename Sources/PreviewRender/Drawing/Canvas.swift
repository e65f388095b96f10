import CCairo
import CarouselCore

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
    /// Captions laid out by Pango for this context, kept while they are drawn again.
    private lazy var texts = TextLayouts(cairo: context)

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

    /// Fills `rect`, rounded by `radius`, with a gradient from `start` at `from` to `end` at `to`.
    func fillGradient(_ rect: Rect, radius: Double = 0, from start: Color, at from: Point, to end: Color, at to: Point)
    {
        let gradient = cairo_pattern_create_linear(from.x, from.y, to.x, to.y)
        defer { cairo_pattern_destroy(gradient) }
        for (offset, color) in [(0.0, start), (1.0, end)] {
            cairo_pattern_add_color_stop_rgba(gradient, offset, color.red, color.green, color.blue, color.alpha)
        }
        roundedPath(rect, radius: radius)
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

    /// Writes `text` from `origin`, the top of its first line box, in a column `width` points wide:
    /// from the start edge of `style`'s direction, each line centred in a line box of the style's
    /// line height as CSS centres it, cut with an ellipsis after the style's lines. The height it
    /// took (none for no text).
    @discardableResult
    func text(_ text: String, at origin: Point, width: Double, style: TextStyle) -> Double {
        guard let laidOut = texts.layout(text, style: style, width: width) else { return 0 }
        let height = Self.lineBoxes(of: laidOut, style: style)
        cairo_save(context)
        cairo_move_to(context, origin.x, origin.y + (height - laidOut.height) / 2)
        setSource(style.color)
        texts.show(laidOut)
        cairo_restore(context)
        return height
    }

    /// The height `text` takes in `style` at `width` points, as `text(_:at:width:style:)` draws it.
    func textHeight(_ text: String, width: Double, style: TextStyle) -> Double {
        texts.layout(text, style: style, width: width).map { Self.lineBoxes(of: $0, style: style) } ?? 0
    }

    /// How wide `text` is in `style` on one line, at most `width`.
    func textWidth(_ text: String, width: Double, style: TextStyle) -> Double {
        texts.layout(text, style: style, width: width)?.width ?? 0
    }

    /// The CSS line boxes a layout's lines take: the line height's, or the font's own (`normal`).
    private static func lineBoxes(of text: LaidOutText, style: TextStyle) -> Double {
        style.lineHeight.map { Double(text.lineCount) * $0 * style.size } ?? text.height
    }

    /// Draws `picture` in `rect` as the page's `object-fit` does, scaled alike both ways and centred:
    /// covering it (what spills out is for the caller's clip) or contained in it.
    func draw(_ picture: Picture, in rect: Rect, fit: Configuration.ImageFit) {
        guard rect.width > 0, rect.height > 0 else { return }
        let (width, height) = (Double(picture.pixelWidth), Double(picture.pixelHeight))
        let scales = (rect.width / width, rect.height / height)
        let scale = fit == .cover ? max(scales.0, scales.1) : min(scales.0, scales.1)
        cairo_save(context)
        cairo_translate(context, rect.x + (rect.width - width * scale) / 2, rect.y + (rect.height - height * scale) / 2)
        cairo_scale(context, scale, scale)
        Self.paintEdgeToEdge(picture.surface, width: width, height: height, on: context)
        cairo_restore(context)
    }

    /// Paints `surface` at the context's origin over its own `width` x `height`, scaled by the
    /// context's transform with its edges kept sharp: the filter samples past an edge as the edge
    /// itself (PAD), where it would otherwise fade the image's outer pixels into transparency.
    fileprivate static func paintEdgeToEdge(
        _ surface: OpaquePointer,
        width: Double,
        height: Double,
        on context: OpaquePointer
    ) {
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_fill(context)
    }

    /// The canvas's bytes, BGRA rows `stride` bytes apart.
    func withPixels<T>(_ body: (UnsafeBufferPointer<UInt8>, _ stride: Int) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = UnsafeBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * pixelHeight)
        return try body(bytes, stride)
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

    /// An SVG document drawn for a box of `width` x `height` pixels as `fit` places it (cut or
    /// whole, never stretched, when its own proportions differ); `nil` when librsvg cannot read it.
    static func svg(_ bytes: [UInt8], width: Int, height: Int, fit: Configuration.ImageFit) -> Picture? {
        var error: OpaquePointer?
        let handle = bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, UInt($0.count), &error) }
        if let error { g_error_free(error) }
        guard let handle else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var (ownWidth, ownHeight) = (0.0, 0.0)
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &ownWidth, &ownHeight) == 0 {
            (ownWidth, ownHeight) = (0, 0)
        }
        let place = PicturePlacement(
            ownWidth: ownWidth,
            ownHeight: ownHeight,
            boxWidth: width,
            boxHeight: height,
            fit: fit
        )
        return drawn(width: place.pictureWidth, height: place.pictureHeight) { context in
            var viewport = RsvgRectangle(
                x: place.x,
                y: place.y,
                width: ownWidth > 0 ? ownWidth * place.scale : Double(place.pictureWidth),
                height: ownHeight > 0 ? ownHeight * place.scale : Double(place.pictureHeight)
            )
            var failure: OpaquePointer?
            let drawn = rsvg_handle_render_document(handle, context, &viewport, &failure) != 0
            if let failure { g_error_free(failure) }
            return drawn
        }
    }

    /// A PNG decoded and drawn for a box of `width` x `height` pixels as `fit` places it; `nil` when
    /// cairo cannot read it. The caller has checked its declared size.
    static func png(_ bytes: [UInt8], width: Int, height: Int, fit: Configuration.ImageFit) -> Picture? {
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
        let place = PicturePlacement(
            ownWidth: Double(ownWidth),
            ownHeight: Double(ownHeight),
            boxWidth: width,
            boxHeight: height,
            fit: fit
        )
        return drawn(width: place.pictureWidth, height: place.pictureHeight) { context in
            cairo_translate(context, place.x, place.y)
            cairo_scale(context, place.scale, place.scale)
            Canvas.paintEdgeToEdge(source, width: Double(ownWidth), height: Double(ownHeight), on: context)
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
