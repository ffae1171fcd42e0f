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
# floors.txt holds the floors measured before and after the suite: the machine's speed moves
# between them, so each ratio is taken against the lower floor (the stricter verdict) and the
# higher one is shown beside it.
shape_floors = [float(value) for value in re.findall(r"raw hb_shape: ([0-9.]+) us/title", floors)]
shape_floor, high_floor = min(shape_floors), max(shape_floors)
socket_floor = min(float(value) for value in re.findall(r"uds ping-pong: ([0-9.]+) us/round trip", floors))
per_script = min((float(v) for v in re.findall(r"a font per script: ([0-9.]+) us/title", floors)), default=None)
print(
    f"floor: raw hb_shape {shape_floor:.3f} us/title (of {', '.join(f'{v:.3f}' for v in shape_floors)} "
    f"measured before and after; ratios against the lowest, the highest's in brackets); "
    f"uds round trip {socket_floor:.2f} us"
)

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
        line = f"{name}: {per_title:.3f} us/title = {per_title / shape_floor:.3f} x floor [{per_title / high_floor:.3f}]"
        if measured:
            line += f" = {per_title / measured:.2f} x its uncached measurement ({verdict(per_title / measured, 1.5)})"
        print(line)
        continue
    kind = next((k for k in ("cached size", "layout", "uncached", "cached") if subject.startswith(k + " ")), None)
    ratio = per_title / shape_floor
    target = f" ({verdict(ratio, floor_targets[kind])})" if kind else ""
    # The floor font's uncached measurement also against the floor shaped a font per script.
    if subject == "uncached floor font" and per_script:
        target += f"; {per_title / per_script:.3f} x the floor with a font per script ({per_script:.3f} us)"
    print(f"{name}: {per_title:.3f} us/title = {ratio:.3f} x floor [{per_title / high_floor:.3f}]{target}")
