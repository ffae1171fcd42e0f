// A second floor for uncached measurement, for comparison only (the floor the targets are stated
// against is hb_shape_floor.c beside this file): raw HarfBuzz shaping of each title as that floor shapes it
// (the whole title in one buffer, hb_buffer_guess_segment_properties, no cache), but in a font
// that has the title's script, so that a title in Arabic, Han or Devanagari is shaped into its
// real glyphs rather than into one font's .notdef. The font is fontconfig's match for the
// requested pattern (argument 1, e.g. "Liberation Sans:bold") holding the title's first scalar
// of a script of its own; matches are made before the clock starts, one per such scalar's font.
// A title mixing scripts is still one run in one font: this floor does no fallback and no
// itemisation, which is chevron's own work.
//
// Build: cc -O2 hb_shape_font_per_script.c $(pkg-config --cflags --libs harfbuzz fontconfig)
// Run:   ./a.out PATTERN TITLES [REPS]   (REPS default 50; counting instructions, two counts
//        with different REPS cancel the setup out)
#include <fontconfig/fontconfig.h>
#include <hb-ot.h>
#include <hb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

// The first scalar of a script of its own (not common or inherited), or the first scalar.
static hb_codepoint_t script_scalar(const char *title) {
  hb_buffer_t *buffer = hb_buffer_create();
  hb_buffer_add_utf8(buffer, title, -1, 0, -1);
  unsigned count;
  hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
  hb_unicode_funcs_t *unicode = hb_unicode_funcs_get_default();
  hb_codepoint_t chosen = count ? infos[0].codepoint : 'A';
  for (unsigned i = 0; i < count; i++) {
    hb_script_t script = hb_unicode_script(unicode, infos[i].codepoint);
    if (script != HB_SCRIPT_COMMON && script != HB_SCRIPT_INHERITED && script != HB_SCRIPT_UNKNOWN) {
      chosen = infos[i].codepoint;
      break;
    }
  }
  hb_buffer_destroy(buffer);
  return chosen;
}

// Fonts opened so far, by file and index.
static struct { char *file; int index; hb_font_t *font; } fonts[64];
static int font_count;

static hb_font_t *font_for(const char *pattern_text, hb_codepoint_t scalar) {
  FcPattern *pattern = FcNameParse((const FcChar8 *)pattern_text);
  FcCharSet *set = FcCharSetCreate();
  FcCharSetAddChar(set, scalar);
  FcPatternAddCharSet(pattern, FC_CHARSET, set);
  FcConfigSubstitute(NULL, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result;
  FcPattern *match = FcFontMatch(NULL, pattern, &result);
  FcChar8 *file = NULL;
  int index = 0;
  FcPatternGetString(match, FC_FILE, 0, &file);
  FcPatternGetInteger(match, FC_INDEX, 0, &index);
  hb_font_t *font = NULL;
  for (int i = 0; i < font_count && !font; i++)
    if (fonts[i].index == index && strcmp(fonts[i].file, (const char *)file) == 0) font = fonts[i].font;
  if (!font && font_count < 64) {
    hb_blob_t *blob = hb_blob_create_from_file((const char *)file);
    hb_face_t *face = hb_face_create(blob, index);
    font = hb_font_create(face);
    hb_font_set_scale(font, 12 * 64, 12 * 64);
    fonts[font_count].file = strdup((const char *)file);
    fonts[font_count].index = index;
    fonts[font_count].font = font;
    font_count++;
  }
  FcPatternDestroy(match);
  FcCharSetDestroy(set);
  FcPatternDestroy(pattern);
  return font;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s PATTERN TITLES [REPS]\n", argv[0]);
    return 2;
  }
  FILE *file = fopen(argv[2], "r");
  if (!file) return 1;
  char line[512];
  char *titles[5000];
  hb_font_t *title_fonts[5000];
  int n = 0;
  while (n < 5000 && fgets(line, sizeof line, file)) {
    line[strcspn(line, "\n")] = 0;
    if (*line) titles[n++] = strdup(line);
  }
  for (int i = 0; i < n; i++) title_fonts[i] = font_for(argv[1], script_scalar(titles[i]));
  hb_buffer_t *buffer = hb_buffer_create();
  long total = 0;
  int reps = argc > 3 ? atoi(argv[3]) : 50;
  double start = now();
  for (int r = 0; r < reps; r++)
    for (int i = 0; i < n; i++) {
      hb_buffer_clear_contents(buffer);
      hb_buffer_add_utf8(buffer, titles[i], -1, 0, -1);
      hb_buffer_guess_segment_properties(buffer);
      hb_shape(title_fonts[i], buffer, NULL, 0);
      unsigned count;
      hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
      for (unsigned k = 0; k < count; k++) total += positions[k].x_advance;
    }
  double elapsed = now() - start;
  printf("hb_shape, a font per script: %.3f us/title (%d titles x %d, %d fonts) sum=%ld\n",
         elapsed / (n * reps) * 1e6, n, reps, font_count, total);
  return 0;
}
