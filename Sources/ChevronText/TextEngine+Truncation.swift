import CHarfBuzz

/// Text cut to fit a width: what a label shows when its title is too long.
public struct Truncation: Sendable, Hashable {
    /// The text shown: the whole text, or a prefix followed by the ellipsis.
    public var displayed: String
    /// The displayed text's width in points.
    public var width: Double
    /// Whether the text was cut.
    public var truncated: Bool
    /// The whole text's width in points.
    public var fullWidth: Double
    /// How many scalars of the whole text no installed font covers.
    public var missing: Int
    /// The displayed text's measurement (the whole text's, or the shaping that checked the cut),
    /// or nil when a cut left nothing: what a layout needs of the shown text without measuring
    /// it again.
    public var measurement: TextMeasurement?

    /// A text shown whole: its measurement is the displayed text's.
    init(whole measurement: TextMeasurement, of text: String) {
        self.init(
            displayed: text, width: measurement.width, truncated: false, fullWidth: measurement.width,
            missing: measurement.missing, measurement: measurement)
    }

    /// Creates a truncation.
    init(
        displayed: String, width: Double, truncated: Bool, fullWidth: Double, missing: Int,
        measurement: TextMeasurement?
    ) {
        self.displayed = displayed
        self.width = width
        self.truncated = truncated
        self.fullWidth = fullWidth
        self.missing = missing
        self.measurement = measurement
    }
}

extension TextEngine {
    /// The longest prefix of `text`, cut between grapheme clusters, that fits `maxWidth` points
    /// with `ellipsis` after it, or the whole text when it fits.
    ///
    /// A flag, an emoji ZWJ sequence, a letter with its combining marks and a Thai cluster are
    /// never split, because cuts fall only between Swift `Character`s (extended grapheme
    /// clusters). Right-to-left text is cut at its logical end, so its visual left. White space
    /// before the ellipsis is dropped. When not even the ellipsis fits, the result is empty.
    /// - Throws: `TextError` for an invalid request, a negative or NaN width, or over-long text.
    /// - Parameter filling: how new results go into full caches (`.freeRoomOnly` for a bulk scan).
    public func truncate(
        _ text: String, font request: FontRequest, maxWidth: Double, ellipsis: String = "…",
        filling: CacheFilling = .evicting
    ) throws(TextError) -> Truncation {
        guard !maxWidth.isNaN, maxWidth >= 0 else {
            throw TextError(.invalidWidth, parameter: "maxWidth", "maximum width \(maxWidth) is not a number ≥ 0")
        }
        try checkLength(ellipsis, parameter: "ellipsis", limit: TextLimits.maximumEllipsisBytes)
        try checkLength(text, parameter: "text", limit: configuration.limits.maximumTextBytes)
        let hash = CacheKey.hash(text, request)
        let full: TextMeasurement
        let shaped: (shaper: LineShaper, line: ShapedLine, generation: Int)?
        // A cached measurement is tried here, not in `measureForCutting`: returned through its
        // tuple, it was stored in eight-byte pieces and loaded in sixteen-byte ones, which the
        // processor cannot forward from its store buffer (a third of this function's time).
        if let cached = cachedMeasurement(text, request, hash: hash) {
            (full, shaped) = (cached, nil)
        } else {
            (full, shaped) = try measureForCutting(
                text, font: request, hash: hash, maxWidth: maxWidth, filling: filling)
        }
        guard full.width > maxWidth else {
            return Truncation(whole: full, of: text)
        }
        if let cached = cachedTruncation(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis) {
            return cached
        }
        // A cached measurement came without what the shaping left by offset: shape once more.
        let shaper: LineShaper
        let line: ShapedLine
        let generation: Int
        if let shaped {
            (shaper, line, generation) = shaped
        } else {
            let session = currentSession
            shaper = try self.shaper(for: request, in: session)
            line = try shaper.measureLine(text).1
            generation = session.generation
        }
        let truncation = try cutPrefix(
            text, line: line, ellipsis: try measureEllipsis(ellipsis, font: request), ellipsisText: ellipsis,
            maxWidth: maxWidth, full: full, shaper: shaper, request: request, generation: generation)
        truncations.insert(
            truncation, for: Self.truncationKey(text, font: request, maxWidth: maxWidth, ellipsis: ellipsis),
            generation: generation, filling: filling)
        return truncation
    }

    /// The whole text's measurement, as `measure` gives it, for a text whose measurement is not
    /// cached (`hash` is its key's): the one shaping that measures it (and caches the
    /// measurement as `measure` would) also gives the cluster advances a cut needs, unless the
    /// text is one run that fits `maxWidth` and so needs no cut.
    private func measureForCutting(
        _ text: String, font request: FontRequest, hash: Int, maxWidth: Double, filling: CacheFilling
    ) throws(TextError) -> (
        measurement: TextMeasurement, shaped: (shaper: LineShaper, line: ShapedLine, generation: Int)?
    ) {
        let session = currentSession
        try request.validate()
        let shaper = try shaper(for: request, in: session)
        let (measurement, line) = try shaper.measureLine(text, cutOnlyBeyond: maxWidth)
        cache.insert(
            measurement, for: CacheKey(text: text, request: request, variant: nil, prehash: hash),
            generation: session.generation, filling: filling)
        // The shaper and the session's generation come back with the line, so that a cut reads
        // the session and resolves the font only once.
        return (measurement, line.map { (shaper, $0, session.generation) })
    }

    /// The longest prefix that fits, for a text known not to fit: estimated from the advances of
    /// its `Character`s in one shaping of the whole text (`line`), then checked (see `settle`).
    /// A candidate is checked by splicing the ellipsis's own shaping after the line's shaping of
    /// the prefix (or the shaping of the prefix's last clusters and the ellipsis after the rest,
    /// where the cut itself is not clear) where HarfBuzz vouches that this is what shaping them
    /// together gives (`LineShaper.spliced`), else by shaping it.
    private func cutPrefix(
        _ text: String, line: ShapedLine, ellipsis: TextMeasurement, ellipsisText: String, maxWidth: Double,
        full: TextMeasurement, shaper: LineShaper, request: FontRequest, generation: Int
    ) throws(TextError) -> Truncation {
        let ellipsisWidth = ellipsis.width
        // Gathered by Character only now that a cut is needed: a text that fits skips it.
        let candidates = CutCandidate.all(
            text, clusters: ClusterAdvances(text, bytes: line.bytes), ellipsisWidth: ellipsisWidth)
        // The text and measurement of each candidate checked (a handful), so the chosen one's
        // come back with the cut; the ellipsis alone is candidate 0.
        // Room made before the first is added: an array literal, then more room, allocated twice.
        var checks: [(index: Int, shown: String, measurement: TextMeasurement)] = []
        checks.reserveCapacity(4)
        checks.append((0, ellipsisText, ellipsis))
        let settled = try Self.settle(
            candidates, maxWidth: maxWidth, ellipsisWidth: ellipsisWidth, slack: CutCandidate.slack * shaper.size
        ) { (index) throws(TextError) -> (width: Double, ellipsis: Double) in
            let candidate = candidates[index]
            let shown = Self.shown(text, upTo: candidate, ellipsis: ellipsisText)
            let checked = try checkCut(
                shown, cut: candidate.utf8Length, line: line, ellipsis: ellipsisText, shaper: shaper, request: request,
                generation: generation)
            checks.append((index, shown, checked.measurement))
            return (checked.measurement.width, checked.tail)
        }
        guard let settled, let chosen = checks.last(where: { $0.index == settled.index }) else {
            return Truncation(
                displayed: "", width: 0, truncated: true, fullWidth: full.width, missing: full.missing,
                measurement: nil)
        }
        return Truncation(
            displayed: chosen.shown, width: settled.width, truncated: true, fullWidth: full.width,
            missing: full.missing, measurement: chosen.measurement)
    }

    /// How a cut was checked (`checkCut`).
    enum CutCheck: Equatable {
        /// The ellipsis's own shaping spliced after the line's shaping of the prefix; `partly`
        /// when the end of the prefix was shaped again with the ellipsis (the cut itself was not
        /// clear), `apart` when the ellipsis is a run of its own after the cut run.
        case spliced(partly: Bool, apart: Bool)
        /// The text shown shaped, taking `reusedRuns` runs from the line's shaping.
        case shaped(reusedRuns: Int)
    }

    /// Checks one cut: the measurement of `shown` (the first `cut` UTF-8 bytes of the text whose
    /// shaping is `line`, then the ellipsis), the ellipsis's advance in it, and how it was found.
    /// Spliced from the line's shaping where HarfBuzz vouches that this is what shaping `shown`
    /// gives (`LineShaper.spliced`), else shaped (`LineShaper.measure(_:tailFrom:reusing:)`).
    func checkCut(
        _ shown: String, cut: Int, line: ShapedLine, ellipsis: String, shaper: LineShaper, request: FontRequest,
        generation: Int
    ) throws(TextError) -> (measurement: TextMeasurement, tail: Double, way: CutCheck) {
        let piece = { (face: FontFace, script: hb_script_t, rightToLeft: Bool) in
            self.ellipsisPiece(
                ellipsis, request: request, face: face, script: script, rightToLeft: rightToLeft, shaper: shaper,
                generation: generation)
        }
        if let spliced = try shaper.spliced(shown, line: line, cut: cut, piece: piece) {
            return (spliced.measurement, spliced.tail, .spliced(partly: spliced.partly, apart: spliced.apart))
        }
        let shaped = try shaper.measure(shown, tailFrom: cut, reusing: line)
        return (shaped.measurement, shaped.tail, .shaped(reusedRuns: shaped.reused))
    }

    /// The prefix `candidate` ends, then the ellipsis, copied as bytes into one allocation: the
    /// prefix ends between two `Character`s, so its bytes are whole UTF-8. (Appended as a
    /// Substring, the prefix went through the standard library's generic append.)
    private static func shown(_ text: String, upTo candidate: CutCandidate, ellipsis: String) -> String {
        var (text, ellipsis) = (text, ellipsis)
        let length = candidate.utf8Length
        return text.withUTF8 { text in
            ellipsis.withUTF8 { ellipsis in
                String(unsafeUninitializedCapacity: length + ellipsis.count) { shown in
                    let shown = UnsafeMutableRawBufferPointer(shown)
                    shown.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: text[..<length])))
                    UnsafeMutableRawBufferPointer(rebasing: shown[length...]).copyMemory(
                        from: UnsafeRawBufferPointer(ellipsis))
                    return length + ellipsis.count
                }
            }
        }
    }

    /// Which of `candidates` (shortest first, the first the ellipsis alone) to show within
    /// `maxWidth`, shaping as few as it can with `shape`, which gives a candidate's width with the
    /// ellipsis and the ellipsis's own advance in it.
    ///
    /// The longest candidate whose estimate fits is shaped; when it does not fit after all (kerning
    /// across the cut, an Arabic letter taking its final form), the next shorter one is, and so
    /// on. When the first one shaped fits, the estimate may have been low instead: the next longer
    /// candidate is shaped too when its estimate, corrected by what the ellipsis took in the shaped
    /// one (a fallback face's ellipsis is not the primary's), fits, or misses by less than `slack`
    /// after a cut HarfBuzz finds unsafe (kerning or a ligature across it); and so on while they
    /// fit. The ellipsis alone needs no shaping: its width is `ellipsisWidth`.
    /// - Returns: the chosen candidate and its shaped width, or nil when not even the ellipsis fits.
    static func settle(
        _ candidates: [CutCandidate], maxWidth: Double, ellipsisWidth: Double, slack: Double,
        shape: (Int) throws(TextError) -> (width: Double, ellipsis: Double)
    ) throws(TextError) -> (index: Int, width: Double)? {
        let first = candidates.lastIndex { $0.estimate <= maxWidth } ?? 0
        var chosen = (index: 0, width: ellipsisWidth)
        var correction = 0.0
        var index = first
        while index > 0 {
            let shaped = try shape(index)
            if shaped.width <= maxWidth {
                chosen = (index, shaped.width)
                correction = shaped.ellipsis - ellipsisWidth
                break
            }
            index -= 1
        }
        if chosen.index == 0, ellipsisWidth > maxWidth { return nil }
        // Every candidate longer than one shaped that did not fit was estimated wider still.
        guard index == first else { return chosen }
        while chosen.index + 1 < candidates.count {
            let next = candidates[chosen.index + 1]
            guard next.estimate + correction <= maxWidth + (next.unsafe ? slack : 0) else { break }
            let shaped = try shape(chosen.index + 1)
            guard shaped.width <= maxWidth else { break }
            chosen = (chosen.index + 1, shaped.width)
            correction = shaped.ellipsis - ellipsisWidth
        }
        return chosen
    }
}

/// A text a cut can show: a prefix of the whole text, cut between `Character`s, the last of them
/// not white space (or none), to be followed by the ellipsis.
struct CutCandidate {
    /// How far past an estimate a candidate after an unsafe cut is still shaped, in ems: more
    /// than kerning usually takes back across a cut.
    static let slack = 0.05

    /// The prefix's length in UTF-8 bytes (it ends between two `Character`s of the text).
    var utf8Length: Int
    /// The estimated width of the prefix with the ellipsis, in points.
    var estimate: Double
    /// Whether HarfBuzz found cutting the whole text at `end` unsafe.
    var unsafe: Bool

    /// The distinct candidates of a cut of `text`, shortest first: the first keeps nothing (the
    /// ellipsis alone, whose width is exact); the whole text is none.
    ///
    /// A prefix's estimate is the sum of its `Character`s' advances, trailing white space left
    /// out, plus `ellipsisWidth`; a ligature's advance is shared evenly among the `Character`s
    /// it joins, so that a cut inside it is not estimated at the whole ligature.
    static func all(_ text: String, clusters: ClusterAdvances, ellipsisWidth: Double) -> [CutCandidate] {
        let characters = clusters.characters
        var candidates: [CutCandidate] = []
        candidates.reserveCapacity(characters.count)
        candidates.append(CutCandidate(utf8Length: 0, estimate: ellipsisWidth, unsafe: false))
        var width = 0.0
        var length = 0
        var share = 0.0
        // The whole text is no candidate: stop before its last Character.
        for offset in 0..<max(0, characters.count - 1) {
            let character = characters[offset]
            if !character.merged {
                // The advance of this Character's cluster, shared with the merged ones after it.
                var joined = offset + 1
                while joined < characters.count, characters[joined].merged { joined += 1 }
                share = character.advance / Double(joined - offset)
            }
            width += share
            length += character.length
            if !character.whiteSpace {
                candidates.append(
                    CutCandidate(
                        utf8Length: length, estimate: width + ellipsisWidth,
                        unsafe: characters[offset + 1].unsafeBefore))
            }
        }
        return candidates
    }
}
