#!/usr/bin/env bash
# Runs every fuzz target (Fuzz/) with libFuzzer and AddressSanitizer for FUZZ_SECONDS each
# (default 180), starting from the seed corpus in Fuzz/corpus/TARGET (new inputs go to a scratch
# copy under .build-fuzz/, not into the repository). A crash is written to Fuzz/crashes/TARGET/
# with a one-line command that reproduces it; commit it with its fix, and `make test` replays it
# from then on. Usage: scripts/fuzz.sh [TARGET...]   (FUZZ_SECONDS=60 scripts/fuzz.sh json)
#
# The catalogue readers fed entity-heavy XML (android, xliff) run with -timeout=1
# -rss_limit_mb=256: their entity expansion is bounded (docs/check-formats.md, "Entities"), so an input
# over a second or 256 MiB is a finding. libFuzzer's limit is on the process's resident memory,
# so for them AddressSanitizer's quarantine of freed memory (256 MiB by default) is cut to 16 MiB,
# freed memory goes back to the system every half second, and they run in rounds of at most 60 s,
# each a new process on the corpus so far: Foundation's XML parser on Linux never frees what it
# makes to report a parse error, so one long process grows by the errors of every input it has
# read. The other targets keep -timeout=10 -rss_limit_mb=4096 and one process.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-180}
targets=("$@")
all=(frames json one-pass calls manifest check-formats android xliff plurals project)
[ ${#targets[@]} -gt 0 ] || targets=("${all[@]}")
flags=(--package-path Fuzz -Xswiftc -sanitize=fuzzer,address)

echo "== building the fuzz targets (libFuzzer + AddressSanitizer)"
swift build "${flags[@]}"
bin=$(swift build "${flags[@]}" --show-bin-path)

found=0
for target in "${targets[@]}"; do
  [ -x "$bin/fuzz-$target" ] || { echo "fuzz: no target $target (targets: ${all[*]})"; exit 2; }
  case "$target" in
    android | xliff)
      limits=(-timeout=1 -rss_limit_mb=256) round=60
      asan=detect_leaks=0:quarantine_size_mb=16:allocator_release_to_os_interval_ms=500
      ;;
    *) limits=(-timeout=10 -rss_limit_mb=4096) asan=detect_leaks=0 round=$seconds ;;
  esac
  scratch=".build-fuzz/corpus/$target"
  crashes="Fuzz/crashes/$target"
  mkdir -p "$scratch" "$crashes"
  before=$(ls "$crashes" | sort)
  echo "== $target for ${seconds} s"
  left=$seconds rounds=0 executed=0 peak=0
  while [ "$left" -gt 0 ]; do
    this=$((left < round ? left : round))
    # Leak checks are off: the font and text caches live as long as the process, by design. The
    # Swift backtracer is off: libFuzzer reports a crash itself, and the backtracer can hang on one.
    out=$(SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="$asan" "$bin/fuzz-$target" -max_total_time="$this" "${limits[@]}" \
      -detect_leaks=0 -artifact_prefix="$crashes/" -print_final_stats=1 "$scratch" "Fuzz/corpus/$target" 2>&1 \
      | grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+== ?ERROR|SUMMARY)' || true)
    echo "$out"
    units=$(echo "$out" | sed -n 's/^stat::number_of_executed_units: *//p')
    rss=$(echo "$out" | sed -n 's/^stat::peak_rss_mb: *//p')
    rounds=$((rounds + 1)) executed=$((executed + ${units:-0})) left=$((left - this))
    [ "${rss:-0}" -gt "$peak" ] && peak=$rss
    [ "$(ls "$crashes" | sort)" = "$before" ] || break
  done
  [ "$rounds" -gt 1 ] && echo "fuzz: $target: $rounds rounds, $executed inputs run, peak RSS $peak MB"
  for file in $(comm -13 <(echo "$before") <(ls "$crashes" | sort)); do
    found=1
    echo "fuzz: $target found $crashes/$file; reproduce with:"
    echo "  swift build ${flags[*]} && ASAN_OPTIONS=detect_leaks=0 $bin/fuzz-$target $crashes/$file"
  done
done
[ "$found" -eq 0 ] && echo "fuzz: no crash in ${#targets[@]} target(s) of ${seconds} s each"
exit "$found"
