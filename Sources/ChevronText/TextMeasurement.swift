/// The measured geometry of one line of text: what `TextEngine.measure` returns.
///
/// Lengths are in points, fractional and unhinted, as iOS lays text out.
public struct TextMeasurement: Sendable, Hashable {
    /// The sum of all glyph advances.
    public var width: Double
    /// The largest ascender among the primary face and the faces the runs use, positive.
    public var ascent: Double
    /// The largest descender among the primary face and the faces the runs use, positive.
    public var descent: Double
    /// `ascent + descent +` the largest line gap among the same faces.
    public var lineHeight: Double
    /// The runs in logical order: one per stretch of one script and one face.
    public var runs: [TextRun]
    /// How many Unicode scalars no installed font covers (drawn as .notdef boxes).
    public var missing: Int
    /// The direction of the first run with a strong direction, else left-to-right.
    public var direction: TextDirection
    /// The face fontconfig matched for the request, and whether it is a substitute, behind one
    /// reference: measurements are copied out of the cache on every hit, so they stay small.
    public var matched: MatchedFace
    /// The face fontconfig matched for the request (runs may use fallback faces besides it).
    public var primary: FaceName { matched.face }
    /// Whether that face is of another family than the one asked for: neither the requested
    /// family nor one of fontconfig's metric-compatible aliases of it (Helvetica → Nimbus Sans
    /// is not a substitution; SF Pro Text → Noto Sans is).
    public var substituted: Bool { matched.substituted }

    /// Creates a measurement.
    public init(
        width: Double, ascent: Double, descent: Double, lineHeight: Double, runs: [TextRun], missing: Int,
        direction: TextDirection, primary: FaceName, substituted: Bool
    ) {
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
        self.runs = runs
        self.missing = missing
        self.direction = direction
        self.matched = MatchedFace(face: primary, substituted: substituted)
    }
}

/// The face fontconfig matched for a request, and whether it put another family in place of the
/// one asked for (see `TextMeasurement.substituted`).
public final class MatchedFace: Sendable, Hashable {
    /// The face.
    public let face: FaceName
    /// Whether the face is a substitute.
    public let substituted: Bool

    /// Creates the pair.
    public init(face: FaceName, substituted: Bool) {
        self.face = face
        self.substituted = substituted
    }

    public static func == (left: MatchedFace, right: MatchedFace) -> Bool {
        left === right || (left.face == right.face && left.substituted == right.substituted)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(face)
        hasher.combine(substituted)
    }
}

/// A stretch of text shaped with one face in one script and direction.
public struct TextRun: Sendable, Hashable {
    /// The face that shaped the run.
    public var face: FaceName
    /// Where the run lies in the text, in UTF-16 code units (what JavaScript and NSString count).
    public var utf16Range: Range<Int>
    /// How many glyphs HarfBuzz produced.
    public var glyphCount: Int
    /// The sum of the run's advances in points.
    public var width: Double
    /// The run's script as an ISO 15924 tag (`Latn`, `Arab`, `Zyyy` for common characters).
    public var script: String
    /// The run's direction.
    public var direction: TextDirection

    /// Creates a run.
    public init(
        face: FaceName, utf16Range: Range<Int>, glyphCount: Int, width: Double, script: String,
        direction: TextDirection
    ) {
        self.face = face
        self.utf16Range = utf16Range
        self.glyphCount = glyphCount
        self.width = width
        self.script = script
        self.direction = direction
    }
}

/// Left-to-right or right-to-left.
public enum TextDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left to right (Latin, Cyrillic, CJK, …).
    case ltr
    /// Right to left (Arabic, Hebrew, …).
    case rtl
}
