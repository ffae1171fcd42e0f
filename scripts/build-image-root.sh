#!/usr/bin/env bash
# Builds chevron's image without a registry: a Debian 12 root made by mmdebstrap from this
# machine's apt sources, with the package installed as the Containerfile installs it (the same
# packaging/image-packages.txt, the same packaging/image-setup.sh), and, with --import, that root
# imported into podman with the Containerfile's USER, VOLUME and ENTRYPOINT.
#
# Usage: scripts/build-image-root.sh DEB ROOTDIR [--import TAG]
# Needs root, mmdebstrap, and for --import podman (Debian packages).
set -euo pipefail

usage() { echo "usage: $0 DEB ROOTDIR [--import TAG]" >&2; exit 2; }
[ $# -eq 2 ] || [ $# -eq 4 ] || usage
deb=$(realpath "$1")
target=$2
tag=""
if [ $# -eq 4 ]; then [ "$3" = --import ] || usage; tag=$4; fi
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ -f "$deb" ] || { echo "build-image-root: no package $deb (make deb)" >&2; exit 1; }

# shellcheck source=scripts/roots.sh
. "$root/scripts/roots.sh"
mapfile -t sources < <(apt_sources)

packages=$(grep -v '^\s*#' "$root/packaging/image-packages.txt" | xargs)
# debian:12-slim leaves out documentation, manuals and translations; so does this root.
slim=()
for path in doc man groff info lintian linda locale; do
  slim+=(--dpkgopt="path-exclude=/usr/share/$path/*")
done
slim+=(--dpkgopt='path-include=/usr/share/doc/*/copyright')

rm -rf "$target"
# /run is kept: the image holds /run/chevron, its volume, owned by its user.
mmdebstrap --quiet --variant=minbase --skip=cleanup/run "${slim[@]}" \
  --customize-hook="copy-in '$deb' '$root/packaging/image-packages.txt' '$root/packaging/image-setup.sh' /tmp" \
  --customize-hook="chroot \"\$1\" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/${deb##*/} $packages >/dev/null" \
  --customize-hook="chroot \"\$1\" sh /tmp/image-setup.sh" \
  --customize-hook="rm -f \"\$1/tmp/image-packages.txt\" \"\$1/tmp/image-setup.sh\"" \
  bookworm "$target" "${sources[@]}"

if [ -n "$tag" ]; then
  # The Containerfile's run-time settings, read from it: USER, VOLUME and ENTRYPOINT.
  changes=()
  while IFS= read -r line; do changes+=(--change "$line"); done \
    < <(grep -E '^(USER|VOLUME|ENTRYPOINT) ' "$root/Containerfile")
  tar -C "$target" --numeric-owner -cf - . | podman import "${changes[@]}" - "$tag" >/dev/null
  echo "build-image-root: imported $tag"
fi
