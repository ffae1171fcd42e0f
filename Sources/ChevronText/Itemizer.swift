import CHarfBuzz

/// A stretch of text to shape with one face in one script, before shaping.
struct RunSegment {
    /// 0 for the primary face; `n` for position `n - 1` of the fallback chain.
    var faceSlot: Int
    var script: hb_script_t
    var utf8Range: Range<Int>
    var utf16Range: Range<Int>
    /// Whether the bidirectional algorithm puts the run at an odd (right-to-left) level.
    var rightToLeft: Bool
}

/// HarfBuzz's built-in Unicode functions; immutable and safe to share.
nonisolated(unsafe) private let unicodeFunctions = hb_unicode_funcs_get_default()

/// Splits a line into runs by script and covering face; HarfBuzz does neither
/// (docs/architecture.md, "Runs: ChevronText itemises, HarfBuzz shapes").
enum Itemizer {
    /// The runs of `text` in logical order, and how many scalars no installed font covers.
    ///
    /// When the primary face covers every scalar and nothing asks for emoji presentation (most
    /// titles), this is one pass over the scalars. Otherwise faces are chosen per grapheme
    /// cluster, so a flag, an emoji sequence or a letter with its marks is shaped by one face:
    /// for an emoji cluster, the first colour face covering it; for any other, the first of
    /// primary, then the fallback chain, that covers the whole cluster.
    static func itemize(_ text: String, font: ResolvedFont) throws(TextError) -> (segments: [RunSegment], missing: Int)
    {
        let line = try itemizeLine(text, font: font)
        return (line.segments, line.missing)
    }

    /// `itemize`'s runs and missing count, whether the line is left to right throughout (no
    /// bidirectional levels), and how many `Character`s the text has when the walk could count
    /// them (nil when a scalar does not stand alone and the primary face covers the text: then
    /// no walk by `Character` was needed). The itemiser is causal: each cluster's face and run
    /// follow from the clusters before it, so a prefix of a left-to-right line itemises into the
    /// line's runs cut short (see `ShapedLine.continuedRun`).
    static func itemizeLine(_ text: String, font: ResolvedFont) throws(TextError) -> (
        segments: [RunSegment], missing: Int, leftToRight: Bool, characters: Int?
    ) {
        let primary = font.primary
        if let line = asciiLine(text, primary: primary) { return line }
        let functions = unicodeFunctions  // a global read costs a once-check; read it once
        var builder = RunBuilder(levels: Bidi.levelsIfNeeded(text, direction: nil))
        var uncovered: [UInt32] = []
        var mayBeEmoji = false
        // Counted on the way: a look with tracking multiplies it, and counting apart walked the
        // text again on every layout.
        var scalars = 0
        var standAlone = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            scalars += 1
            if standAlone { standAlone = scalar.standsAlone }
            if !primary.covers(value) && !scalar.isIgnorable {
                // Room for every scalar at once (no more than its bytes): appended one by one,
                // a Han or Arabic title regrew the array four or five times.
                if uncovered.isEmpty { uncovered.reserveCapacity(text.utf8.count) }
                uncovered.append(value)
            } else if scalar.mayAskForEmoji {
                mayBeEmoji = true
            } else if uncovered.isEmpty && !mayBeEmoji {
                let script = value < 0x80 ? Self.asciiScript(value) : hb_unicode_script(functions, value)
                builder.append(slot: 0, script: script, scalar: scalar)
            }
        }
        let leftToRight = builder.levels == nil
        if uncovered.isEmpty && !mayBeEmoji { return (builder.finish(), 0, leftToRight, standAlone ? scalars : nil) }
        let (segments, missing, characters) = try itemizeWithFallback(
            text, font: font, uncovered: uncovered, levels: builder.levels, scalarsStandAlone: standAlone)
        return (segments, missing, leftToRight, standAlone ? scalars : characters)
    }

    /// `itemizeLine`'s answer for a text of ASCII bytes only, all of which the primary face
    /// covers (half the titles of the benchmark's list): one run in the primary face, of the
    /// Latin script if the text has a letter (else common), left to right, every scalar a
    /// character of its own but CR and LF. Read from the bytes, without the scalar walk's
    /// questions (emoji, default-ignorable, bidirectional), none of which an ASCII scalar raises.
    /// Nil for any other text, which the walk then itemises.
    static func asciiLine(_ text: String, primary: FontFace) -> (
        segments: [RunSegment], missing: Int, leftToRight: Bool, characters: Int?
    )? {
        // Nil for a text with another byte, or whose bytes are not contiguous.
        let scan: (letter: Bool, lineBreak: Bool)? =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var letter = false
                var lineBreak = false
                for byte in bytes {
                    guard byte < 0x80, primary.covers(UInt32(byte)) else { return nil }
                    letter = letter || asciiScript(UInt32(byte)) == HB_SCRIPT_LATIN
                    lineBreak = lineBreak || byte == 0x0A || byte == 0x0D
                }
                return (letter, lineBreak)
            } ?? nil
        guard let (letter, lineBreak) = scan else { return nil }
        let count = text.utf8.count
        guard count > 0 else { return ([], 0, true, 0) }
        let run = RunSegment(
            faceSlot: 0, script: letter ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON, utf8Range: 0..<count,
            utf16Range: 0..<count, rightToLeft: false)
        return ([run], 0, true, lineBreak ? nil : count)
    }

    /// The script of an ASCII scalar, as Unicode's Scripts.txt gives it (and HarfBuzz answers):
    /// Latin for the letters A–Z and a–z, common for the rest; read without a call into HarfBuzz,
    /// since most titles are mostly ASCII.
    @inline(__always)
    static func asciiScript(_ value: UInt32) -> hb_script_t {
        (value | 0x20) &- 0x61 < 26 ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
    }

    /// The scalars of `text` (an ellipsis) that need a glyph, when, put after a prefix of a
    /// left-to-right line, it joins the run the prefix ends in wherever that run's face covers
    /// them: none asks for emoji or for bidirectional levels, each is of no script of its own
    /// (so the face around it keeps it), and the first stands alone (so it starts a cluster
    /// after any `Character` but a rare prepended one, which the caller rules out). Nil when it
    /// may not join.
    static func joiningScalars(_ text: String) -> [UInt32]? {
        guard Bidi.levelsIfNeeded(text, direction: nil) == nil, text.unicodeScalars.first?.standsAlone == true
        else { return nil }
        var scalars: [UInt32] = []
        for scalar in text.unicodeScalars {
            guard !scalar.mayAskForEmoji, hb_unicode_script(unicodeFunctions, scalar.value).isWeak else { return nil }
            if !scalar.isIgnorable { scalars.append(scalar.value) }
        }
        return scalars
    }

    /// Whether every scalar of `text` is of the common script (not inherited, not a script of
    /// its own).
    static func isCommonScript(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { hb_unicode_script(unicodeFunctions, $0.value) == HB_SCRIPT_COMMON }
    }

    /// Whether a scalar has a script of its own (not common, inherited or unknown).
    static func hasScript(_ scalar: Unicode.Scalar) -> Bool {
        !hb_unicode_script(unicodeFunctions, scalar.value).isWeak
    }

    /// `itemize` as it was before scalars that stand alone were taken one by one: every text
    /// walked by `Character`. For tests, which compare the two.
    static func itemizeWalkingCharacters(_ text: String, font: ResolvedFont) throws(TextError) -> (
        segments: [RunSegment], missing: Int
    ) {
        // As `itemizeLine` gathers them: scalars the primary lacks that need a glyph.
        let uncovered = text.unicodeScalars.filter { !font.primary.covers($0.value) && !$0.isIgnorable }.map(\.value)
        let (segments, missing, _) = try itemizeWithFallback(
            text, font: font, uncovered: uncovered, levels: Bidi.levelsIfNeeded(text, direction: nil),
            scalarsStandAlone: false)
        return (segments, missing)
    }

    /// The fallback pass: `scalarsStandAlone` when every scalar of `text` is a grapheme cluster
    /// of its own (`Unicode.Scalar.standsAlone`), so the text is walked by scalar; false walks it
    /// by `Character`, and counts them (nil when walked by scalar).
    private static func itemizeWithFallback(
        _ text: String, font: ResolvedFont, uncovered: [UInt32], levels: [Int]?, scalarsStandAlone: Bool
    ) throws(TextError) -> (segments: [RunSegment], missing: Int, characters: Int?) {
        let primary = font.primary
        let (chain, positions) = try font.coveringPositions(uncovered)
        var builder = RunBuilder(levels: levels)
        var missing = 0
        var cluster = ClusterPlacement(primary: primary, chain: chain, positions: positions)
        if scalarsStandAlone {
            // Each scalar is a cluster of its own (Chinese, Arabic letters, Cyrillic…): no
            // grapheme breaking, which costs more than the rest of this loop.
            for scalar in text.unicodeScalars {
                cluster.place(
                    CollectionOfOne(scalar), utf8Count: UTF8.width(scalar), utf16Count: UTF16.width(scalar),
                    into: &builder, missing: &missing)
            }
            return (builder.finish(), missing, nil)
        }
        var characters = 0
        for character in text {
            characters += 1
            cluster.place(
                character.unicodeScalars, utf8Count: character.utf8.count, utf16Count: character.utf16.count,
                into: &builder, missing: &missing)
        }
        return (builder.finish(), missing, characters)
    }

    /// The slot for a cluster the primary face cannot show whole: the font covering the first
    /// lacking scalar (at chain position `first`, -1 for none) if it covers the whole cluster,
    /// else the first chain font that does, else the one covering the lacking scalar, else the
    /// primary (which shows .notdef).
    fileprivate static func chooseSlot(required: UnsafeBufferPointer<UInt32>, first: Int, chain: FallbackChain) -> Int {
        // `first` covers the lacking scalar: a cluster of that scalar alone needs no more asking.
        if first >= 0, required.count == 1 || required.allSatisfy({ chain.covers(first, $0) }) { return first + 1 }
        for position in chain.names.indices where required.allSatisfy({ chain.covers(position, $0) }) {
            return position + 1
        }
        return first >= 0 ? first + 1 : 0
    }

    /// The slot for an emoji cluster: the primary face when it is a colour face covering the
    /// cluster, else the first colour face of the chain that does; nil when none does.
    fileprivate static func emojiSlot(
        required: UnsafeBufferPointer<UInt32>, primary: FontFace, chain: FallbackChain
    ) -> Int? {
        if primary.metrics.hasColor, required.allSatisfy(primary.covers) { return 0 }
        for position in chain.names.indices
        where chain.isColor[position] && required.allSatisfy({ chain.covers(position, $0) }) {
            return position + 1
        }
        return nil
    }
}

/// Chooses the face of one grapheme cluster at a time (`Itemizer.itemizeWithFallback`): a
/// value with the fonts and one reusable array, its state passed in and out, so that the loop
/// over a title's clusters allocates nothing per cluster and checks no exclusive access.
private struct ClusterPlacement {
    let primary: FontFace
    let chain: FallbackChain
    let positions: CoveringPositions
    /// The cluster's scalars that need a glyph, the first `requiredCount` of them; the storage is
    /// reused across clusters (emptying an array for each cost more than the rest of a cluster).
    var storage: [UInt32] = []
    var requiredCount = 0

    init(primary: FontFace, chain: FallbackChain, positions: CoveringPositions) {
        self.primary = primary
        self.chain = chain
        self.positions = positions
    }

    /// Chooses the face of the cluster of `scalars` and adds it to the runs, counting its
    /// scalars no installed font covers into `missing`.
    mutating func place<Scalars: Sequence<Unicode.Scalar>>(
        _ scalars: Scalars, utf8Count: Int, utf16Count: Int, into builder: inout RunBuilder, missing: inout Int
    ) {
        requiredCount = 0
        // The chain position covering the cluster's first scalar the primary lacks (-1: none
        // does), nil while the primary covers every scalar so far.
        var firstLacking: Int?
        var clusterScript = HB_SCRIPT_COMMON
        var presentation = EmojiPresentation()
        for scalar in scalars {
            let value = scalar.value
            if clusterScript.isWeak { clusterScript = hb_unicode_script(unicodeFunctions, value) }
            presentation.add(scalar)
            guard !scalar.isIgnorable else { continue }
            if requiredCount < storage.count { storage[requiredCount] = value } else { storage.append(value) }
            requiredCount += 1
            if !primary.covers(value) {
                let position = positions[value] ?? -1
                if firstLacking == nil { firstLacking = position }
                if position < 0 { missing += 1 }
            }
        }
        // The required scalars are read where the storage keeps them: a slice of it retained and
        // released the storage for every cluster.
        let previous = builder.lastSlot
        let slot = storage.withUnsafeBufferPointer { storage in
            let required = UnsafeBufferPointer(rebasing: storage[..<requiredCount])
            if presentation.asksForEmoji,
                let emoji = Itemizer.emojiSlot(required: required, primary: primary, chain: chain)
            {
                return emoji
            }
            let slot = firstLacking.map { Itemizer.chooseSlot(required: required, first: $0, chain: chain) } ?? 0
            // Spaces, digits and punctuation stay in the face around them when it has them, so
            // an Arabic phrase is one run (shaped in context) rather than words split by a Latin
            // space; but never in an emoji face, whose spaces and digits are not the text's.
            if clusterScript.isWeak, let previous, previous != slot, previous == 0 || !chain.isColor[previous - 1],
                required.allSatisfy({ previous == 0 ? primary.covers($0) : chain.covers(previous - 1, $0) })
            {
                return previous
            }
            return slot
        }
        builder.append(slot: slot, script: clusterScript, utf8Count: utf8Count, utf16Count: utf16Count)
    }
}

/// Accumulates runs: consecutive pieces with one face and one direction join while their scripts
/// agree; common and inherited characters (spaces, digits, punctuation, marks) join the run they
/// stand in when the bidirectional algorithm gives them its direction.
/// The open run is kept apart from the finished ones, so extending it touches no array.
private struct RunBuilder {
    /// Embedding levels by UTF-8 offset, or nil for a line that is left to right throughout.
    let levels: [Int]?
    private var finished: [RunSegment] = []
    private var open: RunSegment?
    private var utf8Offset = 0
    private var utf16Offset = 0

    init(levels: [Int]?) {
        self.levels = levels
    }

    /// Closes the open run and hands over all runs.
    mutating func finish() -> [RunSegment] {
        if let open { finished.append(open) }
        open = nil
        return finished
    }

    /// The face slot of the run being built.
    var lastSlot: Int? { open?.faceSlot }

    mutating func append(slot: Int, script: hb_script_t, scalar: Unicode.Scalar) {
        let value = scalar.value
        let utf8Count = value < 0x80 ? 1 : value < 0x800 ? 2 : value < 0x1_0000 ? 3 : 4
        append(slot: slot, script: script, utf8Count: utf8Count, utf16Count: value < 0x1_0000 ? 1 : 2)
    }

    mutating func append(slot: Int, script: hb_script_t, utf8Count: Int, utf16Count: Int) {
        let utf8End = utf8Offset + utf8Count
        let utf16End = utf16Offset + utf16Count
        defer {
            utf8Offset = utf8End
            utf16Offset = utf16End
        }
        let rightToLeft = levels.map { $0[utf8Offset] % 2 == 1 } ?? false
        if var run = open, run.faceSlot == slot, run.rightToLeft == rightToLeft,
            script.isWeak || run.script.isWeak || run.script == script
        {
            if !script.isWeak { run.script = script }
            run.utf8Range = run.utf8Range.lowerBound..<utf8End
            run.utf16Range = run.utf16Range.lowerBound..<utf16End
            open = run
            return
        }
        if let open { finished.append(open) }
        open = RunSegment(
            faceSlot: slot, script: script.isWeak ? HB_SCRIPT_COMMON : script,
            utf8Range: utf8Offset..<utf8End, utf16Range: utf16Offset..<utf16End, rightToLeft: rightToLeft)
    }
}

extension hb_script_t {
    /// Common, inherited or unknown: a script that takes its neighbours'.
    var isWeak: Bool {
        self == HB_SCRIPT_COMMON || self == HB_SCRIPT_INHERITED || self == HB_SCRIPT_UNKNOWN
    }

    /// The ISO 15924 tag, e.g. `Latn`.
    var isoTag: String { hb_script_to_iso15924_tag(self).tagString }
}

/// Whether a grapheme cluster is shown as an emoji picture (UTS #51), learnt scalar by scalar:
/// not when it holds the text selector U+FE0E; yes when it holds the emoji selector U+FE0F, a
/// keycap U+20E3, a skin-tone modifier, regional indicators (a flag) or tag characters (a
/// subdivision flag), or when its first scalar is presented as emoji by default.
struct EmojiPresentation {
    private var scalars = 0
    private var textSelector = false
    private var emoji = false

    mutating func add(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0xFE0E: textSelector = true
        case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0xE0020...0xE007F: emoji = true
        default: if scalars == 0, scalar.isEmojiByDefault { emoji = true }
        }
        scalars += 1
    }

    var asksForEmoji: Bool { emoji && !textSelector }
}

extension Unicode.Scalar {
    /// Whether the scalar can make its cluster an emoji even when the primary face covers it
    /// (see `Character.asksForEmoji`): a cheap filter, so plain text never walks its clusters.
    var mayAskForEmoji: Bool {
        value == 0xFE0F || value == 0x20E3 || isEmojiByDefault
    }

    /// Emoji_Presentation, asked of the standard library only in the two blocks that hold such
    /// scalars (U+231A–U+2B55 and U+1F000–U+1FAFF, emoji-data.txt), so other text costs a compare.
    var isEmojiByDefault: Bool {
        switch value {
        case 0x231A...0x2B55, 0x1F000...0x1FAFF: properties.isEmojiPresentation
        default: false
        }
    }

    /// Scalars that need no glyph of their own, so that no font lacks them: default-ignorable
    /// ones (ZWJ, variation selectors, bidi controls), and control characters and the line and
    /// paragraph separators, which a line of text does not draw (a layout shows a title with a
    /// line break as its first line, `LineBreaks`).
    var isIgnorable: Bool {
        // The property lookup is costly per scalar, so ask it only in the blocks that hold
        // Default_Ignorable_Code_Point scalars (DerivedCoreProperties.txt): a superset filter;
        // the standard library's answer stays authoritative.
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
            true
        case 0xAD, 0x34F, 0x61C, 0x115F...0x1160, 0x17B4...0x17B5, 0x180B...0x180F, 0x200B...0x206F,
            0x3164, 0xFE00...0xFE0F, 0xFEFF, 0xFFA0...0xFFF8, 0x1BCA0...0x1BCA3, 0x1D173...0x1D17A,
            0xE0000...0xE0FFF:
            properties.isDefaultIgnorableCodePoint
        default:
            false
        }
    }
}
