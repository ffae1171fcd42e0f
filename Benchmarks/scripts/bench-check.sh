#!/usr/bin/env bash
# The check benchmark: `chevron check --look all` over generated string catalogs (733 keys × 19
# languages, the aim's size, and 5,264 keys × 19 languages, 100,016 titles), through a release
# chevrond (first run after start, then warm) and in process; rows per second, wall time, peak
# resident memory of the CLI and of chevrond, and each row's cost as a ratio to the HarfBuzz
# floor of Benchmarks/floors/floors.sh measured in the same run.
# Usage: Benchmarks/scripts/bench-check.sh [ROUNDS]
#        (default 3; a round: a fresh chevrond's first run, a warm run, one in process)
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT

swift build --package-path Benchmarks -c release --product chevrond >/dev/null
swift build --package-path Benchmarks -c release --product chevron >/dev/null
export CHEVRON_BIN_DIR
CHEVRON_BIN_DIR=$(swift build --package-path Benchmarks -c release --show-bin-path)

echo "== floors (Benchmarks/floors/floors.sh)"
Benchmarks/floors/floors.sh | tee "$work/floors.txt"
floor_us=$(sed -n 's/^raw hb_shape: \([0-9.]*\) us\/title.*/\1/p' "$work/floors.txt")

python3 Benchmarks/check/make_catalog.py 733 "$work/aim.xcstrings"
python3 Benchmarks/check/make_catalog.py 5264 "$work/large.xcstrings"
echo "== chevron check --look all (release)"
python3 Benchmarks/scripts/bench_check.py "$floor_us" "${1:-3}" "$work" "$work/aim.xcstrings" "$work/large.xcstrings"
