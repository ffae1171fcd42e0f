#!/usr/bin/env python3
"""Runs the examples in Markdown files and checks (or rewrites) the output they show.

Usage: doc-examples.py --check|--write --bin-dir DIR FILE.md...

Every ```console block is an example: a line starting with "$ " is a command, and the lines after
it, up to the next command or the end of the block, are what it prints: its standard output, then
its standard error (where a terminal shows the notes a command prints as it ends), trailing spaces
dropped. Each command runs in bash from the repository's
root, with DIR (the built chevron and chevrond) first on PATH and `$?` holding the exit status of
the command before it in the block. A comment `<!-- examples run in: PATH -->` makes the blocks
after it run in PATH (relative to the root) instead. Commands that name /tmp/chevrond.sock talk to
a chevrond this script starts on a socket of its own, with the example looks of looks/.

Every ```swift block must appear, indented or not, in a file under Tests/, where a test runs it.

--check prints what differs and exits 1 when anything does; --write puts what the commands print
into the files (`make docs`).
"""
import argparse
import difflib
import os
import pathlib
import re
import socket
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
EXAMPLE_SOCKET = "/tmp/chevrond.sock"
DIRECTORY = re.compile(r"^<!-- examples run in: (.+?) -->$")


class Block:
    """A fenced block: its language, the lines inside it and where they are in the file."""

    def __init__(self, language, start, lines, directory):
        self.language = language
        self.start = start  # index of the first line inside the fence
        self.lines = lines
        self.directory = directory


def blocks(lines):
    directory = "."
    index = 0
    while index < len(lines):
        line = lines[index]
        match = DIRECTORY.match(line.strip())
        if match:
            directory = match.group(1)
        if line.startswith("```") and line.strip() in ("```console", "```swift"):
            language = line.strip()[3:]
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            if end == len(lines):
                raise SystemExit(f"unclosed ``` block at line {index + 1}")
            yield Block(language, index + 1, lines[index + 1:end], directory)
            index = end
        index += 1


def commands(block):
    """The block's commands, each with the lines it shows as its output."""
    result = []
    for line in block.lines:
        if line.startswith("$ "):
            result.append((line[2:], []))
        elif result:
            result[-1][1].append(line)
        elif line.strip():
            raise SystemExit(f"a console block starts with output, not a command: {line!r}")
    return result


class Daemon:
    """chevrond on a socket of this run's own, started when an example first needs it."""

    def __init__(self, bin_dir):
        self.bin_dir = bin_dir
        self.folder = None
        self.process = None

    @property
    def socket_path(self):
        if self.process is None:
            self.folder = tempfile.TemporaryDirectory(prefix="chevron-examples-")
            path = os.path.join(self.folder.name, "chevrond.sock")
            self.process = subprocess.Popen(
                [os.path.join(self.bin_dir, "chevrond"), "--socket", path, "--looks-dir", str(ROOT / "looks"),
                 "--log-level", "error"],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            deadline = time.monotonic() + 60
            while True:
                try:
                    with socket.socket(socket.AF_UNIX) as probe:
                        probe.connect(path)
                    break
                except OSError:
                    if self.process.poll() is not None or time.monotonic() > deadline:
                        raise SystemExit("chevrond did not start for the examples")
                    time.sleep(0.05)
        return os.path.join(self.folder.name, "chevrond.sock")

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.folder.cleanup()


def run(command, directory, status, bin_dir, daemon):
    if EXAMPLE_SOCKET in command:
        command = command.replace(EXAMPLE_SOCKET, daemon.socket_path)
    environment = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '')}", LC_ALL="C.UTF-8")
    completed = subprocess.run(
        ["bash", "-o", "pipefail", "-c", f"(exit {status}); {command}"], cwd=ROOT / directory,
        env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)
    output = (completed.stdout + completed.stderr).decode("utf-8", errors="replace").split("\n")
    if output and output[-1] == "":
        output.pop()
    return [line.rstrip() for line in output], completed.returncode


def swift_example_is_tested(block):
    """Whether the block's code stands, line for line, in a test file."""
    wanted = [line.strip() for line in block.lines if line.strip()]
    for path in (ROOT / "Tests").rglob("*.swift"):
        have = [line.strip() for line in path.read_text(encoding="utf-8").split("\n")]
        for start in range(len(have)):
            if have[start] != wanted[0]:
                continue
            window = [line for line in have[start:start + 3 * len(wanted)] if line]
            if window[:len(wanted)] == wanted:
                return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--write", action="store_true")
    parser.add_argument("--bin-dir", required=True)
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    bin_dir = os.path.abspath(arguments.bin_dir)
    daemon = Daemon(bin_dir)
    differences = 0
    examples = 0
    try:
        for name in arguments.files:
            path = pathlib.Path(name)
            lines = path.read_text(encoding="utf-8").split("\n")
            rewritten = list(lines)
            # Blocks are replaced from the last, so earlier line numbers stay put.
            replacements = []
            for block in blocks(lines):
                if block.language == "swift":
                    if not swift_example_is_tested(block):
                        differences += 1
                        print(f"{name}:{block.start}: this Swift example stands in no file under Tests/")
                    continue
                shown = []
                status = 0
                for command, expected in commands(block):
                    examples += 1
                    printed, status = run(command, block.directory, status, bin_dir, daemon)
                    shown += [f"$ {command}"] + printed
                    if printed != expected and arguments.check:
                        differences += 1
                        print(f"{name}:{block.start}: `{command}` prints something else than the example shows:")
                        sys.stdout.writelines(
                            line + "\n" for line in difflib.unified_diff(
                                expected, printed, "shown", "printed", lineterm=""))
                replacements.append((block.start, len(block.lines), shown))
            for start, count, shown in reversed(replacements):
                rewritten[start:start + count] = shown
            if arguments.write and rewritten != lines:
                path.write_text("\n".join(rewritten), encoding="utf-8")
                print(f"{name}: examples rewritten")
    finally:
        daemon.stop()
    if arguments.check:
        print(f"doc-examples: {examples} commands, {differences} differences")
        sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
