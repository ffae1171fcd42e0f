import CCairo
import CFontconfig
import ChevronText

/// Draws a shaped line with cairo: every glyph where HarfBuzz placed it, from the face file and
/// index HarfBuzz shaped it with, so the picture shows exactly what was measured.
struct GlyphPainter {
    /// The line's glyphs.
    let line: GlyphLine
    /// The text the line was shaped from (to find where its characters start, for tracking).
    let text: String
    /// The font size in points.
    let size: Double
    /// Extra advance after every character, in points (the look's tracking).
    let tracking: Double
    /// The paragraph's direction, which orders the runs.
    let direction: TextDirection

    /// Draws the line with its left edge at `x` and its baseline at `baseline`, in `color`.
    func draw(on canvas: Canvas, x: Double, baseline: Double, color: Color) throws(RenderError) {
        let context = canvas.context
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        // Unhinted outlines at fractional positions: what the measurement assumed.
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_set_font_options(context, options)
        cairo_set_font_size(context, size)
        canvas.setColor(color)

        let extras = trackingExtras()
        var pen = x
        for index in visualOrder() {
            let run = line.runs[index]
            let face = try Self.fontFace(run.face)
            defer { cairo_font_face_destroy(face) }
            cairo_set_font_face(context, face)
            var glyphs: [cairo_glyph_t] = []
            glyphs.reserveCapacity(run.glyphs.count)
            for (glyph, extra) in zip(run.glyphs, extras[index]) {
                glyphs.append(
                    cairo_glyph_t(index: UInt(glyph.id), x: pen + glyph.xOffset, y: baseline - glyph.yOffset))
                pen += glyph.advance + extra
            }
            cairo_show_glyphs(context, glyphs, Int32(glyphs.count))
            try Canvas.check(cairo_status(context), "drawing glyphs of \(run.face.file)")
        }
    }

    /// A cairo face for the file and index fontconfig matched (cairo opens it with FreeType).
    private static func fontFace(_ name: FaceName) throws(RenderError) -> OpaquePointer {
        let pattern = FcPatternCreate()
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FILE, name.file)
        FcPatternAddInteger(pattern, FC_INDEX, Int32(name.index))
        let face = cairo_ft_font_face_create_for_pattern(pattern)
        try Canvas.check(cairo_font_face_status(face), "opening \(name.file)")
        return face!
    }

    /// The runs' drawing order, left to right: Unicode's rule L2 over two embedding levels
    /// (the paragraph's, and the other direction's runs inside it).
    func visualOrder() -> [Int] {
        let base = direction == .rtl ? 1 : 0
        let levels = line.runs.map { run -> Int in
            switch (base, run.direction) {
            case (0, .rtl): 1
            case (1, .ltr): 2
            default: base
            }
        }
        var order = Array(line.runs.indices)
        guard let highest = levels.max() else { return order }
        let lowestOdd = 1
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// The tracking after each glyph: each character's share goes to the last glyph of the
    /// HarfBuzz cluster the character belongs to, so the line grows by tracking × characters,
    /// as the layout counted it.
    func trackingExtras() -> [[Double]] {
        var extras = line.runs.map { [Double](repeating: 0, count: $0.glyphs.count) }
        guard tracking != 0 else { return extras }
        var characterStarts: [Int] = []
        var offset = 0
        for character in text {
            characterStarts.append(offset)
            offset += character.utf8.count
        }
        let clusters = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
        var characters: [Int: Int] = [:]  // cluster start → characters starting inside it
        var next = 0
        for (position, cluster) in clusters.enumerated() {
            let end = position + 1 < clusters.count ? clusters[position + 1] : Int.max
            while next < characterStarts.count, characterStarts[next] < cluster { next += 1 }
            var count = 0
            while next < characterStarts.count, characterStarts[next] < end {
                count += 1
                next += 1
            }
            characters[cluster] = count
        }
        for (runIndex, run) in line.runs.enumerated() {
            for (index, glyph) in run.glyphs.enumerated()
            where index == run.glyphs.count - 1 || run.glyphs[index + 1].cluster != glyph.cluster {
                extras[runIndex][index] = tracking * Double(characters[glyph.cluster] ?? 0)
            }
        }
        return extras
    }
}
