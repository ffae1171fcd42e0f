// HarfBuzz for Swift: the core API and the OpenType font functions (no hb-ft: see
// docs/architecture.md, "HarfBuzz: its own OpenType functions, not hb-ft").
#pragma once
#include <hb.h>
#include <hb-ot.h>

/// HB_TAG is a function-like macro, which Swift cannot import.
static inline hb_tag_t chevron_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }

/// Sets bit `u` of `words` (1,024 of them) for every scalar `u` below U+10000 that `font`'s cmap
/// maps to a glyph, as hb_font_get_nominal_glyph answers. In C so that a debug build of the
/// Swift caller does not spend milliseconds on the 65,536 iterations of every face it opens.
static inline void chevron_hb_basic_plane_coverage(hb_font_t *font, uint64_t *words) {
    for (hb_codepoint_t u = 0; u < 0x10000; u++) {
        hb_codepoint_t glyph;
        if (hb_font_get_nominal_glyph(font, u, &glyph)) words[u >> 6] |= (uint64_t)1 << (u & 63);
    }
}
