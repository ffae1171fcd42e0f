"""Compares JSON texts member by member, as Python's json module reads them.

Usage: json_same.py [--parameters] ORIGINAL WRITTEN [ORIGINAL WRITTEN ...]

Each argument is a file. With --parameters, each ORIGINAL is a Varlink message and its
"parameters" member is what is compared. A number is compared as a number (12 and 12.0 are the
same), a bool only with a bool. Prints one line per difference, naming the pair and the path;
prints nothing when every pair holds the same JSON. A duplicate key is a difference too.
"""

import json
import sys


def load(path):
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError(f"{path}: a duplicate key")
        return dict(pairs)

    with open(path, "rb") as handle:
        return json.loads(handle.read().decode("utf-8"), object_pairs_hook=no_duplicates)


def differences(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a:
                out.append(f"{path}.{key}: absent != {json.dumps(b[key])}")
            elif key not in b:
                out.append(f"{path}.{key}: {json.dumps(a[key])} != absent")
            else:
                differences(a[key], b[key], f"{path}.{key}", out)
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            out.append(f"{path}: {len(a)} elements != {len(b)}")
        for index, (x, y) in enumerate(zip(a, b)):
            differences(x, y, f"{path}[{index}]", out)
    elif isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        if type(a) is not type(b) or a != b:
            out.append(f"{path}: {json.dumps(a)} != {json.dumps(b)}")
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if float(a) != float(b):
            out.append(f"{path}: {a!r} != {b!r}")
    elif type(a) is not type(b) or a != b:
        out.append(f"{path}: {json.dumps(a)} != {json.dumps(b)}")


def main(arguments):
    parameters = arguments[:1] == ["--parameters"]
    if parameters:
        arguments = arguments[1:]
    out = []
    for pair in range(0, len(arguments) - 1, 2):
        original = load(arguments[pair])
        if parameters:
            original = original["parameters"]
        differences(original, load(arguments[pair + 1]), f"{pair // 2}:", out)
    print("\n".join(out), end="\n" if out else "")


main(sys.argv[1:])
