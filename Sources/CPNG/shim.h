// libpng's simplified write API for Swift: encodes a whole image to memory, reporting errors in
// the image's message rather than by longjmp.
#pragma once
#include <png.h>

/// PNG_FORMAT_BGRA is built from other macros, which Swift cannot import.
static inline png_uint_32 chevron_png_format_bgra(void) { return PNG_FORMAT_BGRA; }
/// PNG_IMAGE_PNG_SIZE_MAX is a function-like macro: the largest PNG the image can encode to.
static inline png_alloc_size_t chevron_png_size_max(png_image *image) { return PNG_IMAGE_PNG_SIZE_MAX(*image); }
