import ChevronLooks
import ChevronText
import ChevronVarlink
import ChevronWire

/// The engines' values as the interface descriptions shape them.
extension FaceName {
    var wire: TextInterface.Face {
        TextInterface.Face(
            family: family, style: style, file: file, index: index, variations: variations.isEmpty ? nil : variations)
    }

    var json: JSONValue { wire.wire }
}

extension TextMeasurement {
    var json: JSONValue {
        [
            "width": .number(width), "ascent": .number(ascent), "descent": .number(descent),
            "lineHeight": .number(lineHeight), "direction": .string(direction.rawValue), "missing": .int(missing),
            "substituted": .bool(substituted),
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

extension JSONObjectWriter {
    /// Adds a rectangle member.
    mutating func add(_ name: StaticString, rect: Rect) {
        add(name) { object in
            object.add("x", rect.x)
            object.add("y", rect.y)
            object.add("width", rect.width)
            object.add("height", rect.height)
        }
    }

    /// Adds an insets member.
    mutating func add(_ name: StaticString, insets: HorizontalInsets) {
        add(name) { object in
            object.add("left", insets.left)
            object.add("right", insets.right)
        }
    }
}

extension Rect {
    var json: JSONValue { ["x": .number(x), "y": .number(y), "width": .number(width), "height": .number(height)] }
}

extension HorizontalInsets {
    var json: JSONValue { ["left": .number(left), "right": .number(right)] }
}

extension BackButtonLayout {
    /// Written directly (the reply sent most often; see `JSONObjectWriter`).
    var json: JSONValue {
        var writer = JSONObjectWriter()
        writer.add("look", string: look)
        writer.add("width", width)
        writer.add("height", height)
        writer.add("titleFrame", rect: titleFrame)
        writer.add("displayedTitle", string: displayedTitle)
        writer.add("titleSource", string: titleSource.rawValue)
        writer.add("truncated", bool: truncated)
        writer.add("capInsets", insets: capInsets)
        writer.add("titleInsets", insets: titleInsets)
        writer.add("hitRect", rect: hitRect)
        writer.add("direction", string: direction.rawValue)
        writer.add("font") { object in
            object.add("family", string: font.family)
            object.add("style", string: font.style)
            object.add("file", string: font.file)
            object.add("size", fontSize)
            object.add("requested", string: requestedFont)
            object.add("substituted", bool: substituted)
        }
        writer.add("textWidth", textWidth)
        writer.add("missingGlyphs", Double(missingGlyphs))
        return writer.finish()
    }
}
