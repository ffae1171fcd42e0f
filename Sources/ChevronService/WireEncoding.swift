import ChevronLooks
import ChevronText
import ChevronVarlink

/// The engines' values as the interface descriptions shape them.
extension FaceName {
    var json: JSONValue {
        ["family": .string(family), "style": .string(style), "file": .string(file), "index": .int(index)]
    }
}

extension TextMeasurement {
    var json: JSONValue {
        [
            "width": .number(width), "ascent": .number(ascent), "descent": .number(descent),
            "lineHeight": .number(lineHeight), "direction": .string(direction.rawValue), "missing": .int(missing),
            "runs": .array(
                runs.map { run in
                    [
                        "face": run.face.json, "start": .int(run.utf16Range.lowerBound),
                        "end": .int(run.utf16Range.upperBound), "glyphs": .int(run.glyphCount),
                        "width": .number(run.width), "script": .string(run.script),
                        "direction": .string(run.direction.rawValue),
                    ]
                }),
        ]
    }
}

extension Rect {
    var json: JSONValue { ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)] }
}

extension HorizontalInsets {
    var json: JSONValue { ["left": .number(left), "right": .number(right)] }
}

extension BackButtonLayout {
    var json: JSONValue {
        [
            "look": .string(look), "width": .number(width), "height": .number(height), "titleFrame": titleFrame.json,
            "displayedTitle": .string(displayedTitle), "titleSource": .string(titleSource.rawValue),
            "truncated": .bool(truncated), "capInsets": capInsets.json, "titleInsets": titleInsets.json,
            "hitRect": hitRect.json, "direction": .string(direction.rawValue),
            "font": [
                "family": .string(font.family), "style": .string(font.style), "file": .string(font.file),
                "size": .number(fontSize),
            ],
            "textWidth": .number(textWidth),
        ]
    }
}
