// libqrencode 4.1 (Debian's libqrencode-dev) for Swift. Everything the encoder needs (QRcode_encodeData,
// QRcode_free, the QRcode struct and the QRecLevel enum) imports as it is, so this header only names
// qrencode.h for the module map and adds no wrappers; a wrapper belongs here only for what Swift cannot
// import (a macro, a variadic function).
#ifndef CAROUSEL_PREVIEW_QRENCODE_SHIM_H
#define CAROUSEL_PREVIEW_QRENCODE_SHIM_H

#include <qrencode.h>

#endif
