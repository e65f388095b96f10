// giflib 5.2 (Debian's libgif-dev) for Swift: writes an animated GIF through an output callback.
// Everything imports as it is; the extension codes (GRAPHICS_EXT_FUNC_CODE, ...) are plain integer
// macros, which Swift imports as constants, so this header adds no wrappers.
// PreviewRender/Encoding/GIFAnimation.swift is the one file that imports this module.
#ifndef CAROUSEL_PREVIEW_GIF_SHIM_H
#define CAROUSEL_PREVIEW_GIF_SHIM_H

#include <gif_lib.h>

#endif
