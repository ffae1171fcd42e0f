import ChevronClient
import ChevronJSON
import ChevronSupport
import Foundation

/// What a check found, in counts, and which looks were measured with a substitute font.
public struct CheckSummary: Sendable {
    /// A look whose requested font fontconfig replaced with another family.
    public struct Substitution: Sendable {
        public let look: String
        public let requested: String
        public let family: String
        public let style: String
        public let file: String
    }

    /// Titles read (after the filters), not counting untranslated ones.
    public let titles: Int
    /// Titles the catalogues mark untranslated, left out of the check.
    public let untranslated: Int
    public let rows: Int
    public let truncated: Int
    public let fellBack: Int
    /// Rows whose title holds a line break (not counted as truncated).
    public let lineBreaks: Int
    public let missingGlyphs: Int
    /// Rows with a limit of their own (XLIFF maxwidth) whose title is not shown in full there.
    public let overOwnLimit: Int
    /// Rows whose title is longer than a length limit of its own (XLIFF maxwidth in characters
    /// or bytes, XLIFF 2.0's restrictions) allows.
    public let overLength: Int
    /// Titles measured in a look their bar sizes without a screen to measure them beside
    /// (no pairing in the project's `screens`): held to the default room.
    public var withoutScreen = 0
    /// Rows shown whole but within the substitution margin of their limit (`CheckRow.nearLimit`).
    public var nearLimit = 0
    /// Titles the engine could not measure.
    public let errors: Int
    /// Files that could not be read.
    public let unreadableFiles: Int
    /// With a baseline (`--baseline`): how many problems are new, how many it accepts, and how
    /// many of its problems are fixed.
    public var baseline: BaselineCounts?
    /// The counts per language and look, what needs attention first.
    public var languages: [LanguageSummary] = []
    /// With a selection (`--key`, `--titles`, `--titles-comment`): the strings read that it
    /// did not select as titles.
    public var leftOutBySelection: Int?

    public struct BaselineCounts: Sendable {
        public let new: Int
        public let accepted: Int
        public let fixed: Int
    }
    public let substitutions: [Substitution]
}

extension CheckSummary {
    /// The summary as `check --json` writes it, keys sorted.
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            if let baseline {
                json.object("baseline") { json in
                    json.member("accepted", baseline.accepted)
                    json.member("fixed", baseline.fixed)
                    json.member("new", baseline.new)
                }
            }
            json.member("errors", errors)
            json.member("fellBack", fellBack)
            json.array("languages") { json in
                for group in languages {
                    json.element()
                    json.object { json in
                        json.member("errors", group.errors)
                        json.member("fellBack", group.fellBack)
                        json.member("language", group.language)
                        json.member("lineBreaks", group.lineBreaks)
                        json.member("look", group.look)
                        json.member("missingGlyphs", group.missingGlyphs)
                        json.member("new", group.new)
                        json.member("overLimit", group.overLimit)
                        json.member("rows", group.rows)
                        json.member("truncated", group.truncated)
                        if let widest = group.widest {
                            json.object("widestOverflow") { json in
                                json.member("key", widest.key)
                                json.member("points", Points.rounded(widest.overBy))
                            }
                        }
                    }
                }
            }
            if let leftOutBySelection {
                json.member("leftOutBySelection", leftOutBySelection)
            }
            json.member("lineBreaks", lineBreaks)
            json.member("missingGlyphs", missingGlyphs)
            json.member("nearLimit", nearLimit)
            json.member("overLength", overLength)
            json.member("overOwnLimit", overOwnLimit)
            json.member("rows", rows)
            json.array("substitutions") { json in
                for substitution in substitutions {
                    json.element()
                    json.object { json in
                        json.member("family", substitution.family)
                        json.member("file", substitution.file)
                        json.member("look", substitution.look)
                        json.member("requested", substitution.requested)
                        json.member("style", substitution.style)
                    }
                }
            }
            json.member("titles", titles)
            json.member("truncated", truncated)
            json.member("unreadableFiles", unreadableFiles)
            json.member("untranslated", untranslated)
            json.member("withoutScreen", withoutScreen)
        }
    }

    /// The counts of `rows`, `titles` entries read, and the looks measured with a substitute.
    public init(
        rows: [CheckRow], titles: Int, untranslated: Int = 0, substitutions: SubstitutionLog,
        baseline: BaselineCounts? = nil, leftOutBySelection: Int? = nil
    ) {
        // Counted in one pass: a check has hundreds of thousands of rows.
        var counts = (truncated: 0, fellBack: 0, lineBreaks: 0, missingGlyphs: 0, overOwnLimit: 0, overLength: 0)
        var errors = 0
        var unreadableFiles = 0
        var nearLimit = 0
        for row in rows {
            if row.nearLimit { nearLimit += 1 }
            if row.missingGlyphs > 0 { counts.missingGlyphs += 1 }
            if row.isUnreadableFile { unreadableFiles += 1 }
            guard row.error == nil else {
                if !row.isUnreadableFile { errors += 1 }
                continue
            }
            if row.truncated && !row.lineBreak { counts.truncated += 1 }
            if row.titleSource != "title" { counts.fellBack += 1 }
            if row.lineBreak { counts.lineBreaks += 1 }
            if row.overOwnLimit { counts.overOwnLimit += 1 }
            if row.overLength { counts.overLength += 1 }
        }
        self.init(
            titles: titles, untranslated: untranslated, rows: rows.count, truncated: counts.truncated,
            fellBack: counts.fellBack, lineBreaks: counts.lineBreaks, missingGlyphs: counts.missingGlyphs,
            overOwnLimit: counts.overOwnLimit, overLength: counts.overLength, errors: errors,
            unreadableFiles: unreadableFiles, baseline: baseline,
            languages: LanguageSummary.of(rows), leftOutBySelection: leftOutBySelection,
            substitutions: substitutions.entries.map { entry in
                Substitution(
                    look: entry.look, requested: entry.font.requested, family: entry.font.family,
                    style: entry.font.style, file: entry.font.file)
            })
        self.nearLimit = nearLimit
    }
}
