#!/usr/bin/env python3
"""Prints chevron's benchmark medians as ratios to the floors measured in the same run.

Usage: bench_ratios.py DIR TITLE_COUNT
DIR holds floors.txt (floors.sh's output) and the JMH JSON files ordo-one/benchmark wrote.
A benchmark whose name starts with "uncached" or "cached" measured every title once per iteration.
"""
import glob
import json
import re
import sys

directory, titles = sys.argv[1], int(sys.argv[2])
floors = open(f"{directory}/floors.txt").read()
shape_floor = float(re.search(r"raw hb_shape: ([0-9.]+) us/title", floors).group(1))
socket_floor = float(re.search(r"uds ping-pong: ([0-9.]+) us/round trip", floors).group(1))
print(f"floor: raw hb_shape {shape_floor:.3f} us/title; uds round trip {socket_floor:.2f} us")

# Names: "<kind> <look or font>, N titles". Measurements are compared with the hb_shape floor;
# sizing from cached measurements ("layout") and from the layout cache ("cached size") too; an
# uncached size is compared with the uncached measurement of the same titles in its look's font.
floor_targets = {"uncached": 1.5, "cached": 0.1, "layout": 0.2, "cached size": 0.2}
rows = {}
for path in sorted(glob.glob(f"{directory}/*.json")):
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".")[-1].replace("_", " ")
        metric = entry["secondaryMetrics"]["Time (wall clock)"]
        rows[name] = metric["scorePercentiles"]["50.0"] / titles  # JMH export: microseconds per iteration


def verdict(ratio, target):
    return f"target <= {target}: {'meets' if ratio <= target else 'misses'}"


for name, per_title in sorted(rows.items()):
    subject = name.split(",")[0]
    if subject.startswith("uncached size "):
        look = subject[len("uncached size "):]
        measured = next((v for k, v in rows.items() if k.startswith(f"uncached measure {look},")), None)
        line = f"{name}: {per_title:.3f} us/title = {per_title / shape_floor:.3f} x floor"
        if measured:
            line += f" = {per_title / measured:.2f} x its uncached measurement ({verdict(per_title / measured, 1.5)})"
        print(line)
        continue
    kind = next((k for k in ("cached size", "layout", "uncached", "cached") if subject.startswith(k + " ")), None)
    ratio = per_title / shape_floor
    target = f" ({verdict(ratio, floor_targets[kind])})" if kind else ""
    print(f"{name}: {per_title:.3f} us/title = {ratio:.3f} x floor{target}")
