// Pango 1.50 with its cairo backend (Debian's libpango1.0-dev) for Swift: it lays out a render's
// captions, so Arabic is shaped (HarfBuzz) and a right-to-left line reads from the right (FriBidi),
// where cairo's own text calls draw one glyph after another, left to right, unjoined.
// PreviewRender/Drawing/TextLayout.swift is the one file that imports this module.
//
// Pango's headers are not included: they pull in glib, whose pkg-config flags carry -pthread, which
// SwiftPM refuses with a warning on every build (see CCairo's shim). The functions the renderer calls
// are declared here instead, as pango.h and pangocairo.h declare them: gboolean is an int on Linux,
// the enumerations are ints of the values named below, and every object is opaque. The cairo context
// is the one Canvas.swift makes, passed through as an opaque pointer.
#ifndef CAROUSEL_PREVIEW_PANGO_SHIM_H
#define CAROUSEL_PREVIEW_PANGO_SHIM_H

typedef struct _PangoLayout PangoLayout;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontDescription PangoFontDescription;

/// Pango's fixed point: a length of 1 is this many units.
static const int CAROUSEL_PANGO_SCALE = 1024;
/// PangoEllipsizeMode's PANGO_ELLIPSIZE_END.
static const int CAROUSEL_PANGO_ELLIPSIZE_END = 3;
/// PangoAlignment's PANGO_ALIGN_LEFT and PANGO_ALIGN_RIGHT.
static const int CAROUSEL_PANGO_ALIGN_LEFT = 0;
static const int CAROUSEL_PANGO_ALIGN_RIGHT = 2;
/// PangoWrapMode's PANGO_WRAP_WORD_CHAR: at words, within a word too long for a line.
static const int CAROUSEL_PANGO_WRAP_WORD_CHAR = 2;
/// PangoDirection's PANGO_DIRECTION_LTR and PANGO_DIRECTION_RTL.
static const int CAROUSEL_PANGO_DIRECTION_LTR = 0;
static const int CAROUSEL_PANGO_DIRECTION_RTL = 1;
/// PangoWeight's PANGO_WEIGHT_NORMAL and PANGO_WEIGHT_BOLD.
static const int CAROUSEL_PANGO_WEIGHT_NORMAL = 400;
static const int CAROUSEL_PANGO_WEIGHT_BOLD = 700;

PangoLayout *pango_cairo_create_layout(struct _cairo *cairo);
void pango_cairo_show_layout(struct _cairo *cairo, PangoLayout *layout);

PangoContext *pango_layout_get_context(PangoLayout *layout);
void pango_context_set_base_dir(PangoContext *context, int direction);
void pango_layout_context_changed(PangoLayout *layout);

void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *description);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, int wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, int alignment);
void pango_layout_set_auto_dir(PangoLayout *layout, int autoDirection);
void pango_layout_set_single_paragraph_mode(PangoLayout *layout, int setting);
void pango_layout_get_size(PangoLayout *layout, int *width, int *height);
int pango_layout_get_baseline(PangoLayout *layout);
int pango_layout_get_line_count(PangoLayout *layout);

PangoFontDescription *pango_font_description_new(void);
void pango_font_description_set_family(PangoFontDescription *description, const char *family);
void pango_font_description_set_weight(PangoFontDescription *description, int weight);
void pango_font_description_set_absolute_size(PangoFontDescription *description, double size);
void pango_font_description_free(PangoFontDescription *description);

void g_object_unref(void *object);

#endif
