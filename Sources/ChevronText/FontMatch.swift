import CFontconfig

/// One font as fontconfig names it: file, face index, family and style (`fc-match`'s fields).
public struct FaceName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The font file's path.
    public let file: String
    /// The face index in the file (`fc-match -f %{index}`; named instances in the upper 16 bits).
    public let index: Int
    /// The first family name fontconfig lists (`%{family[0]}`).
    public let family: String
    /// The first style name fontconfig lists (`%{style[0]}`).
    public let style: String

    /// Creates a name; the text core reads these from fontconfig patterns.
    public init(file: String, index: Int, family: String, style: String) {
        self.file = file
        self.index = index
        self.family = family
        self.style = style
    }

    /// `Family Style (file)`.
    public var description: String { "\(family) \(style) (\(file))" }
}

/// A matched font: its name and what it was matched from.
struct FontMatch: Sendable, Hashable {
    let name: FaceName

    /// Reads file, index, family and style from a fontconfig pattern; nil when it names no file.
    init?(pattern: OpaquePointer) {
        guard let file = pattern.string(FC_FILE) else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
        name = FaceName(
            file: file, index: Int(index),
            family: pattern.string(FC_FAMILY) ?? "", style: pattern.string(FC_STYLE) ?? "")
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
    private let charsets: [OpaquePointer?]

    init(fontSet: UnsafeMutablePointer<FcFontSet>?) {
        self.fontSet = fontSet
        var names: [FaceName] = []
        var charsets: [OpaquePointer?] = []
        if let fontSet, let fonts = fontSet.pointee.fonts {
            for position in 0..<Int(fontSet.pointee.nfont) {
                guard let font = fonts[position], let match = FontMatch(pattern: font) else { continue }
                var charset: OpaquePointer?
                FcPatternGetCharSet(font, FC_CHARSET, 0, &charset)
                names.append(match.name)
                charsets.append(charset)
            }
        }
        self.names = names
        self.charsets = charsets
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
    fileprivate func string(_ object: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(self, object, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }
}
