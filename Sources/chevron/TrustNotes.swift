import ChevronCheck
import ChevronClient
import ChevronText
import Foundation

/// What makes an answer less than exact, said on standard error where a user sees it: glyphs no
/// installed font has, and a font fontconfig replaced with another family.
enum TrustNotes {
    /// A warning when `layout` measured characters that no installed face covers.
    static func warnAboutMissingGlyphs(_ layout: LayoutReply, title: String) {
        guard layout.missingGlyphs > 0 else { return }
        warn(missingGlyphsMessage(count: layout.missingGlyphs, title: title))
    }

    /// The warning for `count` uncovered characters of `title`.
    static func missingGlyphsMessage(count: Int, title: String) -> String {
        let (characters, verb) = count == 1 ? ("character", "has") : ("characters", "have")
        return "warning: \(count) \(characters) of \"\(title.prefix(60))\" \(verb) no glyph in any installed font "
            + "(drawn as empty boxes), so the width is not what a device shows; install a font covering them "
            + "(`fc-list ':charset=HEX'` lists the fonts that cover a character)"
    }

    /// Writes `message` on standard error, prefixed `chevron: `.
    static func warn(_ message: String) {
        Output.standardError("chevron: \(message.escapingControls)\n")
    }
}

extension SubstitutionLog {
    /// Says each substitution on standard error.
    func warn() {
        for message in messages { TrustNotes.warn(message) }
    }
}
