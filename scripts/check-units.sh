#!/usr/bin/env bash
# Checks the systemd units in systemd/: `systemd-analyze verify` must print nothing, and
# `systemd-analyze security --offline=true` must rate chevrond.service at most MAX_EXPOSURE.
# Usage: scripts/check-units.sh [BINDIR]
#   BINDIR holds the chevrond to verify against (default: .build/release). verify insists that
#   ExecStart's binary exists, so the units are checked as a copy whose ExecStart points there.
# Needs systemd-analyze (Debian package `systemd`); systemd need not be running.
set -euo pipefail

readonly MAX_EXPOSURE=2.0

fail() {
  echo "check-units: FAIL: $*" >&2
  exit 1
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
units="$root/systemd"
bindir=${1:-$root/.build/release}

command -v systemd-analyze >/dev/null \
  || fail "systemd-analyze not found; install the 'systemd' package (scripts/install-deps.sh)"
[ -x "$bindir/chevrond" ] \
  || fail "no executable $bindir/chevrond; build it first (swift build -c release) or pass its BINDIR"
bindir=$(cd "$bindir" && pwd)

# 1. verify, on a copy whose ExecStart names the built binary. The file names must stay
#    chevrond.{socket,service}: the socket unit activates the service of the same name.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$units/chevrond.socket" "$scratch/"
installed_path=/usr/local/bin/chevrond
grep -qx "ExecStart=$installed_path .*" "$units/chevrond.service" \
  || fail "chevrond.service: no 'ExecStart=$installed_path ...' line to point at $bindir"
# Quoted, so a BINDIR with spaces stays one word; sed-escaped for \, & and |.
replacement=$(printf '"%s/chevrond"' "$bindir" | sed 's/[\\&|]/\\&/g')
sed "s|^ExecStart=$installed_path |ExecStart=$replacement |" "$units/chevrond.service" \
  >"$scratch/chevrond.service"

# verify exits 0 even for unknown keys or unparsable values (it only warns and ignores
# them), so any output at all counts as a failure.
verify_status=0
verify_output=$(cd "$scratch" && SYSTEMD_COLORS=0 systemd-analyze verify --man=no \
  chevrond.socket chevrond.service 2>&1) || verify_status=$?
# The copy has the same lines as the original, so name the original in messages.
verify_output=${verify_output//"$scratch"/"$units"}
[ "$verify_status" -eq 0 ] && [ -z "$verify_output" ] \
  || fail "systemd-analyze verify (exit $verify_status) reported problems:
$verify_output"
echo "check-units: systemd-analyze verify: clean (ExecStart=$bindir/chevrond)"

# 1b. The user session's units (systemd/user), verified by a user manager's rules; --user needs
#     a runtime directory, which a private one stands in for.
mkdir -p "$scratch/user" "$scratch/runtime"
cp "$units/user/chevrond.socket" "$scratch/user/"
grep -qx "ExecStart=$installed_path .*" "$units/user/chevrond.service" \
  || fail "user/chevrond.service: no 'ExecStart=$installed_path ...' line to point at $bindir"
sed "s|^ExecStart=$installed_path |ExecStart=$replacement |" "$units/user/chevrond.service" \
  >"$scratch/user/chevrond.service"
verify_status=0
verify_output=$(cd "$scratch/user" && XDG_RUNTIME_DIR="$scratch/runtime" SYSTEMD_COLORS=0 \
  systemd-analyze --user verify --man=no chevrond.socket chevrond.service 2>&1) || verify_status=$?
verify_output=${verify_output//"$scratch/user"/"$units/user"}
[ "$verify_status" -eq 0 ] && [ -z "$verify_output" ] \
  || fail "systemd-analyze --user verify (exit $verify_status) reported problems:
$verify_output"
echo "check-units: systemd-analyze --user verify (systemd/user): clean"

# 2. offline security review of the unit as shipped.
security_output=$(SYSTEMD_COLORS=0 systemd-analyze security --no-pager --offline=true \
  "$units/chevrond.service" 2>&1) || fail "systemd-analyze security failed:
$security_output"
exposure=$(printf '%s\n' "$security_output" \
  | sed -n 's/.*Overall exposure level for chevrond\.service: \([0-9][0-9]*\.[0-9]\).*/\1/p')
[ -n "$exposure" ] || fail "no 'Overall exposure level' in systemd-analyze security output:
$security_output"
if awk -v e="$exposure" -v m="$MAX_EXPOSURE" 'BEGIN { exit !(e > m) }'; then
  printf '%s\n' "$security_output" | grep '✗' >&2 || true
  fail "chevrond.service exposure $exposure is above $MAX_EXPOSURE (findings above)"
fi
echo "check-units: exposure $exposure (limit $MAX_EXPOSURE): OK"
