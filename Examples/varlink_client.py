#!/usr/bin/env python3
"""A chevrond client in Python's standard library only: one Size call over the Unix socket.

Usage: varlink_client.py [SOCKET] [TITLE] [LOOK]
Varlink is one JSON object per message, each followed by a NUL byte.
"""
import json
import os
import socket
import sys


def default_socket():
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    if os.getuid() != 0 and runtime:
        return os.path.join(runtime, "chevron", "chevrond.sock")
    return "/run/chevron/chevrond.sock"


def call(path, method, parameters):
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(path)
        connection.sendall(json.dumps({"method": method, "parameters": parameters}).encode() + b"\0")
        reply = b""
        while not reply.endswith(b"\0"):
            chunk = connection.recv(65536)
            if not chunk:
                raise ConnectionError("chevrond closed the connection")
            reply += chunk
    message = json.loads(reply[:-1])
    if "error" in message:
        raise RuntimeError(f"{message['error']}: {message.get('parameters')}")
    return message["parameters"]


if __name__ == "__main__":
    path = sys.argv[1] if len(sys.argv) > 1 else default_socket()
    title = sys.argv[2] if len(sys.argv) > 2 else "Settings"
    look = sys.argv[3] if len(sys.argv) > 3 else "classic"
    layout = call(path, "io.chevron.BackButton.Size", {"title": title, "look": look})
    print(f"{layout['look']}: {layout['width']} x {layout['height']} pt, shows {layout['displayedTitle']!r}")
