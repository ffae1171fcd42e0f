#!/usr/bin/env bash
# The check benchmark: `chevron check --look all` over generated string catalogs (733 keys × 19
# languages, the aim's size, and 5,264 keys × 19 languages, 100,016 titles), through a release
# chevrond (first run after start, then warm) and in process; rows per second, wall time, peak
# resident memory of the CLI and of chevrond, and each row's cost as a ratio to the HarfBuzz
# floor of ../shared/bench/floors.sh measured in the same run.
# Usage: scripts/bench-check.sh [ROUNDS]   (default 3; a round: a fresh chevrond's first run, a warm run, one in process)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${CHEVRON_SHARED:-../shared}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

swift build -c release --product chevrond >/dev/null
swift build -c release --product chevron >/dev/null

echo "== floors (${shared}/bench/floors.sh)"
"$shared/bench/floors.sh" | tee "$work/floors.txt"
floor_us=$(sed -n 's/^raw hb_shape: \([0-9.]*\) us\/title.*/\1/p' "$work/floors.txt")

python3 Benchmarks/check/make_catalog.py 733 "$work/aim.xcstrings"
python3 Benchmarks/check/make_catalog.py 5264 "$work/large.xcstrings"
echo "== chevron check --look all (release)"
python3 scripts/bench_check.py "$floor_us" "${1:-3}" "$work" "$work/aim.xcstrings" "$work/large.xcstrings"
