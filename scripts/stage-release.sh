#!/usr/bin/env bash
# Builds what a release ships, for the Debian package (build-deb.sh) and the tarball (dist.sh):
# chevron and chevrond linked with the Swift runtime statically and stripped, their man pages and
# shell completions, and the Debian packages they need at run time.
#
# Usage: scripts/stage-release.sh DIR   writes
#   DIR/bin/chevron, DIR/bin/chevrond     DIR/man/chevron.1, DIR/man/chevrond.1
#   DIR/completions/chevron.{bash,zsh,fish}
#   DIR/version                           the version chevron --version prints
#   DIR/depends                           a Depends field: dpkg-shlibdeps' libraries and the rest
# Environment: STATIC_BUILD, the static build's scratch folder (default .build-static);
#   SOURCE_DATE_EPOCH, the man pages' date (default: the last commit's).
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 DIR" >&2; exit 2; }
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
scratch=${STATIC_BUILD:-$root/.build-static}
epoch=${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}

# What the binaries need beside their libraries: procps, whose /bin/kill the units reload
# chevrond with; fontconfig; and the fonts the built-in looks ask for, as Debian packages:
# Helvetica is URW's Nimbus Sans (classic, reeder, instagram, dailybooth, bbcustom), modern's
# "SF Pro Text" falls back to the system sans-serif, Noto Sans, and its bar title's stand-in is
# Inter's variable face.
readonly runtime_packages="procps, fontconfig, fonts-urw-base35, fonts-noto-core, fonts-inter-variable"

cd "$root"
echo "stage-release: static release build in $scratch"
# Bound at start-up (-z now), so the whole offset table is read-only after relocation, as
# Debian's hardening flags ask.
build=(swift build -c release --static-swift-stdlib -Xlinker -z -Xlinker now --scratch-path "$scratch")
"${build[@]}" --product chevron
"${build[@]}" --product chevrond
bin="$scratch/release"
"$bin/chevron" --version >"$out/version"

# Stripped as dh_strip strips (the symbol table and notes; Swift's reflection metadata lives in
# sections of its own and stays).
mkdir -p "$out/bin" "$out/man" "$out/completions"
for tool in chevron chevrond; do
  install -m755 "$bin/$tool" "$out/bin/$tool"
  strip --strip-unneeded --remove-section=.comment --remove-section=.note "$out/bin/$tool"
done

# Man pages: swift-argument-parser's generator, run by its package plugin on the debug build (the
# static build's folder is left alone: the plugin would rebuild it without the static runtime).
swift package --allow-writing-to-directory "$out/man" generate-manual --configuration debug \
  --date "$(date -u -d "@$epoch" +%Y-%m-%d)" --output-directory "$out/man" >/dev/null

# bash-completion sources its files: no #! line.
"$bin/chevron" --generate-completion-script bash | sed '1{/^#!/d}' >"$out/completions/chevron.bash"
"$bin/chevron" --generate-completion-script zsh >"$out/completions/chevron.zsh"
"$bin/chevron" --generate-completion-script fish >"$out/completions/chevron.fish"

# dpkg-shlibdeps reads the package list from ./debian/control.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
printf 'Source: chevron\nMaintainer: Chevron developers\n\nPackage: chevron\nArchitecture: amd64\n' \
  >"$work/debian/control"
libraries=$(cd "$work" && dpkg-shlibdeps -O -e"$out/bin/chevron" -e"$out/bin/chevrond" \
  | sed -n 's/^shlibs:Depends=//p')
[ -n "$libraries" ] || { echo "stage-release: dpkg-shlibdeps found no libraries" >&2; exit 1; }
echo "$libraries, $runtime_packages" >"$out/depends"
