import Foundation

/// One title found in a strings file, with where it was found.
public struct TitleEntry: Sendable, Hashable {
    /// The file.
    public let file: String
    /// The 1-based line of the entry.
    public let line: Int
    /// The entry's key (for plain lines, the line number; for .xcstrings, `key (language)`).
    public internal(set) var key: String
    /// The title.
    public internal(set) var title: String
    /// The language the file says the title is in (an .xcstrings localization, an XLIFF file's
    /// languages, an `.lproj` folder, an Android `values-XX` folder), in canonical BCP 47 form
    /// (`LanguageTag`), or nil when it does not say.
    public var language: String?
    /// The widest the title may be, in points, when the file says so for this entry (an XLIFF
    /// unit's `maxwidth`): the entry's own limit, which replaces the look's maximum.
    public var maximumWidth: Double?
    /// The most characters or bytes the title may have, when the file says so for this entry (an
    /// XLIFF unit's `maxwidth` in characters or bytes, XLIFF 2.0's size and storage restrictions).
    public var lengthLimits: [LengthLimit] = []
    /// The title as the file writes it, when its placeholders were filled in with samples
    /// (`expandingPlaceholders`); nil when the title has none.
    public var template: String?
    /// Whether the catalogue says the value is not translated yet (an empty `.xcstrings` value
    /// whose state is not `translated`): such an entry is counted, not checked.
    public var isUntranslated = false
    /// Why the title cannot be measured as the file writes it (a placeholder no rule fills, a
    /// limit chevron cannot read: `maxwidth="abc": not a number`); its rows are errors saying so.
    public var problem: String?
    /// For a variation of a string with several plural substitutions, the string's key: of the
    /// variations of one key, a check reports the widest in each look.
    public var alternativesOf: String?
    /// For such a variation, how many combinations of forms the string has in all (at most
    /// `PluralVariations.combinationLimit` are read).
    public var combinations: Int?
    /// What the catalogue says of the string for its translators: an `.xcstrings` comment, an
    /// XLIFF `<note>`, the comment before an Android `<string>` or a `.strings` key (`--titles-comment`
    /// selects by it).
    public var comment: String?
    /// Whether ICU's `{name}` and numbered `$1` placeholders are read besides printf's (CSV and
    /// plain lines, which belong to no platform).
    public var readsGenericPlaceholders = false
    /// The markup its platform draws from such a title (`TitleMarkup`): SwiftUI's Markdown in
    /// Apple catalogues, HTML in Android's; nil for formats that have none.
    public var markup: TitleMarkup?
    /// Whether the title had runs styled in a way that may change their width (bold, italic,
    /// code), now measured in the title's face (`showingMarkup`).
    public var styled = false

    /// Creates an entry.
    public init(
        file: String, line: Int, key: String, title: String, language: String? = nil, maximumWidth: Double? = nil
    ) {
        self.file = file
        self.line = line
        self.key = key
        self.title = title
        self.language = language
        self.maximumWidth = maximumWidth
    }

    /// The entry with its markup taken out of its title, measured as the text a device shows;
    /// `template` keeps the title as written, `styled` says whether a run was styled.
    public func showingMarkup() -> TitleEntry {
        guard let markup, problem == nil, let (text, styled) = markup.shown(title) else { return self }
        var entry = self
        entry.template = PluralVariations.unmarked(title)
        entry.title = text
        entry.styled = styled
        return entry
    }

    /// The entry with its title's placeholders replaced by `samples`; `template` keeps the
    /// title as written.
    /// A placeholder that cannot be filled makes the entry's `problem`; nil for a plural form no
    /// whole number takes in the entry's language, which no user sees.
    public func expandingPlaceholders(_ samples: PlaceholderSamples) -> TitleEntry? {
        var entry = self
        entry.title = PluralVariations.unmarked(title)
        guard problem == nil else { return entry }
        do {
            let expanded = try samples.expand(
                title, key: key, language: language, generic: readsGenericPlaceholders)
            guard expanded != entry.title else { return entry }
            // A title whose markup was taken out keeps its markup in the template.
            if entry.template == nil { entry.template = entry.title }
            entry.title = expanded
        } catch {
            if error.neverShown { return nil }
            entry.problem = error.description
        }
        return entry
    }
}

/// A file `chevron check` cannot read: which file, which line, and why.
public struct TitleFileError: Error, CustomStringConvertible {
    /// The file.
    public let file: String
    /// The 1-based line where the problem is (0 for the file as a whole).
    public let line: Int
    /// What is wrong.
    public let reason: String

    /// `FILE:LINE: reason`, or `FILE: reason` for the file as a whole (line 0).
    public var description: String { line > 0 ? "\(file):\(line): \(reason)" : "\(file): \(reason)" }
}

extension TitleEntry {
    /// The key without its variant: `settings.title` of `settings.title (de, plural one)`, `tabs`
    /// of `tabs[2]`.
    public var baseKey: String { Self.baseKey(key) }

    /// `key` without its variant (`baseKey`).
    static func baseKey(_ key: String) -> String {
        let name = key.split(separator: " (", maxSplits: 1).first.map(String.init) ?? key
        return name.split(separator: "[", maxSplits: 1).first.map(String.init) ?? name
    }
}
