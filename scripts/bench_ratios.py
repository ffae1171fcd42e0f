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

targets = {"uncached": 1.5, "cached": 0.1}
for path in sorted(glob.glob(f"{directory}/*.json")):
    for entry in json.load(open(path)):
        name = entry["benchmark"].split(".")[-1].replace("_", " ")
        metric = entry["secondaryMetrics"]["Time (wall clock)"]
        median_us = metric["scorePercentiles"]["50.0"]  # JMH export: microseconds per iteration
        kind = name.split(" ", 1)[0]
        if kind in targets:
            per_title = median_us / titles
            ratio = per_title / shape_floor
            verdict = "meets" if ratio <= targets[kind] else "misses"
            print(f"{name}: {per_title:.3f} us/title = {ratio:.3f} x floor "
                  f"(target <= {targets[kind]}: {verdict})")
        else:
            print(f"{name}: median {median_us} {metric['scoreUnit']}")
