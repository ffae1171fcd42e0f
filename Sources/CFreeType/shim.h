// FreeType for Swift. Its include directory is …/freetype2, so headers come through ft2build.h.
#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_SFNT_NAMES_H
#include FT_TRUETYPE_TABLES_H
#include FT_MULTIPLE_MASTERS_H

/// FT_HAS_FIXED_SIZES is a function-like macro, which Swift cannot import.
static inline int chevron_ft_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }
/// FT_HAS_COLOR is a function-like macro, which Swift cannot import.
static inline int chevron_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
