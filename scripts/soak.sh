#!/usr/bin/env bash
# A soak and chaos run of chevrond (release build) for SOAK_MINUTES (default 10): mixed load,
# big batches, SIGHUP storms, non-readers and slow senders at once, a second user (nobody, when
# run as root) asking for more than its share of connections, and, under a 256-descriptor
# limit, a flood of connections at that limit; sampling memory, file descriptors and a light
# client's latency every 10 s, then a verdict on each bound (scripts/soak.py says which). Not
# part of `make test`. Usage: scripts/soak.sh [MINUTES]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-${SOAK_MINUTES:-10}}
swift build -c release --product chevrond >/dev/null
swift build -c release --product chevron >/dev/null
exec python3 scripts/soak.py .build/release/chevrond .build/release/chevron "$minutes"
