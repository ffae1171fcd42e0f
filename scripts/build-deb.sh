#!/usr/bin/env bash
# Builds chevron_VERSION_amd64.deb (`make deb`): chevron and chevrond linked with the Swift runtime
# statically, their man pages and shell completions, the systemd units (system and user), the
# example look manifests and the copyright file. Depends is what dpkg-shlibdeps reads off the two
# binaries plus the packages scripts/stage-release.sh names (procps, fontconfig, the built-in
# looks' fonts); the maintainer scripts are in packaging/debian/.
#
# Usage: scripts/build-deb.sh [OUTDIR]   (default: the repository's root)
# Environment: MAINTAINER, the package's Maintainer field; SOURCE_DATE_EPOCH, every file's time
#   stamp (default: the last commit's), so two builds of one commit give the same package;
#   STATIC_BUILD, as scripts/stage-release.sh takes it.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mkdir -p "${1:-$root}" && cd "${1:-$root}" && pwd)
maintainer=${MAINTAINER:-Chevron developers <chevron@example.org>}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"
scripts/stage-release.sh "$work/release"
release="$work/release"
version=$(cat "$release/version")
stage="$work/chevron_${version}_amd64"
doc="$stage/usr/share/doc/chevron"

install -Dm755 "$release/bin/chevron" "$stage/usr/bin/chevron"
install -Dm755 "$release/bin/chevrond" "$stage/usr/bin/chevrond"
for page in chevron chevrond; do
  install -Dm644 "$release/man/$page.1" "$stage/usr/share/man/man1/$page.1"
  gzip -9n "$stage/usr/share/man/man1/$page.1"
done
# Where Debian's bash-completion, zsh and fish look for a package's own completions.
install -Dm644 "$release/completions/chevron.bash" "$stage/usr/share/bash-completion/completions/chevron"
install -Dm644 "$release/completions/chevron.zsh" "$stage/usr/share/zsh/vendor-completions/_chevron"
install -Dm644 "$release/completions/chevron.fish" "$stage/usr/share/fish/vendor_completions.d/chevron.fish"

# systemd units: the system's in /lib/systemd/system (Debian 12's place for a package's units),
# the user session's in /usr/lib/systemd/user; ExecStart names the installed binary.
scripts/install-units.sh /usr/bin "$stage/lib/systemd/system" "$stage/usr/lib/systemd/user"

# Documentation: the copyright file, the changelog, the example manifests (to copy into
# /etc/chevron/looks to serve them).
install -Dm644 packaging/debian/copyright "$doc/copyright"
install -Dm644 packaging/debian/changelog "$doc/changelog"
gzip -9n "$doc/changelog"
install -Dm644 README.md "$doc/README.md"
install -Dm644 docs/daemon.md "$doc/daemon.md"
for look in looks/*.json; do install -Dm644 "$look" "$doc/examples/looks/${look##*/}"; done
install -Dm644 packaging/debian/lintian-overrides "$stage/usr/share/lintian/overrides/chevron"

# Control files.
mkdir -p "$stage/DEBIAN"
installed_size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@MAINTAINER@|$maintainer|" -e "s|@INSTALLED_SIZE@|$installed_size|" \
  -e "s|@DEPENDS@|$(cat "$release/depends")|" packaging/debian/control >"$stage/DEBIAN/control"
for script in postinst prerm postrm; do install -m755 "packaging/debian/$script" "$stage/DEBIAN/$script"; done
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) \
  >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/md5sums" "$stage/DEBIAN/control"

# Same time stamps and owners for every file: the package depends on the commit only.
find "$stage" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
package="$out/chevron_${version}_amd64.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "build-deb: $package ($(du -k "$package" | cut -f1) KiB; chevron $(du -k "$stage/usr/bin/chevron" | cut -f1) KiB, chevrond $(du -k "$stage/usr/bin/chevrond" | cut -f1) KiB installed)"
