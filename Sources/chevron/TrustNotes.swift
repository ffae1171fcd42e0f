import ChevronClient
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

    /// One line for a look whose requested font was replaced by another family, or nil.
    static func substitutionMessage(look: String, font: BackButtonInterface.Font) -> String? {
        guard font.substituted else { return nil }
        return "note: \(look) asks for \"\(font.requested)\"; no installed font is that family, so widths are "
            + "measured with \(font.family) \(font.style) (\(font.file)); provide the real font with "
            + "chevrond --fonts-dir DIR (or --local --fonts-dir DIR)"
    }

    /// Writes `message` on standard error, prefixed `chevron: `.
    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("chevron: \(message)\n".utf8))
    }
}

/// The substitutions of a run, one per look, in the order they were met: said once per look.
struct SubstitutionLog {
    private(set) var entries: [(look: String, font: BackButtonInterface.Font)] = []

    /// Notes `layout`'s font when it was substituted and its look has no entry yet.
    mutating func note(_ layout: LayoutReply) {
        guard layout.font.substituted, !entries.contains(where: { $0.look == layout.look }) else { return }
        entries.append((layout.look, layout.font))
    }

    /// Adds `other`'s entries for looks that have none yet.
    mutating func merge(_ other: SubstitutionLog) {
        for entry in other.entries where !entries.contains(where: { $0.look == entry.look }) { entries.append(entry) }
    }

    /// Says each substitution on standard error.
    func warn() {
        for entry in entries {
            if let message = TrustNotes.substitutionMessage(look: entry.look, font: entry.font) {
                TrustNotes.warn(message)
            }
        }
    }
}
