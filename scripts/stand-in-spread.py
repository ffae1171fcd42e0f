#!/usr/bin/env python3
"""How much the widths of the same titles differ across the faces that could stand in for a
missing family: the figures behind chevron check's substitution margin (docs/check.md,
"near-limit"). Each face is found with fc-match, each width measured with hb-shape at 17 pt
with modern's -0.41 tracking, and each is compared with the face fontconfig gives "SF Pro
Text" (Noto Sans on a machine set up by scripts/install-deps.sh).

    python3 scripts/stand-in-spread.py [TITLES_FILE] [COUNT]

TITLES_FILE defaults to Benchmarks/floors/titles.txt; its first COUNT (150) titles of Latin,
Greek and Cyrillic letters are measured."""
import json
import os
import statistics
import subprocess
import sys

from fontTools.ttLib import TTFont

CANDIDATES = ["Inter", "DejaVu Sans", "Liberation Sans", "Nimbus Sans"]


def face(pattern):
    return subprocess.check_output(["fc-match", "-f", "%{file}", pattern]).decode()


def width(path, text, units_per_em):
    glyphs = json.loads(subprocess.check_output(
        ["hb-shape", "--output-format=json", "--no-glyph-names", path, text]))
    return sum(glyph["ax"] for glyph in glyphs) * 17 / units_per_em - 0.41 * len(text)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    titles_file = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Benchmarks/floors/titles.txt")
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 150
    with open(titles_file, encoding="utf-8") as handle:
        titles = [line.strip() for line in handle if line.strip() and all(ord(c) < 0x530 for c in line.strip())]
    titles = titles[:count]
    base_path = face("SF Pro Text")
    base_upem = TTFont(base_path, lazy=True)["head"].unitsPerEm
    base = {title: width(base_path, title, base_upem) for title in titles}
    print(f"{len(titles)} titles; widths relative to {os.path.basename(base_path)} (what fontconfig gives SF Pro Text)")
    for family in CANDIDATES:
        path = face(family)
        upem = TTFont(path, lazy=True)["head"].unitsPerEm
        ratios = [width(path, title, upem) / base[title] - 1 for title in titles if base[title] > 0]
        print(f"{family:16} {os.path.basename(path):28} median {statistics.median(ratios):+.1%}  "
              f"min {min(ratios):+.1%}  max {max(ratios):+.1%}")


if __name__ == "__main__":
    main()
