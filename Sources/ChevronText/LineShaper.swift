import CHarfBuzz

/// Shapes itemised runs with HarfBuzz and sums their advances into a `TextMeasurement`.
struct LineShaper {
    let font: ResolvedFont
    /// The validated request: its size, features (parsed once) and language. Kept whole, one
    /// reference, because a shaper is copied with every line a cut keeps.
    let request: FontRequest
    let buffers: BufferPool

    var size: Double { request.size }
    var features: FeatureList { request.shapingFeatures }
    var language: String? { request.language }

    /// Measures `text` as one line: itemise, shape every run, sum advances.
    func measure(_ text: String) throws(TextError) -> TextMeasurement {
        let (runs, primary, extents, missing, _, characters) = try shapeEachRun(text) {
            segment, face, bytes, buffer, _ in
            shape(segment, of: bytes, with: face, in: buffer)
        }
        return assemble(runs: runs, primary: primary, extents: extents, missing: missing, characters: characters)
    }

    /// Measures `text` as `measure` does, from the same single shaping, and also gives the
    /// advance of each of its grapheme clusters (see `ClusterAdvances`).
    func measureClusters(_ text: String) throws(TextError) -> (measurement: TextMeasurement, clusters: ClusterAdvances)
    {
        let (measurement, line) = try measureBytes(text)
        return (measurement, ClusterAdvances(text, bytes: line.bytes))
    }

    /// Measures `text` as `measure` does, and what a cut needs of the shaping: what it left at
    /// each UTF-8 offset, with HarfBuzz's unsafe-to-concat flags, and the line's runs.
    func measureLine(_ text: String) throws(TextError) -> (TextMeasurement, ShapedLine) {
        try measureBytes(text, concatFlags: true)
    }

    /// `measureLine`, except that a line of one run no wider than `width` needs no cut and comes
    /// back without its shaping (nil): gathering it would cost a title that fits (most titles)
    /// an array as long as its UTF-8 and a pass over its glyphs.
    func measureLine(_ text: String, cutOnlyBeyond width: Double) throws(TextError) -> (TextMeasurement, ShapedLine?) {
        try measureBytes(text, concatFlags: true, unlessWithin: width)
    }

    /// Measures `text` as `measure` does, and also gives the advance of the glyphs whose clusters
    /// lie at or after UTF-8 offset `tail`: what the end of the line (an ellipsis after a prefix)
    /// took in context, in points.
    func measure(_ text: String, tailFrom tail: Int) throws(TextError) -> (measurement: TextMeasurement, tail: Double) {
        let (measurement, line) = try measureBytes(text)
        let bytes = line.bytes
        return (measurement, bytes[min(max(tail, 0), bytes.count)...].reduce(0) { $0 + $1.advance })
    }

    /// `measure(_:tailFrom:)` for `shown`, a prefix of the text `line` was shaped from cut at
    /// UTF-8 offset `tail` followed by an ellipsis, shaping only the runs from the cut's on: the
    /// runs before it come from the line's shaping, where `shown` itemises into the same runs
    /// and each ends at least five characters before the cut. HarfBuzz shapes a run from its
    /// own text and at most five characters of context on each side
    /// (`HB_BUFFER_CONTEXT_LENGTH`), all unchanged for those runs, so their shaping in `shown`
    /// is the line's: the result is the whole shaping's, to the bit. `reused` counts those runs.
    func measure(_ shown: String, tailFrom tail: Int, reusing line: ShapedLine) throws(TextError) -> (
        measurement: TextMeasurement, tail: Double, reused: Int
    ) {
        let (segments, missing, _, _) = try Itemizer.itemizeLine(shown, font: font)
        var utf8 = shown
        let kept = utf8.withUTF8 { bytes in
            var kept = 0
            // A run of the line that ends past the cut can match a run of `shown` by its range
            // alone (the ellipsis in the same face and script): only runs ending before the cut
            // are taken.
            while kept < segments.count - 1, kept < line.runs.count,
                segments[kept].isSame(as: line.runs[kept].segment), segments[kept].utf8Range.upperBound <= tail,
                bytes[segments[kept].utf8Range.upperBound..<tail].count(where: { $0 & 0xC0 != 0x80 }) >= 5
            {
                kept += 1
            }
            return kept
        }
        // With none kept, this is `measure(_:tailFrom:)` from the itemisation already made.
        let primary = try font.primary(size: size)
        var faces = line.runs[..<kept].map(\.face)
        faces.reserveCapacity(segments.count)
        for segment in segments[kept...] { faces.append(try face(of: segment, primary: primary)) }
        var runs = line.runs[..<kept].map(\.measured)
        runs.reserveCapacity(segments.count)
        var ends = [ClusterAdvances.Byte](repeating: ClusterAdvances.Byte(), count: shown.utf8.count)
        utf8.withUTF8 { bytes in
            buffers.withBuffer { buffer in
                for position in kept..<segments.count {
                    runs.append(shape(segments[position], of: bytes, with: faces[position], in: buffer))
                    addClusterAdvances(in: buffer, face: faces[position], to: &ends)
                }
            }
        }
        return (
            assemble(runs: runs, primary: primary, faces: faces, missing: missing),
            ends[min(max(tail, 0), ends.count)...].reduce(0) { $0 + $1.advance },
            kept
        )
    }

    /// Measures `text` as `measure` does, and gathers what the shaping left at each UTF-8 offset
    /// (with `concatFlags`, HarfBuzz's unsafe-to-concat flags too, which cost it some work).
    func measureBytes(_ text: String, concatFlags: Bool = false) throws(TextError) -> (TextMeasurement, ShapedLine) {
        let (measurement, line) = try measureBytes(text, concatFlags: concatFlags, unlessWithin: nil)
        // Without a width the shaping is always gathered.
        return (measurement, line ?? ShapedLine(bytes: [], runs: [], leftToRight: false, missing: 0))
    }

    /// `measureBytes`, gathering nothing (nil) for a line of one run no wider than `width`.
    private func measureBytes(_ text: String, concatFlags: Bool, unlessWithin width: Double?) throws(TextError) -> (
        TextMeasurement, ShapedLine?
    ) {
        // Gathered into from the first run that needs it on (with no width, from the first);
        // no nested function touches these, so the closure below needs no exclusivity checks.
        var line = ShapedLine(bytes: [], runs: [], leftToRight: false, missing: 0)
        var gathered = false
        let count = text.utf8.count
        let (runs, primary, extents, missing, leftToRight, characters) = try shapeEachRun(text) {
            segment, face, utf8, buffer, runCount in
            let run = shape(segment, of: utf8, with: face, in: buffer, concatFlags: concatFlags)
            // The line's width is this run's: known now, before the buffer is reused.
            if let width, runCount == 1, run.width <= width { return run }
            if !gathered {
                line.bytes = [ClusterAdvances.Byte](repeating: ClusterAdvances.Byte(), count: count)
                gathered = true
            }
            addClusterAdvances(in: buffer, face: face, to: &line.bytes)
            line.runs.append(ShapedLine.Run(segment: segment, face: face, measured: run))
            return run
        }
        line.leftToRight = leftToRight
        line.missing = missing
        return (
            assemble(runs: runs, primary: primary, extents: extents, missing: missing, characters: characters),
            gathered ? line : nil
        )
    }

    /// The same line's glyphs, placed as HarfBuzz placed them for `measure`: what a renderer draws.
    func glyphs(_ text: String) throws(TextError) -> GlyphLine {
        let (runs, primary, extents, missing, _, _) = try shapeEachRun(text) { segment, face, bytes, buffer, _ in
            let direction = shapeInto(buffer, segment, of: bytes, with: face)
            return GlyphRun(
                face: face.name, hasColor: face.metrics.hasColor, renderable: RenderableFace(face),
                direction: direction,
                glyphs: placedGlyphs(in: buffer, scale: size / Double(face.shapingUnitsPerEm)))
        }
        let measurement = assemble(runs: [], primary: primary, extents: extents, missing: missing)
        return GlyphLine(runs: runs, ascent: measurement.ascent, descent: measurement.descent)
    }

    /// Itemises `text`, then hands each run's segment, face, the line's UTF-8 bytes, a HarfBuzz
    /// buffer and the number of runs to `read`, which shapes the run and keeps what it needs of it.
    /// - Returns: the runs, the primary face (at this size), the vertical extents of the faces
    ///   used, the count of scalars no face covers, whether the line is left to right throughout,
    ///   and its `Character`s when the itemiser counted them.
    private func shapeEachRun<Run>(
        _ text: String,
        _ read: (RunSegment, FontFace, UnsafeBufferPointer<UInt8>, OpaquePointer, Int) -> Run
    ) throws(TextError) -> (
        runs: [Run], primary: FontFace, extents: LineExtents, missing: Int, leftToRight: Bool, characters: Int?
    ) {
        let (segments, missing, leftToRight, characters) = try Itemizer.itemizeLine(text, font: font)
        let primary = try font.primary(size: size)
        var extents = LineExtents(primary, size: size)
        var runs: [Run] = []
        runs.reserveCapacity(segments.count)
        // `withUTF8` rethrows untyped: a face that fails to open is carried out by hand.
        var failure: TextError?
        var utf8 = text
        utf8.withUTF8 { bytes in
            buffers.withBuffer { buffer in
                for segment in segments {
                    let face: FontFace
                    do throws(TextError) {
                        face = try self.face(of: segment, primary: primary)
                    } catch {
                        failure = error
                        return
                    }
                    if segment.faceSlot != 0 { extents.include(face, size: size) }
                    runs.append(read(segment, face, bytes, buffer, segments.count))
                }
            }
        }
        if let failure { throw failure }
        return (runs, primary, extents, missing, leftToRight, characters)
    }

    /// The face a segment's slot names: the primary (at this size) or a fallback face.
    private func face(of segment: RunSegment, primary: FontFace) throws(TextError) -> FontFace {
        segment.faceSlot == 0 ? primary : try font.fallbackFace(at: segment.faceSlot - 1)
    }

    /// Shapes one run in the context of the whole line and sums its advances.
    private func shape(
        _ segment: RunSegment, of bytes: UnsafeBufferPointer<UInt8>, with face: FontFace, in buffer: OpaquePointer,
        concatFlags: Bool = false
    ) -> TextRun {
        let direction = shapeInto(buffer, segment, of: bytes, with: face, concatFlags: concatFlags)
        var glyphCount: UInt32 = 0
        var advance = 0
        if let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount) {
            for index in 0..<Int(glyphCount) { advance += Int(positions[index].x_advance) }
        }
        return TextRun(
            face: face.name,
            utf16Range: segment.utf16Range,
            glyphCount: Int(glyphCount),
            width: Double(advance) * size / Double(face.shapingUnitsPerEm),
            script: segment.script.isoTag,
            direction: direction)
    }

    /// Shapes one run into `buffer`, in the context of the whole line so joining scripts see
    /// their neighbours; returns the run's direction.
    private func shapeInto(
        _ buffer: OpaquePointer, _ segment: RunSegment, of bytes: UnsafeBufferPointer<UInt8>, with face: FontFace,
        concatFlags: Bool = false
    ) -> TextDirection {
        hb_buffer_clear_contents(buffer)
        bytes.withMemoryRebound(to: CChar.self) { characters in
            hb_buffer_add_utf8(
                buffer, characters.baseAddress, Int32(characters.count),
                UInt32(segment.utf8Range.lowerBound), Int32(segment.utf8Range.count))
        }
        // The direction is the run's bidirectional level's, not its script's: digits and brackets
        // in Arabic text are left to right, and a bracket is mirrored only at a right-to-left level.
        hb_buffer_set_direction(buffer, segment.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, segment.script)
        if let tag = language {
            // With Chinese's likely script explicit: HarfBuzz reads a bare "zh" as no Han forms.
            let language = LanguageTag.likely(tag)
            hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
        }
        var flags = HB_BUFFER_FLAG_DEFAULT.rawValue
        if segment.utf8Range.lowerBound == 0 { flags |= HB_BUFFER_FLAG_BOT.rawValue }
        if segment.utf8Range.upperBound == bytes.count { flags |= HB_BUFFER_FLAG_EOT.rawValue }
        if concatFlags { flags |= HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue }
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))

        features.features.withUnsafeBufferPointer { list in
            hb_shape(face.harfBuzzFont, buffer, list.baseAddress, UInt32(list.count))
        }
        return segment.rightToLeft ? .rtl : .ltr
    }

    /// Adds the shaped buffer's advances to `bytes`, at each glyph's cluster (a UTF-8 offset
    /// into the line), and marks where clusters start and where HarfBuzz finds a cut unsafe. The
    /// glyphs of one cluster (adjacent in HarfBuzz's output, in either direction) are summed in
    /// `face`'s shaping units, then scaled to points as `shape` scales a run's width.
    private func addClusterAdvances(
        in buffer: OpaquePointer, face: FontFace, to bytes: inout [ClusterAdvances.Byte]
    ) {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return }
        let glyphCount = Int(count)
        let unitsPerEm = Double(face.shapingUnitsPerEm)
        // A glyph's flags are the defined bits of its mask: what hb-buffer.h's
        // hb_glyph_info_get_glyph_flags macro reads, without a call per glyph.
        let defined = HB_GLYPH_FLAG_DEFINED.rawValue
        let unsafeToBreak = HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
        let unsafeToConcat = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
        bytes.withUnsafeMutableBufferPointer { bytes in
            var index = 0
            while index < glyphCount {
                let cluster = Int(infos[index].cluster)
                var advance = 0
                var glyphs = 0
                var flags: UInt32 = 0
                repeat {
                    advance += Int(positions[index].x_advance)
                    glyphs += 1
                    flags |= infos[index].mask & defined
                    index += 1
                } while index < glyphCount && Int(infos[index].cluster) == cluster
                guard cluster < bytes.count else { continue }
                let unsafe = flags & unsafeToBreak != 0
                bytes[cluster].advance += Double(advance) * size / unitsPerEm  // as `shape` scales a run
                bytes[cluster].units += advance
                bytes[cluster].glyphs += glyphs
                bytes[cluster].startsCluster = true
                bytes[cluster].unsafeBefore = bytes[cluster].unsafeBefore || unsafe
                bytes[cluster].unsafeToConcat = bytes[cluster].unsafeToConcat || unsafe || flags & unsafeToConcat != 0
            }
        }
    }

    /// The shaped buffer's glyphs in points, in HarfBuzz's output (visual) order.
    private func placedGlyphs(in buffer: OpaquePointer, scale: Double) -> [PlacedGlyph] {
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
            let positions = hb_buffer_get_glyph_positions(buffer, nil)
        else { return [] }
        return (0..<Int(count)).map { index in
            PlacedGlyph(
                id: infos[index].codepoint, cluster: Int(infos[index].cluster),
                advance: Double(positions[index].x_advance) * scale, xOffset: Double(positions[index].x_offset) * scale,
                yOffset: Double(positions[index].y_offset) * scale)
        }
    }

    /// Sums the runs; vertical metrics are the largest among the primary face and the faces the
    /// runs use (a face may repeat; the maxima do not mind).
    func assemble<Faces: Sequence<FontFace>>(
        runs: [TextRun], primary: FontFace, faces: Faces, missing: Int
    ) -> TextMeasurement {
        var extents = LineExtents(primary, size: size)
        for face in faces { extents.include(face, size: size) }
        return assemble(runs: runs, primary: primary, extents: extents, missing: missing)
    }

    /// `assemble` from the extents gathered while shaping.
    func assemble(
        runs: [TextRun], primary: FontFace, extents: LineExtents, missing: Int, characters: Int? = nil
    ) -> TextMeasurement {
        let direction = runs.first { $0.script != "Zyyy" }?.direction ?? .ltr
        return TextMeasurement(
            width: runs.reduce(0) { $0 + $1.width },
            ascent: extents.ascent,
            descent: extents.descent,
            lineHeight: extents.ascent + extents.descent + extents.lineGap,
            runs: runs,
            missing: missing,
            direction: direction,
            primary: primary.name,
            substituted: font.substituted,
            characters: characters)
    }
}

/// The tallest ascent, descent and line gap of the faces a line is shaped with, in points.
struct LineExtents {
    var ascent: Double
    var descent: Double
    var lineGap: Double

    /// The primary face's, which count for every line whatever faces its runs use.
    init(_ primary: FontFace, size: Double) {
        let metrics = primary.metrics
        ascent = max(0, metrics.points(metrics.ascender, size: size))
        descent = max(0, metrics.points(metrics.descender, size: size))
        lineGap = max(0, metrics.points(metrics.lineGap, size: size))
    }

    /// Takes in a face the line also uses.
    mutating func include(_ face: FontFace, size: Double) {
        let metrics = face.metrics
        ascent = max(ascent, metrics.points(metrics.ascender, size: size))
        descent = max(descent, metrics.points(metrics.descender, size: size))
        lineGap = max(lineGap, metrics.points(metrics.lineGap, size: size))
    }
}
