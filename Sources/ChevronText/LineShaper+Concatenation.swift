import CHarfBuzz

/// What a cut needs of a line's shaping besides its measurement (`LineShaper.measureLine`).
struct ShapedLine {
    /// One run as the line's shaping itemised, shaped and measured it.
    struct Run {
        var segment: RunSegment
        var face: FontFace
        var measured: TextRun
    }

    /// What the shaping left at each UTF-8 offset of the line.
    var bytes: [ClusterAdvances.Byte]
    /// The runs in logical order.
    var runs: [Run]
    /// Whether the line is left to right throughout (`Itemizer.itemizeLine`).
    var leftToRight: Bool
    /// How many scalars of the line no installed font covers.
    var missing: Int
}

/// A text shaped on its own as the end of a line that other text precedes (a cut's ellipsis),
/// in one face, script and direction: what is spliced after a prefix instead of shaping the
/// prefix and the text together.
struct LinePiece: Sendable {
    /// The advances in the face's units, summed.
    var units: Int
    /// The glyphs.
    var glyphs: Int
    /// Each cluster's advance in points, in the order of their UTF-8 offsets (whatever the
    /// direction), summed: what `LineShaper.measure(_:tailFrom:)` gives for the piece at the end
    /// of a line.
    var tail: Double
    /// Whether the piece may be spliced after a prefix: HarfBuzz found its start clear of
    /// unsafe-to-concat, and every scalar of it is of the common script (punctuation like "…",
    /// "..."), so that no joining or mark attachment reaches back into the prefix, which the
    /// piece was shaped without.
    var safeAtStart: Bool
    /// The scalars of the piece's text that need a glyph, when it joins the run a prefix of a
    /// left-to-right line ends in wherever that run's face covers them (`Itemizer.joiningScalars`).
    var joining: [UInt32]? = nil
}

extension LineShaper {
    /// `text` shaped in `face` with `script` and the direction of the run it ends, as the end of
    /// a line (HarfBuzz's end-of-text flag, not its beginning-of-text one), with the
    /// unsafe-to-concat flags.
    func piece(_ text: String, face: FontFace, script: hb_script_t, rightToLeft: Bool) -> LinePiece {
        var utf8 = text
        let shaped = utf8.withUTF8 { bytes in
            shapeEnd(of: bytes, from: 0, tailFrom: 0, face: face, script: script, rightToLeft: rightToLeft)
        }
        return LinePiece(
            units: shaped.units, glyphs: shaped.glyphs, tail: shaped.tail,
            safeAtStart: Itemizer.isCommonScript(text) && shaped.clearAtStart,
            joining: Itemizer.joiningScalars(text))
    }

    /// The end of `line` from UTF-8 offset `start` (a cluster's start) shaped as a piece of the
    /// run it ends, with the bytes before `start` as HarfBuzz's context: its advances in the
    /// face's units and glyphs, the advance in points of its clusters at or after `tailFrom`
    /// (summed as `addClusterAdvances` and `measure(_:tailFrom:)` sum them, cluster by cluster in
    /// the order of their offsets), and whether HarfBuzz found its logical start clear of
    /// unsafe-to-concat and unsafe-to-break.
    private func shapeEnd(
        of line: UnsafeBufferPointer<UInt8>, from start: Int, tailFrom: Int, face: FontFace, script: hb_script_t,
        rightToLeft: Bool
    ) -> (units: Int, glyphs: Int, tail: Double, clearAtStart: Bool) {
        buffers.withBuffer { buffer in
            hb_buffer_clear_contents(buffer)
            line.withMemoryRebound(to: CChar.self) { characters in
                hb_buffer_add_utf8(
                    buffer, characters.baseAddress, Int32(characters.count), UInt32(start),
                    Int32(characters.count - start))
            }
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
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
            else { return (0, 0, 0, false) }
            // Per cluster, in offset order, as a line's tail sums: HarfBuzz gives the glyphs
            // in visual order, so a right-to-left piece's clusters come last first.
            let glyphCount = Int(count)
            let glyph = { (step: Int) in rightToLeft ? glyphCount - 1 - step : step }
            var units = 0
            var tail = 0.0
            var step = 0
            while step < glyphCount {
                let cluster = infos[glyph(step)].cluster
                var clusterUnits = 0
                while step < glyphCount, infos[glyph(step)].cluster == cluster {
                    clusterUnits += Int(positions[glyph(step)].x_advance)
                    step += 1
                }
                units += clusterUnits
                if cluster >= tailFrom { tail += Double(clusterUnits) * size / Double(face.shapingUnitsPerEm) }
            }
            // The piece's logical start: its first glyph left to right, its last right to left.
            // A glyph's flags are the defined bits of its mask (hb_glyph_info_get_glyph_flags).
            let first = infos[glyph(0)]
            let firstFlags = first.mask & HB_GLYPH_FLAG_DEFINED.rawValue
            let unsafe = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue | HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue
            return (units, glyphCount, tail, first.cluster == start && firstFlags & unsafe == 0)
        }
    }

    /// The measurement `measure(_:tailFrom:)` gives for `shown`, the first `cut` UTF-8 bytes of
    /// the line `line` was shaped from followed by an ellipsis, taken from that shaping and the
    /// ellipsis's own (`piece` gives it for a face, script and direction) instead of shaping
    /// `shown`; nil where HarfBuzz does not vouch that both are the same. `partly` tells whether
    /// the end of the cut's run was shaped too, `apart` whether the ellipsis is a run of its own.
    ///
    /// HarfBuzz's rule (hb-buffer.h, `HB_GLYPH_FLAG_UNSAFE_TO_CONCAT`): two pieces of text each
    /// clear of unsafe-to-concat where they meet shape, concatenated, as their shapings spliced.
    /// Where the line's shaping is clear of the flag at the cut, the line's glyphs before it are
    /// spliced with the ellipsis's, when the ellipsis's shaping is clear at its start. Where it is
    /// not (a kerning pair or a ligature across the cut), the line's glyphs are taken up to the
    /// last cluster of the cut's run before the cut that is clear, and `shown` from there on (the
    /// end of the prefix, then the ellipsis) is shaped in the run's face, script and direction,
    /// with the text before as context, and spliced when its start is clear too.
    ///
    /// `shown` must itemise into the line's runs before the cut's, unchanged, then either the
    /// cut's run with the ellipsis in it (same face, script and direction: a right-to-left run's
    /// ellipsis is shaped right to left, and the flags and offsets are logical, so the rule holds
    /// in either direction), or the cut's run ending at the cut and the ellipsis in a run of its
    /// own (after Latin text in a right-to-left line, the ellipsis takes the paragraph's
    /// direction), shaped in that run's face, script and direction. The first is read off the
    /// line's itemisation where it follows from it (`ShapedLine.continuedRun`); otherwise `shown`
    /// is itemised. The runs before are shaped as in the line: HarfBuzz sees at most five
    /// characters of context past a run's end (`HB_BUFFER_CONTEXT_LENGTH`), so the cut must lie
    /// at least five characters into its run, unless that run is the first.
    func spliced(
        _ shown: String, line: ShapedLine, cut: Int,
        piece pieceFor: (FontFace, hb_script_t, _ rightToLeft: Bool) -> LinePiece
    ) throws(TextError) -> (measurement: TextMeasurement, tail: Double, partly: Bool, apart: Bool)? {
        guard cut > 0, cut < line.bytes.count,
            let index = line.runs.firstIndex(where: { $0.segment.utf8Range.contains(cut) })
        else { return nil }
        let run = line.runs[index]
        let start = run.segment.utf8Range.lowerBound
        guard cut > start,
            index == 0 || shown.utf8.dropFirst(start).prefix(cut - start).count(where: { $0 & 0xC0 != 0x80 }) >= 5
        else { return nil }
        // Asked of the cut run's face whichever way the ellipsis lands (its `joining` decides
        // whether it continues the run): an ellipsis that is not common punctuation, or that
        // HarfBuzz finds unsafe at its start, is never spliced.
        let piece = pieceFor(run.face, run.segment.script, run.segment.rightToLeft)
        guard piece.safeAtStart else { return nil }
        // Where the line's glyphs end and a shaping of `shown` takes over: the cut, else the last
        // clear cluster start before it in its run.
        guard let from = line.lastClearClusterStart(in: start + 1..<cut + 1) else { return nil }
        // The cut run as `shown` itemises, and the ellipsis's run when it is one of its own.
        let last: RunSegment
        var apart: RunSegment?
        let missing: Int
        if let continued = try line.continuedRun(shown, index: index, cut: cut, joining: piece.joining, font: font) {
            last = continued
            missing = 0
        } else {
            let (segments, uncovered) = try Itemizer.itemize(shown, font: font)
            let joined = segments.count == index + 1
            guard joined || (segments.count == index + 2 && from == cut),
                zip(segments, line.runs).prefix(index).allSatisfy({ $0.isSame(as: $1.segment) }),
                segments[index].faceSlot == run.segment.faceSlot, segments[index].script == run.segment.script,
                segments[index].rightToLeft == run.segment.rightToLeft,
                segments[index].utf8Range == start..<(joined ? shown.utf8.count : cut)
            else { return nil }
            last = segments[index]
            apart = joined ? nil : segments[index + 1]
            missing = uncovered
        }
        // The ellipsis's own run: its face, and its shaping on its own.
        var ellipsis: (run: TextRun, face: FontFace, tail: Double)?
        if let apart {
            let face =
                apart.faceSlot == 0 ? try font.primary(size: size) : try font.fallbackFace(at: apart.faceSlot - 1)
            let own = pieceFor(face, apart.script, apart.rightToLeft)
            guard own.safeAtStart else { return nil }
            ellipsis = (
                TextRun(
                    face: face.name, utf16Range: apart.utf16Range, glyphCount: own.glyphs,
                    width: Double(own.units) * size / Double(face.shapingUnitsPerEm), script: apart.script.isoTag,
                    direction: apart.rightToLeft ? .rtl : .ltr),
                face, own.tail
            )
        }
        let end: (units: Int, glyphs: Int, tail: Double)
        if ellipsis != nil {
            end = (0, 0, 0)
        } else if from == cut {
            end = (piece.units, piece.glyphs, piece.tail)
        } else {
            var utf8 = shown
            let shaped = utf8.withUTF8 { bytes in
                shapeEnd(
                    of: bytes, from: from, tailFrom: cut, face: run.face, script: run.segment.script,
                    rightToLeft: run.segment.rightToLeft)
            }
            guard shaped.clearAtStart else { return nil }
            end = (shaped.units, shaped.glyphs, shaped.tail)
        }
        var units = end.units
        var glyphs = end.glyphs
        for byte in line.bytes[start..<from] {
            units += byte.units
            glyphs += byte.glyphs
        }
        // As `shape` computes a run's width, from the same integers: the same bits.
        let spliced = TextRun(
            face: run.face.name, utf16Range: last.utf16Range, glyphCount: glyphs,
            width: Double(units) * size / Double(run.face.shapingUnitsPerEm), script: last.script.isoTag,
            direction: last.rightToLeft ? .rtl : .ltr)
        // The runs before the cut as the line measured them, then the spliced one, then the
        // ellipsis's own.
        var runs: [TextRun] = []
        runs.reserveCapacity(index + 2)
        for before in line.runs[..<index] { runs.append(before.measured) }
        runs.append(spliced)
        // Vertical metrics as `assemble(runs:primary:faces:missing:)` takes them, from the faces used.
        let primary = try font.primary(size: size)
        var extents = LineExtents(primary, size: size)
        for used in line.runs[...index] { extents.include(used.face, size: size) }
        if let ellipsis {
            runs.append(ellipsis.run)
            extents.include(ellipsis.face, size: size)
        }
        return (
            assemble(runs: runs, primary: primary, extents: extents, missing: missing),
            ellipsis?.tail ?? end.tail, from < cut, ellipsis != nil
        )
    }
}

extension ShapedLine {
    /// The last UTF-8 offset in `offsets` where a cluster starts that HarfBuzz found clear of
    /// unsafe-to-concat (and unsafe-to-break) in this line's shaping, or nil.
    func lastClearClusterStart(in offsets: Range<Int>) -> Int? {
        var offset = offsets.upperBound
        while offset > offsets.lowerBound {
            offset -= 1
            if bytes[offset].startsCluster && !bytes[offset].unsafeToConcat { return offset }
        }
        return nil
    }

    /// The last run of `shown` (this line's text up to UTF-8 offset `cut`, inside run `index`,
    /// then an ellipsis whose scalars needing a glyph are `joining`), when `Itemizer.itemizeLine`
    /// would itemise `shown` into this line's runs before run `index`, unchanged, then run
    /// `index` cut short with the ellipsis joined to it; nil when that does not follow.
    ///
    /// It follows because the itemiser is causal (each cluster's face and run come from the
    /// clusters before it), for a line that is left to right throughout and has no scalar that
    /// no font covers, when:
    /// - the ellipsis joins the run (`Itemizer.joiningScalars`), whose face covers its scalars:
    ///   the primary face for a run in it; a fallback face that has no colour glyphs, by its
    ///   fontconfig charset as `ClusterPlacement` asks, for a run in one (weak scalars stay in
    ///   the face around them);
    /// - the run's part before the cut has a scalar of a script, so the run keeps its script;
    /// - the prefix's last scalar stands alone, so the ellipsis starts a cluster of its own.
    func continuedRun(
        _ shown: String, index: Int, cut: Int, joining: [UInt32]?, font: ResolvedFont
    ) throws(TextError) -> RunSegment? {
        guard leftToRight, missing == 0, let joining else { return nil }
        let run = runs[index].segment
        if run.faceSlot == 0 {
            guard joining.allSatisfy(font.primary.covers) else { return nil }
        } else {
            let chain = try font.chain()
            let position = run.faceSlot - 1
            guard !chain.isColor[position], joining.allSatisfy({ chain.covers(position, $0) }) else { return nil }
        }
        let start = run.utf8Range.lowerBound
        let from = shown.utf8.index(shown.startIndex, offsetBy: start)
        let to = shown.utf8.index(from, offsetBy: cut - start)
        let scalars = shown.unicodeScalars
        guard scalars[from..<to].contains(where: Itemizer.hasScript), scalars[scalars.index(before: to)].standsAlone
        else { return nil }
        return RunSegment(
            faceSlot: run.faceSlot, script: run.script, utf8Range: start..<shown.utf8.count,
            utf16Range: run.utf16Range.lowerBound..<shown.utf16.count, rightToLeft: false)
    }
}

extension RunSegment {
    /// Whether two segments are the same stretch with the same face, script and direction.
    func isSame(as other: RunSegment) -> Bool {
        faceSlot == other.faceSlot && script == other.script && utf8Range == other.utf8Range
            && utf16Range == other.utf16Range && rightToLeft == other.rightToLeft
    }
}
