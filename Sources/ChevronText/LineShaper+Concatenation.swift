import CHarfBuzz

/// What a cut needs of a line's shaping besides its measurement (`LineShaper.measureLine`).
struct ShapedLine {
    /// What the shaping left at each UTF-8 offset of the line.
    var bytes: [ClusterAdvances.Byte]
    /// The line's first run and the face that shaped it; nil for an empty line.
    var firstRun: (segment: RunSegment, face: FontFace)?
}

/// A text shaped on its own as the end of a line that other text precedes (a cut's ellipsis),
/// in one face, script and direction: what is spliced after a prefix instead of shaping the
/// prefix and the text together.
struct LinePiece: Sendable {
    /// The advances in the face's units, summed.
    var units: Int
    /// The glyphs.
    var glyphs: Int
    /// Each cluster's advance in points, in the order of their UTF-8 offsets, summed: what
    /// `LineShaper.measure(_:tailFrom:)` gives for the piece at the end of a line.
    var tail: Double
    /// Whether HarfBuzz found the piece's start safe to concat: clear of unsafe-to-concat at its
    /// start-of-text position.
    var safeAtStart: Bool
}

extension LineShaper {
    /// `text` shaped in `face` with `script`, left to right, as the end of a line (HarfBuzz's
    /// end-of-text flag, not its beginning-of-text one), with the unsafe-to-concat flags.
    func piece(_ text: String, face: FontFace, script: hb_script_t) -> LinePiece {
        var text = text
        return text.withUTF8 { bytes in
            buffers.withBuffer { buffer in
                hb_buffer_clear_contents(buffer)
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    hb_buffer_add_utf8(buffer, characters.baseAddress, Int32(characters.count), 0, Int32(characters.count))
                }
                hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
                hb_buffer_set_script(buffer, script)
                if let language {
                    hb_buffer_set_language(buffer, hb_language_from_string(language, Int32(language.utf8.count)))
                }
                let flags = HB_BUFFER_FLAG_EOT.rawValue | HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT.rawValue
                hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: flags))
                features.features.withUnsafeBufferPointer { list in
                    hb_shape(face.harfBuzzFont, buffer, list.baseAddress, UInt32(list.count))
                }
                var count: UInt32 = 0
                guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                    let positions = hb_buffer_get_glyph_positions(buffer, nil), count > 0
                else { return LinePiece(units: 0, glyphs: 0, tail: 0, safeAtStart: false) }
                // Per cluster, in offset order (left to right, so glyph order), as a line's tail sums.
                var units = 0
                var tail = 0.0
                var index = 0
                while index < Int(count) {
                    let cluster = infos[index].cluster
                    var clusterUnits = 0
                    while index < Int(count), infos[index].cluster == cluster {
                        clusterUnits += Int(positions[index].x_advance)
                        index += 1
                    }
                    units += clusterUnits
                    tail += Double(clusterUnits) * size / Double(face.shapingUnitsPerEm)
                }
                let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue | HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
                return LinePiece(
                    units: units, glyphs: Int(count), tail: tail,
                    safeAtStart: infos[0].cluster == 0 && hb_glyph_info_get_glyph_flags(infos).rawValue & unsafe == 0)
            }
        }
    }

    /// The measurement `measure(_:tailFrom:)` gives for `shown`, the first `cut` UTF-8 bytes of
    /// the line `line` was shaped from followed by `piece`'s text, taken from that shaping and
    /// the piece's instead of shaping `shown`; nil where HarfBuzz does not vouch that both are
    /// the same.
    ///
    /// HarfBuzz's rule (hb-buffer.h, `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`): two pieces of text each
    /// clear of unsafe-to-concat where they meet shape, concatenated, as their shapings spliced.
    /// So it is taken only when: the cut lies inside the line's first run, which is left to
    /// right; the line's shaping is clear of the flag at the cut and the piece's at its start;
    /// and `shown` itemises into that same single run (same face, script and direction), so that
    /// HarfBuzz would shape it as one buffer of those properties.
    func spliced(
        _ shown: String, line: ShapedLine, cut: Int, piece: LinePiece
    ) throws(TextError) -> (measurement: TextMeasurement, tail: Double)? {
        guard piece.safeAtStart, let (run, face) = line.firstRun, !run.rightToLeft,
            cut > 0, cut < run.utf8Range.upperBound, cut < line.bytes.count,
            line.bytes[cut].startsCluster, !line.bytes[cut].unsafeToConcat
        else { return nil }
        let (segments, missing) = try Itemizer.itemize(shown, font: font)
        guard segments.count == 1, let segment = segments.first, segment.faceSlot == run.faceSlot,
            segment.script == run.script, !segment.rightToLeft, segment.utf8Range == 0..<shown.utf8.count
        else { return nil }
        var units = piece.units
        var glyphs = piece.glyphs
        for byte in line.bytes[..<cut] {
            units += byte.units
            glyphs += byte.glyphs
        }
        // As `shape` computes a run's width, from the same integers: the same bits.
        let textRun = TextRun(
            face: face.name, utf16Range: segment.utf16Range, glyphCount: glyphs,
            width: Double(units) * size / Double(face.shapingUnitsPerEm), script: segment.script.isoTag,
            direction: .ltr)
        let primary = try font.primary(size: size)
        return (assemble(runs: [textRun], faces: [primary, face], missing: missing), piece.tail)
    }
}
