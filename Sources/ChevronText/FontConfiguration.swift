import CFontconfig
import Synchronization

/// Calls `FcInit` exactly once per process, before any fontconfig use (docs/NOTES.md).
/// Swift initialises globals once, thread-safely, on first use. `FcFini` is never called.
private let fontconfigInitialised: Bool = FcInit() != 0

/// An owned fontconfig configuration: the system's config files and fonts, plus extra directories.
///
/// Each engine owns one, so a rescan can swap in a fresh configuration while calls in flight keep
/// the old one alive through their reference. Matching on a configuration is thread-safe
/// (fontconfig ≥ 2.11); it is never mutated after `init`.
final class FontConfiguration: @unchecked Sendable {
    private let config: OpaquePointer

    /// Loads the system configuration and its fonts (`FcInitLoadConfigAndFonts`), then adds
    /// `extraDirectories` as application fonts.
    init(extraDirectories: [String]) throws(TextError) {
        _ = fontconfigInitialised
        guard let config = FcInitLoadConfigAndFonts() else {
            throw TextError(.fontNotFound, parameter: "fonts", "fontconfig could not load its configuration")
        }
        self.config = config
        for directory in extraDirectories {
            guard FcConfigAppFontAddDir(config, directory.fontconfigBytes) != 0 else {
                FcConfigDestroy(config)
                throw TextError(
                    .fontNotFound, parameter: "fontDirectories", "cannot add font directory \(directory)")
            }
        }
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The best font for `face` and `language`, after the configuration's substitutions, exactly
    /// as `fc-match` finds it (`FcConfigSubstitute`, `FcDefaultSubstitute`, `FcFontMatch`).
    func match(_ face: FaceDescription, language: String?) throws(TextError) -> FontMatch {
        let pattern = try makePattern(face, language: language)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else {
            throw TextError(.fontNotFound, parameter: "pattern", "no installed font matches \"\(face)\"")
        }
        defer { FcPatternDestroy(matched) }
        guard let font = FontMatch(pattern: matched) else {
            throw TextError(.fontNotFound, parameter: "pattern", "the font matched for \"\(face)\" has no file")
        }
        return font
    }

    /// The fallback chain for `face`: fontconfig's sorted, trimmed list (`FcFontSort` with trim),
    /// each entry with the characters it covers. Costs tens of milliseconds; callers cache it.
    func fallbackChain(_ face: FaceDescription, language: String?) throws(TextError) -> FallbackChain {
        let pattern = try makePattern(face, language: language)
        defer { FcPatternDestroy(pattern) }
        var result = FcResultNoMatch
        guard let fontSet = FcFontSort(config, pattern, 1, nil, &result) else {
            return FallbackChain(fontSet: nil)
        }
        return FallbackChain(fontSet: fontSet)
    }

    /// Builds a substituted pattern for matching; the caller destroys it.
    private func makePattern(_ face: FaceDescription, language: String?) throws(TextError) -> OpaquePointer {
        let pattern: OpaquePointer
        switch face {
        case .pattern(let text):
            guard let parsed = FcNameParse(text.fontconfigBytes) else {
                throw TextError(
                    .invalidPattern, parameter: "pattern",
                    "fontconfig cannot parse the pattern \"\(text)\" (see fc-match(1) for the syntax)")
            }
            pattern = parsed
        case .fields(let family, let weight, let slant):
            guard let created = FcPatternCreate() else {
                throw TextError(.fontNotFound, parameter: "pattern", "fontconfig is out of memory")
            }
            pattern = created
            FcPatternAddString(pattern, FC_FAMILY, family.fontconfigBytes)
            FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(Double(weight)))
            FcPatternAddInteger(pattern, FC_SLANT, slant.fontconfigValue)
        }
        if let language {
            FcPatternAddString(pattern, FC_LANG, language.fontconfigBytes)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }
}

extension FontSlant {
    fileprivate var fontconfigValue: Int32 {
        switch self {
        case .roman: Int32(FC_SLANT_ROMAN)
        case .italic: Int32(FC_SLANT_ITALIC)
        case .oblique: Int32(FC_SLANT_OBLIQUE)
        }
    }
}

extension String {
    /// The string as the NUL-terminated `FcChar8` bytes fontconfig takes.
    var fontconfigBytes: [UInt8] { Array(utf8) + [0] }
}
