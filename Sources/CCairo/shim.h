// cairo for Swift: image surfaces, paths, gradients, PNG streams, and glyphs from FreeType faces
// (cairo-ft, which finds the face file through a fontconfig pattern).
#pragma once
#include <cairo.h>
#include <cairo-ft.h>
