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

extension Character {
    /// `isWhitespace`, which the standard library answers from the first scalar's White_Space
    /// property: here from `Unicode.Scalar.isWhiteSpaceQuickly`'s list.
    var isWhiteSpaceQuickly: Bool {
        unicodeScalars.first?.isWhiteSpaceQuickly ?? false
    }
}
