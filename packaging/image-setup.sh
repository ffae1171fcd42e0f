#!/bin/sh
# Run inside chevron's image as it is built (the Containerfile's RUN, and a chroot of
# scripts/build-image-root.sh): the user chevrond runs as, the socket's folder, no apt lists.
# Usage: image-setup.sh
set -eu

# A user of its own with a fixed uid, so a client in another container can be told to trust it
# (chevron --trust-user 10001).
groupadd --gid 10001 chevron
useradd --no-log-init --uid 10001 --gid 10001 --home-dir /nonexistent --no-create-home \
  --shell /usr/sbin/nologin chevron
# The socket's folder, the image's volume: chevrond binds /run/chevron/chevrond.sock in it.
install -d -m 0755 -o chevron -g chevron /run/chevron
# fontconfig's cache, rebuilt for the fonts installed, so chevrond starts without scanning.
fc-cache -s >/dev/null
rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin /tmp/chevron_*.deb
