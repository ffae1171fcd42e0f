import ChevronClient
import ChevronText
import Foundation

/// One title in one look, as `check --json` prints it.
public struct CheckRow: Sendable {
    public let file: String
    public let line: Int
    public let key: String
    public let title: String
    public let look: String
    public let width: Double?
    public let maxWidth: Double
    public let truncated: Bool
    public let displayedTitle: String
    public let titleSource: String
    public let missingGlyphs: Int
    public let language: String?
    /// Whether `maxWidth` is the entry's own limit (an XLIFF unit's maxwidth, smaller than the look's
    /// maximum), not the look's: which of the two limits holds the title.
    public let ownLimit: Bool
    /// The title as the file writes it, when placeholders in it were filled with samples.
    public let template: String?
    public let error: String?
    /// Whether the title holds a line break: a one-line label shows its first line and "…"
    /// (`LineBreaks`).
    public let lineBreak: Bool
    /// The width the button would need to show the title measured whole (nil for an error): how
    /// far over its limit a cut title is (`overflow`).
    public let neededWidth: Double?

    /// How many points the title is over the row's limit (0 when it fits).
    public var overflow: Double { max(0, (neededWidth ?? 0) - maxWidth) }

    /// The row's problems a baseline holds (`--baseline`): accepted, not failing the run.
    public internal(set) var accepted = ProblemSet()

    /// The row's problems (`CheckProblem.of`), worked out when it is made.
    public private(set) var problems = ProblemSet()

    /// The row's problems that no baseline accepts: those that fail a run, and that reports
    /// annotate.
    public var newProblems: [CheckProblem] { problems.subtracting(accepted).members }

    /// Whether the row has a problem no baseline accepts.
    public var hasNewProblems: Bool { !problems.subtracting(accepted).isEmpty }

    /// Whether the row stands for a file that could not be read (`error` says why).
    public private(set) var isUnreadableFile = false
    /// For a variation of a string with several plural substitutions, the string's key
    /// (`TitleEntry.alternativesOf`): a check keeps the widest variation per look.
    public let alternativesOf: String?
    /// The limits on the title's length its file sets (an XLIFF unit's `maxwidth` in characters or
    /// bytes, XLIFF 2.0's restrictions), each with the title's length in its unit.
    public private(set) var lengthChecks: [LengthCheck] = []

    /// Whether the title is longer than a length limit of its own allows.
    public var overLength: Bool { lengthChecks.contains(where: \.isOver) }

    /// - Parameter language: the language the title was measured in (the file's, else `--language`).
    /// - Parameter lookMaximum: the look's maximum width; the row is held to the entry's own
    ///   limit where that is smaller.
    public init(_ entry: TitleEntry, look: String, lookMaximum: Double, language: String?, outcome: CheckOutcome) {
        let own = Self.ownLimit(entry, lookMaximum: lookMaximum)
        file = entry.file
        line = entry.line
        key = entry.key
        title = entry.title
        self.look = look
        maxWidth = own ?? lookMaximum
        width = outcome.width
        neededWidth = outcome.neededWidth
        truncated = outcome.truncated
        displayedTitle = outcome.displayedTitle
        titleSource = outcome.titleSource
        missingGlyphs = outcome.missingGlyphs
        ownLimit = own != nil
        template = entry.template
        self.language = language
        error = outcome.error
        lineBreak = LineBreaks.contains(entry.title)
        alternativesOf = entry.alternativesOf
        lengthChecks = entry.lengthLimits.map { LengthCheck($0, entry: entry) }
        problems = CheckProblem.set(of: self)
    }

    /// The entry's own width limit (an XLIFF unit's `maxwidth`) when it is smaller than the look's
    /// maximum, which it then replaces; nil when the look's maximum is the smaller (or the same):
    /// a title is held to the smaller limit, and a larger one never lets it grow past the look's.
    public static func ownLimit(_ entry: TitleEntry, lookMaximum: Double?) -> Double? {
        guard let own = entry.maximumWidth else { return nil }
        guard let lookMaximum else { return own }
        return own < lookMaximum ? own : nil
    }

    /// A file that could not be read, where its titles would be: no key, look or width; the
    /// reason is its `error` (`FILE:LINE: reason` without the place).
    public init(unreadable problem: TitleFileError) {
        file = problem.file
        line = problem.line
        key = ""
        title = ""
        look = ""
        width = nil
        neededWidth = nil
        maxWidth = 0
        truncated = false
        displayedTitle = ""
        titleSource = "none"
        missingGlyphs = 0
        language = nil
        ownLimit = false
        template = nil
        error = problem.reason
        lineBreak = false
        isUnreadableFile = true
        alternativesOf = nil
        problems = CheckProblem.set(of: self)
    }

    /// The row as `check --json` writes it: every key on every row (`width` is null, not absent,
    /// when the engine refused the title), `template`, `error` and `lengthLimits` only when there
    /// is one; keys in sorted order.
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.member("displayedTitle", displayedTitle)
            if let error {
                json.member("error", error)
            }
            json.member("file", file)
            if isUnreadableFile {
                json.member("fileError", true)
            }
            if !accepted.isEmpty {
                json.array("inBaseline") { json in
                    for problem in CheckProblem.of(self) where accepted.contains(problem) {
                        json.element()
                        json.string(problem.rawValue)
                    }
                }
            }
            json.member("key", key)
            json.member("language", language)
            if !lengthChecks.isEmpty {
                json.array("lengthLimits") { json in
                    for check in lengthChecks {
                        json.element()
                        json.object { json in
                            json.member("length", check.length)
                            json.member("maximum", check.limit.maximum)
                            json.member("over", check.isOver)
                            json.member("setBy", check.limit.setBy)
                            json.member("unit", check.limit.unit.rawValue)
                        }
                    }
                }
            }
            json.member("line", line)
            json.member("lineBreak", lineBreak)
            json.member("look", look)
            json.member("maxWidth", maxWidth)
            json.member("missingGlyphs", missingGlyphs)
            json.member("ownLimit", ownLimit)
            if let template {
                json.member("template", template)
            }
            json.member("title", title)
            json.member("titleSource", titleSource)
            json.member("truncated", truncated)
            json.member("width", width)
        }
    }

    /// What a user sees, in words. Missing glyphs come first: such a row never reads as fitting.
    public var shown: String {
        if isUnreadableFile { return "FILE NOT READ: \(error ?? "")" }
        if let error { return "error: \(error)" }
        let seen: String
        switch titleSource {
        case "title" where lineBreak: seen = "line break: \(displayedTitle)"
        case "title": seen = truncated ? "truncated: \(displayedTitle)" : "full title"
        case "none": seen = "the chevron alone"
        default: seen = "\(titleSource): \(displayedTitle)"
        }
        var limited = ownLimit && isCut ? "; OVER ITS OWN LIMIT" : ""
        for check in lengthChecks where check.isOver {
            limited +=
                "; OVER ITS LENGTH LIMIT (\(check.length) of \(check.limit.maximum) \(check.limit.unit.rawValue))"
        }
        // Every problem of the row is one a baseline accepts.
        let baseline = !accepted.isEmpty && !hasNewProblems ? "; in the baseline" : ""
        guard missingGlyphs > 0 else { return seen + limited + baseline }
        // Whatever is shown, its width is not the device's: the row never reads as fitting.
        return
            (seen == "full title" ? "MISSING GLYPHS (\(missingGlyphs))" : "MISSING GLYPHS (\(missingGlyphs)); \(seen)")
            + limited + baseline
    }

    /// Whether the title is not shown in full: cut, or replaced by another title or nothing.
    public var isCut: Bool { truncated || titleSource != "title" }

    /// Whether the row fails `--fail-on`.
    public func fails(_ rule: CheckPlan.FailOn) -> Bool {
        switch rule {
        case .truncate: isCut
        case .fallback: titleSource != "title"
        case .missing: missingGlyphs > 0
        case .limit: ownLimit && isCut || overLength
        case .lineBreak: lineBreak
        case .any: isCut || missingGlyphs > 0 || overLength
        }
    }
}

/// What the engine answered for one title in one look, as a row needs it: the layout's few
/// fields, or why there is none. One answer serves every row that asks the same question.
public struct CheckOutcome: Sendable {
    public var width: Double?
    public var truncated = false
    public var displayedTitle = ""
    public var titleSource = "none"
    public var missingGlyphs = 0
    public var error: String?
    /// The width the button would need to show its text whole: its width with the title's
    /// frame replaced by the whole text's width.
    public var neededWidth: Double?

    public init(_ result: SizeResultReply) {
        if let layout = result.layout {
            width = layout.width
            neededWidth = layout.width - layout.titleFrame.width + layout.textWidth
            truncated = layout.truncated
            displayedTitle = layout.displayedTitle
            titleSource = layout.titleSource.rawValue
            missingGlyphs = layout.missingGlyphs
        }
        error = result.failure.map { failure in
            [failure.error, failure.parameter, failure.message].compactMap { $0 }
                .joined(separator: ": ")
        }
    }

    /// A title that was not sent: `error` says why (`io.chevron.Text.TextTooLong: …`).
    public init(error: String) {
        self.error = error
    }
}

/// `check --json`: the rows and the run's summary.
public struct CheckReport {
    /// What the run found, in counts, and which looks were measured with a substitute font.
    public struct Summary: Sendable {
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

    public let rows: [CheckRow]
    public let summary: Summary
    /// What the answers were measured with (`chevron fingerprint`): the same on every host that
    /// answers alike.
    public let fingerprint: Fingerprint

    /// The fingerprint and its parts (not the timing, which differs from run to run).
    public struct Fingerprint {
        let fingerprint: String
        let parts: ServiceInterface.FingerprintParts
    }

    /// With a baseline: its problems fixed since (`CheckRun.fixed`).
    public let fixed: [ProblemIdentity]

    public init(rows: [CheckRow], summary: Summary, fingerprint: FingerprintReply, fixed: [ProblemIdentity] = []) {
        self.rows = rows
        self.summary = summary
        self.fingerprint = Fingerprint(fingerprint: fingerprint.fingerprint, parts: fingerprint.parts)
        self.fixed = fixed
    }

    /// The report as `check --json` prints it: `{fingerprint, rows, summary}` (and `fixed` with a
    /// baseline), keys sorted.
    public func write(to json: inout PrettyJSON) {
        json.object { json in
            json.object("fingerprint") { json in
                json.member("fingerprint", fingerprint.fingerprint)
                json.object("parts") { json in
                    json.member("fontconfig", fingerprint.parts.fontconfig)
                    json.member("fonts", fingerprint.parts.fonts)
                    json.member("libraries", fingerprint.parts.libraries)
                    json.member("looks", fingerprint.parts.looks)
                }
            }
            if summary.baseline != nil {
                json.array("fixed") { json in
                    for problem in fixed {
                        json.element()
                        problem.write(to: &json)
                    }
                }
            }
            json.array("rows") { json in
                for row in rows {
                    json.element()
                    row.write(to: &json)
                }
            }
            json.key("summary")
            summary.write(to: &json)
        }
    }
}

extension CheckReport.Summary {
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
                                json.member("points", widest.overflow)
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
        }
    }

    /// The counts of `rows`, `titles` entries read, and the looks measured with a substitute.
    public init(
        rows: [CheckRow], titles: Int, untranslated: Int = 0, substitutions: SubstitutionLog,
        baseline: BaselineCounts? = nil, leftOutBySelection: Int? = nil
    ) {
        self.init(
            titles: titles, untranslated: untranslated, rows: rows.count,
            truncated: rows.filter { $0.error == nil && $0.truncated && !$0.lineBreak }.count,
            fellBack: rows.filter { $0.error == nil && $0.titleSource != "title" }.count,
            lineBreaks: rows.filter { $0.error == nil && $0.lineBreak }.count,
            missingGlyphs: rows.filter { $0.missingGlyphs > 0 }.count,
            overOwnLimit: rows.filter { $0.error == nil && $0.ownLimit && $0.isCut }.count,
            overLength: rows.filter { $0.error == nil && $0.overLength }.count,
            errors: rows.filter { $0.error != nil && !$0.isUnreadableFile }.count,
            unreadableFiles: rows.filter(\.isUnreadableFile).count, baseline: baseline,
            languages: LanguageSummary.of(rows), leftOutBySelection: leftOutBySelection,
            substitutions: substitutions.entries.map { entry in
                Substitution(
                    look: entry.look, requested: entry.font.requested, family: entry.font.family,
                    style: entry.font.style, file: entry.font.file)
            })
    }
}
