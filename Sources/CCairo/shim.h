// cairo 1.16 and librsvg 2.54 (Debian's libcairo2-dev and librsvg2-dev) for Swift: cairo draws a
// render's pictures into memory, librsvg draws an item's SVG image with cairo.
// PreviewRender/Drawing/Canvas.swift is the one file that imports this module.
//
// cairo imports as it is. librsvg's own header is not included: it pulls in glib, GIO and
// gdk-pixbuf, whose pkg-config flags carry -pthread, which SwiftPM refuses with a warning on every
// build. The five functions the renderer calls are declared here instead, as librsvg 2.52 and later
// define them (rsvg.h, rsvg-cairo.h): gsize is an unsigned long and gboolean an int on Linux, a
// GError is only passed back to g_error_free, and the handle is an opaque GObject.
#ifndef CAROUSEL_PREVIEW_CAIRO_SHIM_H
#define CAROUSEL_PREVIEW_CAIRO_SHIM_H

#include <cairo.h>

typedef struct _RsvgHandle RsvgHandle;
typedef struct _GError GError;

/// librsvg's RsvgRectangle: a viewport in the cairo context's user units.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, unsigned long data_len, GError **error);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *out_width, double *out_height);
int rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
void g_object_unref(void *object);
void g_error_free(GError *error);

#endif
