#!/bin/sh
# One Size call with socat: a JSON object and a NUL out, the reply (NUL-terminated) back.
# Usage: Examples/size.sh [SOCKET] [TITLE]   (TITLE must not need JSON escaping)
if [ -n "$1" ]; then
  socket=$1
elif [ "$(id -u)" -ne 0 ] && [ -n "$XDG_RUNTIME_DIR" ]; then
  socket=$XDG_RUNTIME_DIR/chevron/chevrond.sock
else
  socket=/run/chevron/chevrond.sock
fi
printf '{"method":"io.chevron.BackButton.Size","parameters":{"title":"%s"}}\0' "${2:-Settings}" \
  | socat -t5 - "UNIX-CONNECT:$socket" | tr '\0' '\n'
