# Sourced by the scripts that make and use clean Debian roots (build-image-root.sh,
# test-package.sh): this machine's apt sources, and running a command inside a root.

# Prints the machine's apt source files, one a line: mmdebstrap makes a root from the mirror
# the machine already uses, and the root keeps them as its own sources.
apt_sources() {
  local file
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -s "$file" ] && printf '%s\n' "$file"
  done
  return 0
}

# in_root ROOT [--user UID:GID] COMMAND...: runs COMMAND in a chroot of ROOT with /proc, /dev and
# /sys mounted in a mount namespace of its own (nothing stays mounted after it), as root or as
# UID:GID.
in_root() {
  local target=$1 userspec=""
  shift
  if [ "${1:-}" = --user ]; then userspec=$2; shift 2; fi
  unshare --mount --fork -- /bin/sh -c '
    target=$1 userspec=$2; shift 2
    mount -t proc proc "$target/proc" && mount --rbind /dev "$target/dev" && mount --rbind /sys "$target/sys" \
      || exit 125
    if [ -n "$userspec" ]; then exec chroot --userspec="$userspec" "$target" "$@"; fi
    exec chroot "$target" "$@"' in_root "$target" "$userspec" "$@"
}
