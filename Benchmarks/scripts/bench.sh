#!/usr/bin/env bash
# The text benchmarks (Benchmarks/Benchmarks/ChevronTextBenchmarks, ordo-one/benchmark), each
# per-title median printed as a ratio to the HarfBuzz floor of Benchmarks/floors/floors.sh,
# measured on this machine in the same run, before and after the suite (each ratio against the
# lower floor). Usage: Benchmarks/scripts/bench.sh [FILTER]   (a regular expression of names)
set -euo pipefail
cd "$(dirname "$0")/../.."
export CHEVRON_TITLES=${CHEVRON_TITLES:-$PWD/Benchmarks/floors/titles.txt}
titles=$(grep -c . "$CHEVRON_TITLES")
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

echo "== floors (Benchmarks/floors/floors.sh)"
Benchmarks/floors/floors.sh "" "$CHEVRON_TITLES" | tee "$out/floors.txt"

echo "== chevron benchmarks (ordo-one/benchmark, swift package --package-path Benchmarks benchmark)"
swift package --package-path Benchmarks --allow-writing-to-package-directory benchmark run \
  --filter "${1:-.*}" --format jmh --path "$out" --no-progress >"$out/benchmark.log" 2>&1 || { cat "$out/benchmark.log"; exit 1; }

echo "== floors again, after the suite"
Benchmarks/floors/floors.sh "" "$CHEVRON_TITLES" | tee -a "$out/floors.txt"
# For comparison only: the floor's shaping with a font per title's script, so that a title in
# Arabic or Han is shaped into real glyphs (Benchmarks/floors/hb_shape_font_per_script.c).
cc -O2 Benchmarks/floors/hb_shape_font_per_script.c -o "$out/per-script" $(pkg-config --cflags --libs harfbuzz fontconfig)
"$out/per-script" "Liberation Sans:bold" "$CHEVRON_TITLES" | tee -a "$out/floors.txt"
python3 Benchmarks/scripts/bench_ratios.py "$out" "$titles"
