#!/usr/bin/env bash
# Runs the opt-in benchmarks and prints each per-title cost as a ratio to the floors measured now,
# on this machine, in the same run (../shared/bench/floors.sh, before and after the suite; each
# ratio against the lower floor). Usage: scripts/bench.sh [FILTER]
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${CHEVRON_SHARED:-../shared}
export CHEVRON_BENCHMARKS=1
export CHEVRON_TITLES=${CHEVRON_TITLES:-$shared/bench/titles.txt}
titles=$(grep -c . "$CHEVRON_TITLES")
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT

echo "== floors (${shared}/bench/floors.sh)"
"$shared/bench/floors.sh" "" "$CHEVRON_TITLES" | tee "$out/floors.txt"

echo "== chevron benchmarks (ordo-one/benchmark)"
swift package --allow-writing-to-package-directory benchmark run \
  --filter "${1:-.*}" --format jmh --path "$out" --no-progress >"$out/benchmark.log" 2>&1 || { cat "$out/benchmark.log"; exit 1; }

echo "== floors again, after the suite"
"$shared/bench/floors.sh" "" "$CHEVRON_TITLES" | tee -a "$out/floors.txt"
# For comparison only: the floor's shaping with a font per title's script, so that a title in
# Arabic or Han is shaped into real glyphs (Benchmarks/floors/hb_shape_font_per_script.c).
cc -O2 Benchmarks/floors/hb_shape_font_per_script.c -o "$out/per-script" $(pkg-config --cflags --libs harfbuzz fontconfig)
"$out/per-script" "Liberation Sans:bold" "$CHEVRON_TITLES" | tee -a "$out/floors.txt"
python3 scripts/bench_ratios.py "$out" "$titles"
