#!/usr/bin/env python3
"""The text SwiftUI-style inline Markdown shows, by PyPI's markdown-it-py (CommonMark, with
strikethrough): a witness for chevron check's reading of Markdown in Apple catalogues.

Reads a JSON array of strings on standard input; prints a JSON array of [text, styled] pairs:
the inline tokens' text (a soft or hard break as a line break), and whether a run was bold,
italic or code (the styles that may change a run's width).
"""
import json
import sys

from markdown_it import MarkdownIt

PARSER = MarkdownIt("commonmark").enable("strikethrough")


def shown(title):
    # Inline only, as SwiftUI's Text reads a localized key: no headings, lists or paragraphs.
    tokens = PARSER.parseInline(title)[0].children
    text, styled = "", False
    for token in tokens:
        if token.type in ("text", "code_inline"):
            text += token.content
        elif token.type in ("softbreak", "hardbreak"):
            text += "\n"
        elif token.type == "html_inline":
            text += token.content
        if token.type in ("strong_open", "em_open", "code_inline"):
            styled = True
    return [text, styled]


print(json.dumps([shown(title) for title in json.load(sys.stdin)], ensure_ascii=False))
