#!/usr/bin/env bash
# chevrond's benchmarks, as ratios to two floors measured in the same run: the C socket floor of
# Benchmarks/floors/floors.sh and the framework's, a bare SwiftNIO server with chevrond's
# event-loop setup and framing (Benchmarks/Sources/nio-echo-floor) under the same load client.
# - serial GetInfo, which computes nothing (target <= 1.1x the NIO floor);
# - the serial round trip of a cached Size call (targets <= 1.1x the NIO floor and <= 3x the C
#   floor's round trip), and of an uncached Size, a new title each (no target);
# - pipelined throughput, 64 calls in flight (targets >= 1.5x the C floor's serial round trips
#   per second and >= 0.5x the NIO floor's pipelined rate);
# - the daemon's resident memory idle and after 1,000,000 unique titles (bounded by the cache
#   budget);
# - fairness: a light client's p99 beside two connections pipelining big SizeMany calls, against
#   its p99 alone (target <= 5x), and when each of 12 pipelined SizeMany replies arrives;
# - Render (a PNG of a back button at 2x) through `chevron bench`, per call against the floor.
# Usage: Benchmarks/scripts/bench-daemon.sh   (CHEVRON_UNIQUE=N changes the unique-title count)
set -euo pipefail
cd "$(dirname "$0")/../.."
unique=${CHEVRON_UNIQUE:-1000000}
work=$(mktemp -d)
daemon_pid=""
cleanup() { [ -n "$daemon_pid" ] && kill "$daemon_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT

for product in chevrond chevron nio-echo-floor; do
  swift build --package-path Benchmarks -c release --product "$product" >/dev/null
done
bin=$(swift build --package-path Benchmarks -c release --show-bin-path)
cc -O2 -o "$work/load" Benchmarks/daemon/varlink_load.c

echo "== floors (Benchmarks/floors/floors.sh)"
Benchmarks/floors/floors.sh | tee "$work/floors.txt"
floor_us=$(sed -n 's/^uds ping-pong: \([0-9.]*\) us\/round trip.*/\1/p' "$work/floors.txt")
floor_rps=$(sed -n 's/^uds ping-pong: .* us\/round trip, \([0-9]*\) rt\/s.*/\1/p' "$work/floors.txt")

rss_kib() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$daemon_pid/status"; }

echo "== the framework's floor: nio-echo-floor (release), the same load"
"$bin/nio-echo-floor" "$work/echo.sock" >/dev/null &
echo_pid=$!
for _ in $(seq 200); do [ -S "$work/echo.sock" ] && break; sleep 0.05; done
"$work/load" "$work/echo.sock" serial 2000 >/dev/null   # warm-up
echo_serial=$("$work/load" "$work/echo.sock" serial 50000) && echo "$echo_serial"
echo_pipelined=$("$work/load" "$work/echo.sock" pipelined 500000 64) && echo "$echo_pipelined"
kill "$echo_pid"; wait "$echo_pid" 2>/dev/null || true

"$bin/chevrond" --socket "$work/chevrond.sock" --looks-dir looks --log-level warning 2>"$work/log" &
daemon_pid=$!
for _ in $(seq 200); do [ -S "$work/chevrond.sock" ] && break; sleep 0.05; done
sleep 0.5
idle_rss=$(rss_kib)
# The cache budget the RSS is read against: chevrond's default, as its help states it.
cache_mib=$("$bin/chevrond" --help | sed -n 's/.*--cache-mib .*(default: \([0-9]*\)).*/\1/p')

echo "== chevrond (release), cached Size calls of one title"
"$work/load" "$work/chevrond.sock" serial 2000 >/dev/null   # warm-up
getinfo=$("$work/load" "$work/chevrond.sock" serial 50000 getinfo) && echo "$getinfo"
serial=$("$work/load" "$work/chevrond.sock" serial 50000) && echo "$serial"
pipelined=$("$work/load" "$work/chevrond.sock" pipelined 500000 64) && echo "$pipelined"
# The framework's floor again, answering with replies as long as Size's: how much of the gap to
# the short echo is the reply's length alone, copied through the same buffers and sockets.
size_reply_bytes=$(sed -n 's/.*, \([0-9]*\) bytes\/reply$/\1/p' <<<"$pipelined")
echo "== nio-echo-floor answering with replies of $size_reply_bytes bytes, as long as Size's"
"$bin/nio-echo-floor" "$work/echo-sized.sock" "$size_reply_bytes" >/dev/null &
echo_pid=$!
for _ in $(seq 200); do [ -S "$work/echo-sized.sock" ] && break; sleep 0.05; done
"$work/load" "$work/echo-sized.sock" pipelined 100000 64 >/dev/null   # warm-up
echo_sized=$("$work/load" "$work/echo-sized.sock" pipelined 500000 64) && echo "$echo_sized"
kill "$echo_pid"; wait "$echo_pid" 2>/dev/null || true
echo "== chevrond, serial uncached Size calls (a new title each, measured and laid out)"
serial_new=$("$work/load" "$work/chevrond.sock" serial 20000 fresh) && echo "$serial_new"
echo "== $unique unique titles, pipelined"
"$work/load" "$work/chevrond.sock" pipelined "$unique" 64 unique
loaded_rss=$(rss_kib)

echo "== fairness: a light client beside heavy SizeMany connections (Benchmarks/scripts/bench_fairness.py)"
python3 Benchmarks/scripts/bench_fairness.py "$work/chevrond.sock" 5

echo "== Render, 2 connections x 2 in flight, 5 s"
render=$("$bin/chevron" bench --socket "$work/chevrond.sock" --connections 2 --depth 2 --duration 5 \
  --mix render=1 --json)

python3 - "$floor_us" "$floor_rps" "$serial" "$pipelined" "$idle_rss" "$loaded_rss" "$unique" "$render" \
  "$getinfo" "$echo_serial" "$echo_pipelined" "$cache_mib" "$serial_new" "$echo_sized" <<'PY'
import json, re, sys
floor_us, floor_rps = float(sys.argv[1]), float(sys.argv[2])
us = lambda text: float(re.search(r"([0-9.]+) us/call", text).group(1))
per_second = lambda text: float(re.search(r"([0-9]+) calls/s", text).group(1))
serial_us = us(sys.argv[3])
rate = per_second(sys.argv[4])
idle, loaded, unique = int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
getinfo_us, echo_us, echo_rate = us(sys.argv[9]), us(sys.argv[10]), per_second(sys.argv[11])
verdict = lambda ok: "meets" if ok else "misses"
print(f"floors: C socket round trip {floor_us:.2f} us ({floor_rps:.0f} rt/s); "
      f"NIO echo round trip {echo_us:.2f} us, pipelined {echo_rate:.0f} calls/s")
print(f"serial GetInfo round trip: {getinfo_us:.2f} us = {getinfo_us / echo_us:.2f} x NIO floor "
      f"(target <= 1.1: {verdict(getinfo_us / echo_us <= 1.1)}) = {getinfo_us / floor_us:.2f} x C floor")
print(f"serial cached Size round trip: {serial_us:.2f} us = {serial_us / echo_us:.2f} x NIO floor "
      f"(target <= 1.1: {verdict(serial_us / echo_us <= 1.1)}) = {serial_us / floor_us:.2f} x C floor {floor_us:.2f} us "
      f"(target <= 3: {verdict(serial_us / floor_us <= 3)})")
serial_new_us = us(sys.argv[13])
print(f"serial uncached Size round trip (a new title each): {serial_new_us:.2f} us = "
      f"{serial_new_us / echo_us:.2f} x NIO floor = {serial_new_us / floor_us:.2f} x C floor (no target)")
print(f"pipelined (window 64): {rate:.0f} calls/s = {rate / floor_rps:.2f} x C floor {floor_rps:.0f} rt/s "
      f"(target >= 1.5: {verdict(rate / floor_rps >= 1.5)}) = {rate / echo_rate:.2f} x NIO floor's pipelined rate "
      f"(target >= 0.5: {verdict(rate / echo_rate >= 0.5)})")
echo_sized_rate = per_second(sys.argv[14])
print(f"  the NIO floor answering with replies as long as Size's: {echo_sized_rate:.0f} calls/s "
      f"= {echo_sized_rate / echo_rate:.2f} x its short-reply rate; pipelined Size = {rate / echo_sized_rate:.2f} x it")
print(f"RSS idle {idle / 1024:.1f} MiB; after {unique} unique titles {loaded / 1024:.1f} MiB "
      f"(cache budget {sys.argv[12]} MiB)")
render = json.loads(sys.argv[8])
p50 = render["latency"]["p50"] if "latency" in render else render.get("p50", 0)
print(f"Render (PNG at 2x): {render['callsPerSecond']:.0f} calls/s, p50 {p50:.0f} us = {p50 / floor_us:.1f} x floor round trip")
PY
