#!/usr/bin/env python3
"""Talks to a running chevrond with PyPI's varlink package, an implementation independent of
ours: it parses every interface description the daemon serves, calls Size, streams SizeMany
with "more", and catches a typed error. Prints one JSON object for the Swift test to check.

Usage: varlink_client_check.py SOCKET_PATH
"""
import json
import sys

import varlink


def main(path):
    report = {"interfaces": {}}
    with varlink.Client(address="unix:" + path) as client:
        info = client.open("org.varlink.service", namespaced=False)
        for name in info.GetInfo()["interfaces"]:
            interface = client.get_interface(name)  # parsed by varlink's own IDL parser
            report["interfaces"][name] = sorted(interface.members)
        with client.open("io.chevron.BackButton", namespaced=False) as back_button:
            report["size"] = back_button.Size(title="Settings", look="classic")
            report["streamed"] = [
                reply["results"][0]["index"]
                for reply in back_button.SizeMany([{"title": "A"}, {"title": "B"}, {"title": "C"}], _more=True)
            ]
            try:
                back_button.Size(title="Settings", look="no-such-look")
            except varlink.VarlinkError as error:
                report["error"] = {"name": error.error(), "parameters": error.parameters()}
    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1])
