#!/usr/bin/env python3
"""The check benchmark's comparison: a plain Pango loop over the same titles and look fonts as
`chevron check --look all`, as a Python localisation tool measures text (PyGObject over Debian's
python3-gi and gir1.2-pango-1.0: one PangoCairo layout per font, `set_text`, `get_pixel_size`).

It reads every string unit of a .xcstrings catalogue, takes each look's font and size from
`chevron looks --json`, and measures every title in every look's font: one row a title and look,
as the check counts rows. Two loops: one layout per font, its text set for each title (the
fastest plain loop), and a new layout for each row (as a tool that measures one string at a time
does). Prints a line each: `pango, MODE: ROWS rows in SECONDS s, RATE rows/s`.

Usage: pango_loop.py CHEVRON CATALOG [RUNS]   (RUNS default 3; the fastest run is printed)
"""
import json
import subprocess
import sys
import time

import gi

gi.require_version("Pango", "1.0")
gi.require_version("PangoCairo", "1.0")
from gi.repository import Pango, PangoCairo  # noqa: E402


def titles(catalog):
    """Every string unit's value, in the catalogue's order, plural variations included."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            unit = node.get("stringUnit")
            if isinstance(unit, dict) and isinstance(unit.get("value"), str):
                found.append(unit["value"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    with open(catalog, encoding="utf-8") as file:
        walk(json.load(file).get("strings", {}))
    return found


def description(pattern, size):
    """A Pango font description of a fontconfig pattern such as `Helvetica:bold` at `size` pixels
    (the looks' sizes are points at 1 pixel a point, as chevron measures)."""
    family, _, styles = pattern.partition(":")
    font = Pango.FontDescription()
    font.set_family(family)
    for style in filter(None, styles.split(":")):
        if style == "bold":
            font.set_weight(Pango.Weight.BOLD)
        elif style == "italic":
            font.set_style(Pango.Style.ITALIC)
        elif style.startswith("weight="):
            font.set_weight(Pango.Weight(int(style.split("=", 1)[1])))
    font.set_absolute_size(size * Pango.SCALE)
    return font


def main(chevron, catalog, runs):
    looks = json.loads(subprocess.run([chevron, "looks", "--json"], check=True, capture_output=True, text=True).stdout)
    fonts = [description(look["font"], look["fontSize"]) for look in looks]
    strings = titles(catalog)
    context = PangoCairo.FontMap.get_default().create_context()
    layouts = []
    for font in fonts:
        layout = Pango.Layout.new(context)
        layout.set_font_description(font)
        layouts.append(layout)
    rows = len(strings) * len(layouts)
    for mode in ("one layout per font", "a layout per row"):
        best = None
        total = 0
        for _ in range(runs):
            start = time.perf_counter()
            total = 0
            if mode == "one layout per font":
                for title in strings:
                    for layout in layouts:
                        layout.set_text(title, -1)
                        total += layout.get_pixel_size()[0]
            else:
                for title in strings:
                    for font in fonts:
                        layout = Pango.Layout.new(context)
                        layout.set_font_description(font)
                        layout.set_text(title, -1)
                        total += layout.get_pixel_size()[0]
            elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
        print(f"pango, {mode}: {rows} rows in {best:.3f} s, {rows / best:.0f} rows/s (widths summed: {total} px)")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 3)
