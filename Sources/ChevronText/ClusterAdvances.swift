/// The advances of a line's grapheme clusters (Swift `Character`s) in logical order, from the
/// shaping that measured the line: what a cut estimates the widths of prefixes from.
///
/// A glyph's advance counts for the `Character` whose UTF-8 range holds the glyph's HarfBuzz
/// cluster (a byte offset into the line), whatever the run's direction or face. Advances are
/// scaled per run and per cluster as `LineShaper.measure` scales a run's width, so they add up
/// to the line's width (floating-point rounding aside).
struct ClusterAdvances: Sendable, Hashable {
    /// One `Character` of the line.
    struct CharacterAdvance: Sendable, Hashable {
        /// The advance in points.
        var advance: Double
        /// The length in UTF-8 bytes.
        var length: Int
        /// Whether it holds no HarfBuzz cluster of its own: HarfBuzz merged it into an earlier
        /// one's cluster (a ligature such as "fi", a lam-alef), whose advance counts for both.
        var merged: Bool
        /// Whether HarfBuzz flagged a cut just before it unsafe: shaping the two sides apart may
        /// differ from shaping the whole (kerning, a ligature or joining across the cut). A
        /// merged `Character` is always unsafe to cut before.
        var unsafeBefore: Bool
        /// Whether it is white space.
        var whiteSpace: Bool
    }

    /// The line's `Character`s in logical order: one array, filled in one walk, so that a cut
    /// allocates once for them.
    var characters: [CharacterAdvance]

    /// Each `Character`'s advance in points.
    var advances: [Double] { characters.map(\.advance) }

    /// What the shaping left at one UTF-8 offset of the line.
    struct Byte {
        /// The advance of the glyphs whose cluster is this offset, in points.
        var advance = 0.0
        /// Whether a glyph's cluster is this offset.
        var startsCluster = false
        /// Whether a glyph of this cluster is flagged unsafe to break before.
        var unsafeBefore = false
        /// The advance in the shaping face's units (no rounding: what a run's width sums).
        var units = 0
        /// How many glyphs have this offset as their cluster.
        var glyphs = 0
        /// Whether a glyph of this cluster is flagged unsafe to concat (or to break) before: set
        /// only by a shaping asked for those flags (`LineShaper.measureLine`).
        var unsafeToConcat = false
    }

    /// Gathers `bytes`, one per UTF-8 offset of `text`, by `Character`, in one walk.
    ///
    /// Where every scalar stands alone (`Unicode.Scalar.standsAlone`: each its own extended
    /// grapheme cluster, UAX #29), each scalar is a `Character` and the standard library's
    /// grapheme breaking is not needed; otherwise the `Character`s are walked. The scalars are
    /// gathered as they are tested, in one walk: at the first that does not stand alone, what
    /// was gathered is dropped and the `Character`s are walked from the start.
    init(_ text: String, bytes: [Byte]) {
        var characters: [CharacterAdvance] = []
        characters.reserveCapacity(bytes.count)
        var offset = 0
        bytes.withUnsafeBufferPointer { bytes in
            var eachScalarStandsAlone = true
            for scalar in text.unicodeScalars {
                guard scalar.standsAlone else {
                    eachScalarStandsAlone = false
                    break
                }
                Self.add(
                    length: UTF8.width(scalar), whiteSpace: scalar.isWhiteSpaceQuickly, at: &offset, of: bytes,
                    to: &characters)
            }
            if !eachScalarStandsAlone {
                characters.removeAll(keepingCapacity: true)
                offset = 0
                for character in text {
                    Self.add(
                        length: character.utf8.count, whiteSpace: character.isWhiteSpaceQuickly, at: &offset,
                        of: bytes, to: &characters)
                }
            }
        }
        self.characters = characters
    }

    /// Adds the `Character` of `length` bytes at `offset` of the line's `bytes`, and moves
    /// `offset` past it. Its flags are the first cluster's that starts in it.
    private static func add(
        length: Int, whiteSpace: Bool, at offset: inout Int, of bytes: UnsafeBufferPointer<Byte>,
        to characters: inout [CharacterAdvance]
    ) {
        let end = min(offset + length, bytes.count)
        var advance = 0.0
        var merged = true
        var unsafeBefore = true
        var index = offset
        while index < end {
            advance += bytes[index].advance
            if merged, bytes[index].startsCluster {
                merged = false
                unsafeBefore = bytes[index].unsafeBefore
            }
            index += 1
        }
        characters.append(
            CharacterAdvance(
                advance: advance, length: length, merged: merged, unsafeBefore: unsafeBefore, whiteSpace: whiteSpace))
        offset += length
    }

    /// Each `Character`'s UTF-8 length and whether it is white space, as `init` finds them.
    static func characters(of text: String) -> (lengths: [Int], whiteSpace: [Bool]) {
        let line = ClusterAdvances(text, bytes: [])
        return (line.characters.map(\.length), line.characters.map(\.whiteSpace))
    }
}

extension Unicode.Scalar {
    /// Whether the scalar is an extended grapheme cluster of its own beside any other scalar
    /// that is too: its Grapheme_Cluster_Break is Other (or a Hangul syllable, LV or LVT, which
    /// joins only conjoining jamo, none of which stands alone), never Extend, ZWJ, Prepend,
    /// SpacingMark, Regional_Indicator, a jamo, CR or LF (UAX #29, GraphemeBreakProperty.txt).
    /// Only blocks a title is often written in are listed, each without its combining marks:
    /// Latin, Greek, Cyrillic, Armenian, Hebrew and Arabic letters, Georgian, general
    /// punctuation, Chinese, Japanese and Korean; text with any other scalar is walked by
    /// `Character`, as the standard library breaks it.
    ///
    /// Read by the scalar's 256-value block first: the ranges were tried one after another, and
    /// every cut, tracked layout and fallback title asks this of each scalar.
    var standsAlone: Bool {
        let value = self.value
        if value < 0x300 { return value != 0x0D && value != 0x0A }  // CR LF is one cluster
        switch value >> 8 {
        // Greek, Cyrillic, Armenian, without their combining marks; Hebrew letters (its points are marks)
        case 0x03: return value >= 0x370
        case 0x04: return value <= 0x482 || value >= 0x48A
        case 0x05: return value <= 0x52F || (0x531...0x58A).contains(value) || (0x5D0...0x5F4).contains(value)
        // Arabic punctuation and letters, without the marks between them
        case 0x06:
            return value == 0x60C || value == 0x61B || value == 0x61F || (0x620...0x64A).contains(value)
                || (0x660...0x66F).contains(value) || (0x671...0x6D5).contains(value) || value >= 0x6EE
        // Georgian, Latin and Greek extended
        case 0x10: return value >= 0x10A0
        case 0x1E, 0x1F: return true
        // spaces, punctuation, currency
        case 0x20:
            return value <= 0x200A || (0x2010...0x2027).contains(value) || (0x2030...0x205E).contains(value)
                || (0x2070...0x20C0).contains(value)
        // CJK punctuation, kana; Bopomofo, Hangul compatibility jamo (not conjoining)
        case 0x30:
            return value <= 0x3029 || (0x3030...0x303F).contains(value) || (0x3041...0x3096).contains(value)
                || value >= 0x309B
        case 0x31: return (0x3105...0x312F).contains(value) || (0x3131...0x318F).contains(value)
        // Han (U+3400–U+4DBF, U+4E00–U+9FFF, U+F900–U+FAFF), Hangul syllables (U+AC00–U+D7A3)
        case 0x34...0x4C, 0x4E...0x9F, 0xAC...0xD6, 0xF9, 0xFA: return true
        case 0x4D: return value <= 0x4DBF
        case 0xD7: return value <= 0xD7A3
        // full and half width forms
        case 0xFF: return (0xFF01...0xFF9D).contains(value)
        default: return false
        }
    }

    /// White_Space (PropList.txt) from a list of its 25 scalars rather than a property look-up:
    /// tab to carriage return, space, NEL, no-break space, ogham space, U+2000–U+200A, the line
    /// and paragraph separators, the narrow no-break space, the medium mathematical space and
    /// the ideographic space.
    var isWhiteSpaceQuickly: Bool {
        switch value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

extension String {
    /// How many `Character`s the text has (`count`), counted by scalar when every scalar stands
    /// alone (see `Unicode.Scalar.standsAlone`), which skips grapheme breaking: what a look's
    /// tracking (added after every character) multiplies, for every title it measures.
    public var characterCount: Int {
        if let ascii = utf8.withContiguousStorageIfAvailable(Self.asciiCharacterCount), let ascii { return ascii }
        var scalars = 0
        for scalar in unicodeScalars {
            guard scalar.standsAlone else { return count }
            scalars += 1
        }
        return scalars
    }

    /// The `Character`s of ASCII text (one per byte, but one for a CR LF pair), in one pass over
    /// its bytes; nil when a byte is not ASCII. Most titles are ASCII, and a look with tracking
    /// counts every one it lays out.
    private static func asciiCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = bytes.count
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte == 0x0A, previous == 0x0D { count -= 1 }
            previous = byte
        }
        return count
    }
}

extension Character {
    /// `isWhitespace`, which the standard library answers from the first scalar's White_Space
    /// property: here from `Unicode.Scalar.isWhiteSpaceQuickly`'s list.
    var isWhiteSpaceQuickly: Bool {
        unicodeScalars.first?.isWhiteSpaceQuickly ?? false
    }
}
