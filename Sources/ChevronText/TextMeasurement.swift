/// The measured geometry of one line of text: what `TextEngine.measure` returns.
///
/// Lengths are in points, fractional and unhinted, as iOS lays text out.
public struct TextMeasurement: Sendable, Hashable, CustomDebugStringConvertible {
    /// The sum of all glyph advances.
    public var width: Double {
        get { storage.fields.width }
        set { storage.edit { $0.width = newValue } }
    }
    /// The largest ascender among the primary face and the faces the runs use, positive.
    public var ascent: Double {
        get { storage.fields.ascent }
        set { storage.edit { $0.ascent = newValue } }
    }
    /// The largest descender among the primary face and the faces the runs use, positive.
    public var descent: Double {
        get { storage.fields.descent }
        set { storage.edit { $0.descent = newValue } }
    }
    /// `ascent + descent +` the largest line gap among the same faces.
    public var lineHeight: Double {
        get { storage.fields.lineHeight }
        set { storage.edit { $0.lineHeight = newValue } }
    }
    /// The runs in logical order: one per stretch of one script and one face.
    public var runs: [TextRun] {
        get { storage.fields.runs }
        set { storage.edit { $0.runs = newValue } }
    }
    /// How many Unicode scalars no installed font covers (drawn as .notdef boxes).
    public var missing: Int {
        get { storage.fields.missing }
        set { storage.edit { $0.missing = newValue } }
    }
    /// The direction of the first run with a strong direction, else left-to-right.
    public var direction: TextDirection {
        get { storage.fields.direction }
        set { storage.edit { $0.direction = newValue } }
    }
    /// The face fontconfig matched for the request (runs may use fallback faces besides it).
    public var primary: FaceName {
        get { storage.fields.primary }
        set { storage.edit { $0.primary = newValue } }
    }
    /// Whether that face is of another family than the one asked for: neither the requested
    /// family nor one of fontconfig's metric-compatible aliases of it (Helvetica → Nimbus Sans
    /// is not a substitution; SF Pro Text → Noto Sans is).
    public var substituted: Bool {
        get { storage.fields.substituted }
        set { storage.edit { $0.substituted = newValue } }
    }

    /// How many `Character`s the measured text has, when the shaping that measured it counted
    /// them on its way (nil otherwise; `String.characterCount` counts them then). Not part of
    /// what makes two measurements equal: it describes the text, not its shape, and a cut's
    /// measurement spliced from a line's shaping does not count.
    public var characters: Int? { storage.fields.characters.value }

    /// The fields, behind one reference: a measurement is copied out of the cache on every hit
    /// and passed through a layout several times.
    private var storage: SharedFields<Fields>

    /// Creates a measurement.
    public init(
        width: Double, ascent: Double, descent: Double, lineHeight: Double, runs: [TextRun], missing: Int,
        direction: TextDirection, primary: FaceName, substituted: Bool, characters: Int? = nil
    ) {
        storage = SharedFields(
            Fields(
                width: width, ascent: ascent, descent: descent, lineHeight: lineHeight, runs: runs,
                missing: missing, direction: direction, primary: primary, substituted: substituted,
                characters: CountNote(value: characters)))
    }

    /// The fields, for logs and test failures (the storage alone would print as an opaque box).
    public var debugDescription: String { "TextMeasurement(\(storage.fields))" }

    private struct Fields: Sendable, Hashable {
        var width: Double
        var ascent: Double
        var descent: Double
        var lineHeight: Double
        var runs: [TextRun]
        var missing: Int
        var direction: TextDirection
        var primary: FaceName
        var substituted: Bool
        var characters: CountNote
    }

    /// A count carried along that equality and hashing pass over.
    private struct CountNote: Sendable, Hashable {
        let value: Int?

        static func == (left: CountNote, right: CountNote) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
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
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right (Latin, Cyrillic, CJK, …).
    case ltr
    /// Right to left (Arabic, Hebrew, …).
    case rtl
}
