#!/usr/bin/env bash
# Installs chevron's systemd units: systemd/chevrond.{socket,service} into SYSTEM_UNITDIR and
# systemd/user/chevrond.{socket,service} into USER_UNITDIR, each service's ExecStart pointed at
# BINDIR/chevrond (the units in the repository name /usr/local/bin/chevrond).
# Usage: scripts/install-units.sh BINDIR SYSTEM_UNITDIR USER_UNITDIR
# Used by `make install`, the Debian package and the release tarball's install script.
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 BINDIR SYSTEM_UNITDIR USER_UNITDIR" >&2; exit 2; }
bindir=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
replacement=$(printf '%s/chevrond' "$bindir" | sed 's/[\\&|]/\\&/g')

install_units() {
  local from=$1 to=$2
  install -d -m755 "$to"
  install -m644 "$from/chevrond.socket" "$to/chevrond.socket"
  sed "s|^ExecStart=/usr/local/bin/chevrond |ExecStart=$replacement |" "$from/chevrond.service" \
    >"$to/chevrond.service"
  chmod 644 "$to/chevrond.service"
  grep -qF "ExecStart=$bindir/chevrond " "$to/chevrond.service" \
    || { echo "install-units: $from/chevrond.service has no ExecStart=/usr/local/bin/chevrond line" >&2; exit 1; }
}

install_units "$root/systemd" "$2"
install_units "$root/systemd/user" "$3"
