#!/usr/bin/env python3
"""Writes a TrueType collection of N faces of one tiny font (two glyphs, tables shared), with
fontTools: usage make_collection.py OUT.ttc N. For the tests of the bound on faces."""
import sys
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTCollection
def tiny(name):
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({0x41: "A"})
    pen = TTGlyphPen(None); pen.moveTo((0,0)); pen.lineTo((500,0)); pen.lineTo((500,700)); pen.closePath()
    g = pen.glyph()
    fb.setupGlyf({".notdef": g, "A": g})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (600, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": name, "styleName": "Regular"})
    fb.setupOS2(); fb.setupPost()
    return fb.font
out, faces = sys.argv[1], int(sys.argv[2])
c = TTCollection(); font = tiny("Tiny Many")
c.fonts = [font] * faces
c.save(out, shareTables=True)
