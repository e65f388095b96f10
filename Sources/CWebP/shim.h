// libwebp 1.2 (Debian's libwebp-dev) for Swift: WebPAnimEncoder writes an animated WebP. Its
// initialisers (WebPConfigInit, WebPPictureInit, WebPAnimEncoderOptionsInit) are static inline
// functions, which Swift imports, so this header adds no wrappers.
// PreviewRender/Encoding/WebPAnimation.swift is the one file that imports this module.
#ifndef CAROUSEL_PREVIEW_WEBP_SHIM_H
#define CAROUSEL_PREVIEW_WEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
