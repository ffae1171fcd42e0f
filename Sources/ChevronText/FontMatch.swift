import CFontconfig

/// One font as fontconfig names it: file, face index, family and style (`fc-match`'s fields).
///
/// The fields are kept behind one shared, immutable reference: a name is copied into every run
/// of every measurement and into every layout, and a copy of four strings retained each of them.
public struct FaceName: Sendable, Hashable, CustomStringConvertible {
    private let fields: Fields

    /// The font file's path.
    public var file: String { fields.file }
    /// The face index in the file (`fc-match -f %{index}`; named instances in the upper 16 bits).
    public var index: Int { fields.index }
    /// The first family name fontconfig lists (`%{family[0]}`).
    public var family: String { fields.family }
    /// The first style name fontconfig lists (`%{style[0]}`).
    public var style: String { fields.style }
    /// The design coordinates set on a variable face, in HarfBuzz's syntax (`wght=650,opsz=17`);
    /// empty for a static face or a named instance used as it is.
    public var variations: String { fields.variations }

    /// Creates a name; the text core reads these from fontconfig patterns.
    public init(file: String, index: Int, family: String, style: String, variations: String = "") {
        fields = Fields(file: file, index: index, family: family, style: style, variations: variations)
    }

    /// `Family Style (file)`, with the variations when there are some.
    public var description: String {
        variations.isEmpty ? "\(family) \(style) (\(file))" : "\(family) \(style) \(variations) (\(file))"
    }

    /// The same face with other design coordinates.
    func with(variations: String) -> FaceName {
        FaceName(file: file, index: index, family: family, style: style, variations: variations)
    }

    public static func == (left: FaceName, right: FaceName) -> Bool {
        left.fields === right.fields || left.fields.values == right.fields.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(index)
        hasher.combine(family)
        hasher.combine(style)
        hasher.combine(variations)
    }

    private final class Fields: Sendable {
        let file: String
        let index: Int
        let family: String
        let style: String
        let variations: String

        init(file: String, index: Int, family: String, style: String, variations: String) {
            self.file = file
            self.index = index
            self.family = family
            self.style = style
            self.variations = variations
        }

        /// The fields as a tuple, compared as the strings compare.
        var values: (String, Int, String, String, String) { (file, index, family, style, variations) }
    }
}

/// A matched font: its name, and what fontconfig says of it beyond the name.
struct FontMatch: Sendable, Hashable {
    let name: FaceName
    /// Every family name the font lists (a font may carry several, some localised).
    let families: [String]
    /// Whether fontconfig matched the variable font itself rather than one of its named instances
    /// (`FC_VARIABLE`); its weight is then the one fontconfig settled on within the font's range.
    let isVariable: Bool
    /// The weight on the OpenType scale (400 regular, 700 bold), from `FC_WEIGHT`.
    let openTypeWeight: Double?
    /// Whether fontconfig put another family in place of the one asked for (see
    /// `FontConfiguration.isSubstitution`); false for a pinned file.
    var substituted = false

    /// Reads file, index, family and style from a fontconfig pattern; nil when it names no file.
    init?(pattern: OpaquePointer) {
        guard let file = pattern.string(FC_FILE) else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        families = pattern.strings(FC_FAMILY)
        name = FaceName(
            file: file, index: Int(index), family: families.first ?? "", style: pattern.string(FC_STYLE) ?? "")
        var variable: FcBool = 0
        isVariable = FcPatternGetBool(pattern, FC_VARIABLE, 0, &variable) == FcResultMatch && variable != 0
        var weight = 0.0
        openTypeWeight =
            FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) == FcResultMatch
            ? FcWeightToOpenTypeDouble(weight) : nil
    }
}

/// fontconfig's sorted list of fonts for a pattern, trimmed to those that add coverage.
///
/// Owns the `FcFontSet`; the charsets it hands out live as long as this object.
final class FallbackChain: @unchecked Sendable {
    // Immutable after init; fontconfig's read-only charset queries are thread-safe.
    private let fontSet: UnsafeMutablePointer<FcFontSet>?
    /// The fonts in order of preference.
    let names: [FaceName]
    /// Whether each font has colour glyphs (`FC_COLOR`): the emoji fonts.
    let isColor: [Bool]
    private let charsets: [OpaquePointer?]

    init(fontSet: UnsafeMutablePointer<FcFontSet>?) {
        self.fontSet = fontSet
        var names: [FaceName] = []
        var charsets: [OpaquePointer?] = []
        var isColor: [Bool] = []
        if let fontSet, let fonts = fontSet.pointee.fonts {
            for position in 0..<Int(fontSet.pointee.nfont) {
                guard let font = fonts[position], let match = FontMatch(pattern: font) else { continue }
                var charset: OpaquePointer?
                FcPatternGetCharSet(font, FC_CHARSET, 0, &charset)
                var color: FcBool = 0
                names.append(match.name)
                charsets.append(charset)
                isColor.append(FcPatternGetBool(font, FC_COLOR, 0, &color) == FcResultMatch && color != 0)
            }
        }
        self.names = names
        self.charsets = charsets
        self.isColor = isColor
    }

    deinit {
        if let fontSet { FcFontSetDestroy(fontSet) }
    }

    /// Whether font `position` of the chain has a glyph for `scalar`, by its fontconfig charset.
    func covers(_ position: Int, _ scalar: UInt32) -> Bool {
        guard let charset = charsets[position] else { return false }
        return FcCharSetHasChar(charset, scalar) != 0
    }

    /// The first font of the chain that covers `scalar`, or nil when no installed font does.
    func firstCovering(_ scalar: UInt32) -> Int? {
        charsets.indices.first { covers($0, scalar) }
    }
}

extension OpaquePointer {
    /// The first string value of a fontconfig pattern's `object`, or nil.
    func string(_ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(self, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Every string value of a fontconfig pattern's `object`, in order.
    func strings(_ object: String) -> [String] {
        var values: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(self, object, Int32(values.count), &value) == FcResultMatch, let value {
            values.append(String(cString: value))
        }
        return values
    }
}
