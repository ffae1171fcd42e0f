#!/usr/bin/env bash
# Builds the release tarball (`make dist`): chevron-VERSION-linux-x86_64.tar.gz, holding the
# binaries the Debian package holds (Swift runtime linked statically), the systemd units, man
# pages, completions, example looks and an install script (packaging/install.sh), and SHA256SUMS
# beside it.
#
# Usage: scripts/dist.sh [OUTDIR]   (default: the repository's root)
# Environment: SOURCE_DATE_EPOCH (default: the last commit's) and STATIC_BUILD, as
#   scripts/stage-release.sh takes them.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mkdir -p "${1:-$root}" && cd "${1:-$root}" && pwd)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
scripts/stage-release.sh "$work/release"
version=$(cat "$work/release/version")
name="chevron-$version-linux-x86_64"
tree="$work/$name"

mkdir -p "$tree/share/man/man1" "$tree/share/completions" "$tree/systemd/user" "$tree/scripts" "$tree/looks"
cp -r "$work/release/bin" "$tree/"
cp "$work/release/man/"*.1 "$tree/share/man/man1/"
cp "$work/release/completions/"* "$tree/share/completions/"
cp "$work/release/depends" "$tree/DEPENDS"
cp systemd/chevrond.socket systemd/chevrond.service "$tree/systemd/"
cp systemd/user/chevrond.socket systemd/user/chevrond.service "$tree/systemd/user/"
cp scripts/install-units.sh "$tree/scripts/"
cp looks/*.json "$tree/looks/"
cp packaging/install.sh LICENSE README.md "$tree/"
mkdir -p "$tree/docs" && cp docs/install.md docs/daemon.md "$tree/docs/"

tarball="$name.tar.gz"
tar -C "$work" --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" -cf - "$name" \
  | gzip -9n >"$out/$tarball"
(cd "$out" && sha256sum "$tarball" >SHA256SUMS)
echo "dist: $out/$tarball ($(du -k "$out/$tarball" | cut -f1) KiB) and $out/SHA256SUMS"
