#!/bin/sh
# Installs chevron from this release tarball: chevron and chevrond (linked with the Swift runtime
# statically: no Swift toolchain needed), their man pages and completions, the systemd units and
# the example looks.
#
# Usage: ./install.sh [--prefix DIR] [--destdir DIR]
#   --prefix   where bin/, share/man and the completions go (default /usr/local)
#   --destdir  stage into DIR instead of the running system (packaging, tests)
# System units go to /etc/systemd/system, user units to PREFIX/lib/systemd/user, the example looks
# to /etc/chevron/looks (an edited one is kept). The libraries and fonts the binaries need are
# Debian packages, listed in DEPENDS: `apt-get install` them first (this script says which are
# missing).
set -eu

prefix=/usr/local
destdir=""
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=$2; shift 2 ;;
    --destdir) destdir=$2; shift 2 ;;
    *) echo "usage: $0 [--prefix DIR] [--destdir DIR]" >&2; exit 2 ;;
  esac
done
here=$(cd "$(dirname "$0")" && pwd)

# The Debian packages DEPENDS names (version constraints dropped) that are not installed.
if command -v dpkg-query >/dev/null 2>&1; then
  missing=""
  # shellcheck disable=SC2013 # DEPENDS is one line of comma-separated words
  for package in $(sed 's/([^)]*)//g; s/,/ /g' "$here/DEPENDS"); do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [ "$status" = "install ok installed" ] || missing="$missing $package"
  done
  if [ -n "$missing" ]; then
    echo "install.sh: install these Debian packages first: apt-get install$missing" >&2
    [ -n "$destdir" ] || exit 1
  fi
fi

install -Dm755 "$here/bin/chevron" "$destdir$prefix/bin/chevron"
install -Dm755 "$here/bin/chevrond" "$destdir$prefix/bin/chevrond"
install -Dm644 "$here/share/man/man1/chevron.1" "$destdir$prefix/share/man/man1/chevron.1"
install -Dm644 "$here/share/man/man1/chevrond.1" "$destdir$prefix/share/man/man1/chevrond.1"
install -Dm644 "$here/share/completions/chevron.bash" "$destdir$prefix/share/bash-completion/completions/chevron"
install -Dm644 "$here/share/completions/chevron.zsh" "$destdir$prefix/share/zsh/site-functions/_chevron"
install -Dm644 "$here/share/completions/chevron.fish" "$destdir$prefix/share/fish/vendor_completions.d/chevron.fish"
"$here/scripts/install-units.sh" "$prefix/bin" "$destdir/etc/systemd/system" "$destdir$prefix/lib/systemd/user"
install -d -m755 "$destdir/etc/chevron/looks" "$destdir/etc/chevron/fonts"
for look in "$here"/looks/*.json; do
  target="$destdir/etc/chevron/looks/${look##*/}"
  if [ -e "$target" ] && ! cmp -s "$look" "$target"; then
    echo "install.sh: keeping the edited $target"
  else
    install -m644 "$look" "$target"
  fi
done
if [ -z "$destdir" ] && [ -d /run/systemd/system ]; then systemctl daemon-reload; fi
echo "install.sh: installed chevron $("$destdir$prefix/bin/chevron" --version) in $destdir$prefix"
echo "install.sh: start on demand with: systemctl enable --now chevrond.socket"
