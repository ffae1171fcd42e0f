#!/usr/bin/env python3
"""Prints every member of a Varlink interface description as PyPI varlink's own parser reads it,
one line each: `type NAME T`, `method NAME IN -> OUT`, `error NAME T`, types written canonically
(no spaces, `?[]string`, `(a:int,b:(x,y))`). The Swift IDL parser's tests compare their reading
with this.

Usage: varlink_idl_canonical.py FILE.varlink
"""
import sys

import varlink
from varlink import scanner


def canonical(kind):
    if isinstance(kind, bool):
        return "bool"
    if isinstance(kind, int):
        return "int"
    if isinstance(kind, float):
        return "float"
    if isinstance(kind, str):
        return "string"
    if isinstance(kind, scanner._Object):
        return "object"
    if isinstance(kind, scanner._Maybe):
        return "?" + canonical(kind.element_type)
    if isinstance(kind, scanner._Array):
        return "[]" + canonical(kind.element_type)
    if isinstance(kind, scanner._Dict):
        return "[string]" + canonical(kind.element_type)
    if isinstance(kind, scanner._CustomType):
        return kind.name
    if isinstance(kind, scanner._Enum):
        return "(" + ",".join(kind.fields) + ")"
    if isinstance(kind, scanner._Struct):
        return "(" + ",".join(f"{name}:{canonical(value)}" for name, value in kind.fields.items()) + ")"
    raise SystemExit(f"unknown type {kind!r}")


def main(path):
    with open(path, encoding="utf-8") as file:
        interface = varlink.Interface(file.read())
    print(f"interface {interface.name}")
    for name, member in interface.members.items():
        if isinstance(member, scanner._Method):
            print(f"method {name} {canonical(member.in_type)} -> {canonical(member.out_type)}")
        elif isinstance(member, scanner._Error):
            print(f"error {name} {canonical(member.type)}")
        else:
            print(f"type {name} {canonical(member.type)}")


if __name__ == "__main__":
    main(sys.argv[1])
