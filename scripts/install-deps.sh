#!/usr/bin/env bash
# Installs the Debian packages Chevron builds and tests against, skipping what is installed.
# Usage: scripts/install-deps.sh [EXTRA_PACKAGE...]
set -euo pipefail

packages=(
  pkg-config
  libfontconfig-dev libfreetype-dev libharfbuzz-dev
  libharfbuzz-bin fontconfig
  fonts-dejavu-core fonts-liberation2 fonts-urw-base35 fonts-noto-core fonts-droid-fallback
  # systemd-analyze and systemd-socket-activate (unit checks); socat (daemon tests)
  systemd socat
  "$@"
)

missing=()
for package in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
  [ "$status" = "install ok installed" ] || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "install-deps: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
# New fonts are visible to fontconfig only after its cache is rebuilt.
fc-cache -f >/dev/null 2>&1 || true
