// HarfBuzz for Swift: the core API and the OpenType font functions (no hb-ft: see docs/NOTES.md).
#pragma once
#include <hb.h>
#include <hb-ot.h>

/// HB_TAG is a function-like macro, which Swift cannot import.
static inline hb_tag_t chevron_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
