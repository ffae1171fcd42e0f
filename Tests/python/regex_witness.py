#!/usr/bin/env python3
"""Python's re as the witness for chevron check's comment patterns: reads a JSON array of
[pattern, text] pairs from the file named by its argument and prints a JSON array of booleans, whether
re.search finds the pattern in the text."""
import json
import re
import sys

print(json.dumps([re.search(pattern, text) is not None for pattern, text in json.load(open(sys.argv[1], encoding="utf-8"))]))
