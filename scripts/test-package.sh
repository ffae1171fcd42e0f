#!/usr/bin/env bash
# Tests the Debian package and the image on clean systems (`make test-package`).
#
#  1. A clean Debian 12 root made by mmdebstrap from this machine's apt sources, in which
#     `apt-get install ./chevron_*.deb` pulls what the package depends on (and recommends) from
#     Debian. Inside it: `chevron check` of the sample catalogues prints the same rows as the
#     built tree's chevron given the same fonts (the root's own fontconfig set-up, through
#     FONTCONFIG_SYSROOT); chevrond answers a socat Size call with the width the built tree's
#     chevron gives; systemd-analyze verify accepts the installed units, system and user; ldd of
#     both binaries lists no Swift or Foundation library; the socket unit is enabled, and nothing
#     was started.
#  2. The image's root (scripts/build-image-root.sh, as the Containerfile builds it): the same
#     rows from its chevron, run as an unprivileged user; the Containerfile's ENTRYPOINT, run as
#     the image's user, answers `chevron size` from another user that trusts it; with podman,
#     the imported image carries the Containerfile's USER, VOLUME and ENTRYPOINT.
#
# Usage: scripts/test-package.sh [DEB]      (default: the newest chevron_*_amd64.deb at the root)
#        scripts/test-package.sh --can-run  (exit 0 if this machine can run it, else say why)
# CHEVRON_BIN_DIR names the built tree's binaries (default: `swift build --show-bin-path`).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=scripts/roots.sh
. "$root/scripts/roots.sh"

can_run() {
  [ "$(id -u)" -eq 0 ] || { echo "not root (mmdebstrap and chroot need root here)"; return 1; }
  command -v mmdebstrap >/dev/null || { echo "mmdebstrap is not installed (scripts/install-deps.sh installs it)"; return 1; }
  command -v unshare >/dev/null || { echo "unshare is not installed"; return 1; }
  [ -n "$(apt_sources)" ] || { echo "no apt sources to make a root from"; return 1; }
  unshare --mount true 2>/dev/null || { echo "cannot make a mount namespace (unshare --mount)"; return 1; }
}
if [ "${1:-}" = --can-run ]; then can_run; exit; fi
reason=$(can_run) || { echo "test-package: cannot run here: $reason" >&2; exit 1; }

deb=${1:-$(find "$root" -maxdepth 1 -name 'chevron_*_amd64.deb' -printf '%T@ %p\n' | sort -rn | head -1 | cut -d' ' -f2-)}
if [ -z "$deb" ] || [ ! -f "$deb" ]; then echo "test-package: no chevron_*_amd64.deb; run make deb" >&2; exit 1; fi
deb=$(realpath "$deb")
bindir=${CHEVRON_BIN_DIR:-$(cd "$root" && swift build --show-bin-path)}
[ -x "$bindir/chevron" ] || { echo "test-package: no built chevron in $bindir (swift build)" >&2; exit 1; }
mapfile -t sources < <(apt_sources)

work=$(mktemp -d /var/tmp/chevron-test-package.XXXXXX)
trap 'rm -rf "$work"' EXIT
failures=0
seconds() { awk -v from="$1" -v to="$2" 'BEGIN { printf "%.1f", to - from }'; }
pass() { echo "test-package: ok: $*"; }
fail() { echo "test-package: FAIL: $*" >&2; failures=$((failures + 1)); }

# The sample catalogues (Apple, Android, gettext, Flutter, a German .lproj), every look and
# device: rows in many scripts, languages and fonts.
samples=(Localizable.xcstrings Localizable.strings strings.xml gettext flutter de.lproj)
check_arguments=(check "${samples[@]}" --look all --device all --local)
copy_samples() {
  mkdir -p "$1/srv/samples"
  (cd "$root/Tests/samples" && cp -r Localizable.xcstrings Localizable.strings strings.xml gettext flutter "$1/srv/samples/")
  cp -r "$root/Tests/samples/ci/de.lproj" "$1/srv/samples/"
}

# Rows the built tree's chevron prints for the samples with a root's fonts and fontconfig set-up.
host_rows() {
  (cd "$1/srv/samples" && FONTCONFIG_SYSROOT=$1 "$bindir/chevron" "${check_arguments[@]}" 2>/dev/null) || true
}

compare_rows() { # NAME INSIDE HOST
  local rows
  rows=$(printf '%s\n' "$2" | grep -c 'modern' || true)
  if [ "$2" = "$3" ] && [ "$rows" -gt 20 ]; then
    pass "$1: chevron check prints the built tree's $(printf '%s\n' "$2" | wc -l) lines ($rows of modern)"
  else
    fail "$1: chevron check's rows differ from the built tree's:
$(diff <(printf '%s\n' "$3") <(printf '%s\n' "$2") | head -40)"
  fi
}

host_width() { # ROOT TITLE: modern's width for TITLE from the built tree's chevron with ROOT's fonts
  FONTCONFIG_SYSROOT=$1 "$bindir/chevron" size "$2" --look modern --local --json 2>/dev/null \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["width"])'
}

echo "test-package: $deb ($(du -k "$deb" | cut -f1) KiB)"

# 1. The package in a clean Debian 12 root. systemd (for systemd-analyze) and socat (the Size
# call) are the test's own; the package needs neither.
system="$work/system"
start=$(date +%s.%N)
mmdebstrap --quiet --variant=apt --include=systemd,socat \
  --customize-hook="copy-in '$deb' /tmp" \
  --customize-hook="chroot \"\$1\" sh -c 'cd /tmp && date +%s.%N > /root/install-start && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o APT::Install-Recommends=true ./${deb##*/} > /root/install.log 2>&1; echo \$? > /root/install-status; date +%s.%N > /root/install-end'" \
  bookworm "$system" "${sources[@]}"
echo "test-package: clean root made and the package installed in $(seconds "$start" "$(date +%s.%N)") s"
if [ "$(cat "$system/root/install-status")" = 0 ]; then
  pass "apt-get install ./${deb##*/} in the clean root took $(seconds "$(cat "$system/root/install-start")" "$(cat "$system/root/install-end")") s, pulling $(grep -c '^Unpacking ' "$system/root/install.log") packages from Debian"
else
  fail "apt-get install ./${deb##*/}:
$(tail -20 "$system/root/install.log")"
fi

copy_samples "$system"
inside=$(in_root "$system" sh -c "cd /srv/samples && chevron ${check_arguments[*]} 2>/dev/null" || true)
compare_rows "the package's chevron" "$inside" "$(host_rows "$system")"

# shellcheck disable=SC2016 # expanded by the chroot's shell
reply=$(in_root "$system" sh -c '
  chevrond --socket /run/chevrond-test.sock >/tmp/chevrond.log 2>&1 &
  daemon=$!
  for _ in $(seq 100); do [ -S /run/chevrond-test.sock ] && break; sleep 0.1; done
  printf "{\"method\":\"io.chevron.BackButton.Size\",\"parameters\":{\"title\":\"Settings\",\"look\":\"modern\"}}\0" \
    | socat -t 5 - UNIX-CONNECT:/run/chevrond-test.sock | tr -d "\0"
  kill -TERM $daemon; wait $daemon' || true)
width=$(printf '%s' "$reply" | python3 -c 'import json, sys; print(json.load(sys.stdin)["parameters"]["width"])' 2>/dev/null || true)
expected=$(host_width "$system" Settings)
if [ -n "$width" ] && [ "$width" = "$expected" ]; then
  pass "chevrond --socket answers socat's Size call: modern 'Settings' is $width pt, as the built tree's chevron says"
else
  fail "chevrond's Size reply (width '$width', the built tree's $expected): $reply $(cat "$system/tmp/chevrond.log" 2>/dev/null)"
fi

verify=$(in_root "$system" sh -c 'cd /lib/systemd/system && SYSTEMD_COLORS=0 systemd-analyze verify --man=no chevrond.socket chevrond.service 2>&1; mkdir -p /run/user/0 && cd /usr/lib/systemd/user && XDG_RUNTIME_DIR=/run/user/0 SYSTEMD_COLORS=0 systemd-analyze --user verify --man=no chevrond.socket chevrond.service 2>&1' || echo "exit $?")
if [ -z "$verify" ]; then
  pass "systemd-analyze verify accepts the installed units (system and user)"
else
  fail "systemd-analyze verify: $verify"
fi

libraries=$(in_root "$system" ldd /usr/bin/chevron /usr/bin/chevrond)
if printf '%s\n' "$libraries" | grep -Eiq 'swift|foundation|dispatch|BlocksRuntime|not found'; then
  fail "ldd lists Swift libraries or misses some: $(printf '%s\n' "$libraries" | grep -Ei 'swift|foundation|dispatch|BlocksRuntime|not found')"
else
  pass "ldd of chevron and chevrond: $(printf '%s\n' "$libraries" | grep -c '=>') libraries, none of them Swift's or Foundation's"
fi

# A chevrond the installation started runs with the root as its /: other chevronds on this
# machine (tests, users) are not the package's.
started_in() {
  local pid
  for pid in $(pgrep -x chevrond); do
    [ "$(readlink "/proc/$pid/root")" = "$(realpath "$1")" ] && return 0
  done
  return 1
}
if [ -L "$system/etc/systemd/system/sockets.target.wants/chevrond.socket" ] && ! started_in "$system"; then
  pass "chevrond.socket is enabled (sockets.target.wants) and nothing was started in the chroot"
else
  fail "chevrond.socket not enabled, or chevrond started by the installation"
fi

# 2. The image's root.
image="$work/image"
tag=""
if command -v podman >/dev/null; then tag="localhost/chevron-test:$("$bindir/chevron" --version)"; fi
start=$(date +%s.%N)
"$root/scripts/build-image-root.sh" "$deb" "$image" ${tag:+--import "$tag"} >"$work/image.log" 2>&1 \
  || { cat "$work/image.log" >&2; fail "scripts/build-image-root.sh"; }
echo "test-package: the image's root made in $(seconds "$start" "$(date +%s.%N)") s ($(du -sh "$image" | cut -f1))"
copy_samples "$image"
inside=$(in_root "$image" --user 10002:10002 sh -c "cd /srv/samples && chevron ${check_arguments[*]} 2>/dev/null" || true)
compare_rows "the image's chevron, as uid 10002" "$inside" "$(host_rows "$image")"

# The Containerfile's ENTRYPOINT as its USER; a client as another user told to trust it.
entrypoint=$(sed -n 's/^ENTRYPOINT //p' "$root/Containerfile" | python3 -c 'import json, shlex, sys; print(shlex.join(json.load(sys.stdin)))')
user=$(sed -n 's/^USER //p' "$root/Containerfile")
uid=$(in_root "$image" id -u "$user")
answer=$(in_root "$image" sh -c "
  chroot --userspec=$uid:$uid / $entrypoint >/tmp/chevrond.log 2>&1 &
  daemon=\$!
  for _ in \$(seq 100); do [ -S /run/chevron/chevrond.sock ] && break; sleep 0.1; done
  chroot --userspec=10002:10002 / chevron size Settings --look modern --daemon --trust-user $uid --socket /run/chevron/chevrond.sock --json
  kill -TERM \$daemon; wait \$daemon" 2>"$work/entrypoint.err" || true)
width=$(printf '%s' "$answer" | python3 -c 'import json, sys; print(json.load(sys.stdin)["width"])' 2>/dev/null || true)
expected=$(host_width "$image" Settings)
if [ -n "$width" ] && [ "$width" = "$expected" ]; then
  pass "the image's entry point (as $user, uid $uid) answers chevron size --daemon from uid 10002: $width pt"
else
  fail "the image's entry point: width '$width' (the built tree's $expected): $answer $(cat "$work/entrypoint.err") $(cat "$image/tmp/chevrond.log" 2>/dev/null)"
fi

if [ -n "$tag" ]; then
  config=$(podman image inspect "$tag" --format '{{json .Config}}')
  podman rmi "$tag" >/dev/null 2>&1 || true
  if python3 - "$config" "$root/Containerfile" <<'PYTHON'
import json, sys
config, lines = json.loads(sys.argv[1]), open(sys.argv[2], encoding="utf-8").read().split("\n")
value = lambda name: next(line.split(" ", 1)[1] for line in lines if line.startswith(name + " "))
assert config["User"] == value("USER"), config
assert config["Entrypoint"] == json.loads(value("ENTRYPOINT")), config
assert list(config["Volumes"]) == [value("VOLUME")], config
PYTHON
  then pass "podman import gives the image the Containerfile's USER, VOLUME and ENTRYPOINT"
  else fail "the imported image's config: $config"
  fi
else
  echo "test-package: skipped: podman import (podman is not installed)"
fi

if [ "$failures" -gt 0 ]; then
  echo "test-package: $failures failed" >&2
  exit 1
fi
echo "test-package: all passed"
