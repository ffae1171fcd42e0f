// FriBidi for Swift: the Unicode Bidirectional Algorithm (UAX #9), for drawing mixed-direction lines.
#pragma once
#include <fribidi.h>

/// FRIBIDI_PAR_LTR / FRIBIDI_PAR_RTL are built from other macros, which Swift cannot import.
static inline FriBidiParType chevron_fribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType chevron_fribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline FriBidiParType chevron_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
/// fribidi_version_info is a mutable global to Swift; read through a function instead.
static inline const char *chevron_fribidi_version(void) { return fribidi_version_info; }
