import ChevronSupport

/// One thing wrong with a row, as the machine formats report it: a rule of SARIF, a failure of
/// JUnit, an annotation of GitHub.
public enum CheckProblem: String, CaseIterable, Sendable {
    case error = "title-error"
    case unreadableFile = "file-error"
    case truncated = "truncated"
    case fellBack = "fell-back"
    case lineBreak = "line-break"
    case overOwnLimit = "over-own-limit"
    case missingGlyphs = "missing-glyphs"
    case overLength = "over-length"
    case nearLimit = "near-limit"

    /// The rule's description, for SARIF's rule list and JUnit's failure type.
    public var summary: String {
        switch self {
        case .error: "The title could not be measured (too long, or refused by the engine)."
        case .unreadableFile: "The file could not be read: none of its titles were checked."
        case .truncated: "The title does not fit the look's maximum width and is shown cut, with an ellipsis."
        case .fellBack: "The title does not fit and is replaced by the generic title, or by the chevron alone."
        case .lineBreak: "The title holds a line break: a one-line label shows its first line and an ellipsis."
        case .overOwnLimit: "The title is not shown in full within the limit its own file sets (XLIFF maxwidth)."
        case .missingGlyphs:
            "Characters of the title have no glyph in any installed font: the width is not what a device shows."
        case .overLength:
            "The title has more characters or bytes than the limit its own file sets (XLIFF maxwidth in characters or bytes, XLIFF 2.0 size and storage restrictions)."
        case .nearLimit:
            "The title fits, but within the substitution margin of its limit: measured in a stand-in for the look's font, it may not fit on a device."
        }
    }

    /// What to do about it, for SARIF's rule help.
    public var help: String {
        switch self {
        case .error, .unreadableFile:
            "Read the error: a title over the engine's text limit, a placeholder no rule fills or a limit that cannot be read is fixed in the catalogue; a file that cannot be read is fixed where the message says."
        case .truncated, .overOwnLimit:
            "Shorten the translation, or give the string a shorter back-button title (a back title of its own); the row's displayedTitle is what a user sees."
        case .fellBack:
            "The title is replaced by the generic title or the chevron alone: shorten it if the title matters on this button."
        case .lineBreak:
            "A back button shows one line: remove the line break from the title, or give the button a title of its own."
        case .missingGlyphs:
            "Install a font covering the characters (fc-list ':charset=HEX' lists those that do), or fix text that holds characters by mistake."
        case .overLength:
            "The title has more characters or bytes than its own limit allows: shorten it."
        case .nearLimit:
            "Give the check the look's real font (--fonts-dir) to know, or shorten the title to leave the margin."
        }
    }

    /// The `--fail-on` rules that fail a row with this problem.
    public var failingRules: Set<CheckPlan.FailOn> {
        switch self {
        case .error, .unreadableFile: Set(CheckPlan.FailOn.allCases)
        case .truncated: [.truncate, .any]
        case .fellBack: [.truncate, .fallback, .any]
        case .lineBreak: [.truncate, .lineBreak, .any]
        case .overOwnLimit: [.truncate, .limit, .any]
        case .missingGlyphs: [.missing, .any]
        case .overLength: [.limit, .any]
        case .nearLimit: [.nearLimit]
        }
    }

    /// Whether the problem fails the run under `--fail-on rules` (an error always does).
    public func fails(under rules: [CheckPlan.FailOn]) -> Bool {
        self == .error || self == .unreadableFile || !failingRules.isDisjoint(with: rules)
    }

    /// The problems of a row. A row cut within a limit of its own is over that limit (not also
    /// "truncated" or "fell back" against the look).
    public static func of(_ row: CheckRow) -> [CheckProblem] {
        row.problems.members
    }

    /// The problems of a row as `of` lists them, worked out once when the row is made
    /// (`CheckRow.problems`).
    static func set(of row: CheckRow) -> ProblemSet {
        if row.isUnreadableFile { return ProblemSet(.unreadableFile) }
        if row.error != nil { return ProblemSet(.error) }
        var problems = ProblemSet()
        if row.overOwnLimit {
            problems.insert(.overOwnLimit)
        } else if row.isCut {
            problems.insert(row.titleSource != "title" ? .fellBack : row.lineBreak ? .lineBreak : .truncated)
        }
        if row.missingGlyphs > 0 { problems.insert(.missingGlyphs) }
        if row.nearLimit { problems.insert(.nearLimit) }
        if row.overLength { problems.insert(.overLength) }
        return problems
    }

    /// A sentence about `row` for this problem.
    /// - Parameter looks: the looks the sentence names, when several show the same (`classic, reeder`).
    public func message(_ row: CheckRow, looks: String? = nil) -> String {
        let language = row.language.map { ", \($0)" } ?? ""
        var width = row.width.map { "\(Points.text($0)) of \(Points.text(row.maxWidth)) pt" } ?? ""
        // How far over: the button the whole title needs, beside the limit.
        if row.isCut, row.overBy > 0, let needed = row.neededWidth {
            width += "; the whole title needs \(Points.text(needed)) pt, \(Points.text(row.overBy)) over"
        }
        let subject = "\"\(row.title.echoedTitle)\" (\(row.key)\(language)) in \(looks ?? row.slot)"
        switch self {
        case .error: return "\(subject): \(row.error ?? "")"
        case .unreadableFile: return "\(row.file) could not be read: \(row.error ?? "")"
        case .truncated: return "\(subject) is truncated to \"\(row.displayedTitle)\" (\(width))"
        case .fellBack:
            return row.titleSource == "none"
                ? "\(subject) does not fit: the chevron is shown alone"
                : "\(subject) does not fit: \(row.titleSource) \"\(row.displayedTitle)\" is shown (\(width))"
        case .lineBreak:
            return "\(subject) holds a line break: a one-line label shows \"\(row.displayedTitle)\" (\(width))"
        case .overOwnLimit:
            let minimum = row.lookMinimum.map { ", under \(row.look)'s minimum of \(Points.text($0)) pt" } ?? ""
            return "\(subject) is over its own limit of \(Points.text(row.maxWidth)) pt\(minimum): \(row.shown)"
        case .missingGlyphs:
            let characters = row.missingGlyphs == 1 ? "1 character" : "\(row.missingGlyphs) characters"
            return "\(subject) has \(characters) no installed font covers"
        case .overLength:
            let over = row.lengthChecks.filter(\.isOver).map(\.sentence).joined(separator: "; ")
            return "\(subject) is over its length limit: \(over)"
        case .nearLimit:
            return "\(subject) fits (\(width)) within the \(Points.text(row.margin))-pt margin of a substituted font"
        }
    }
}

extension String {
    /// A title as messages quote it: at most 80 characters.
    fileprivate var echoedTitle: String { count > 80 ? prefix(79) + "…" : self }
}

/// A set of problems in one word: a row keeps its problems, and those a baseline accepts,
/// without an allocation (a check has hundreds of thousands of rows).
public struct ProblemSet: Sendable, Hashable {
    var bits: UInt16 = 0

    init() {}

    init(_ problem: CheckProblem) {
        insert(problem)
    }

    static func bit(_ problem: CheckProblem) -> UInt16 {
        1 << UInt16(CheckProblem.allCases.firstIndex(of: problem) ?? 0)
    }

    public var isEmpty: Bool { bits == 0 }

    public func contains(_ problem: CheckProblem) -> Bool { bits & Self.bit(problem) != 0 }

    mutating func insert(_ problem: CheckProblem) { bits |= Self.bit(problem) }

    /// The problems of `self` that `other` does not hold.
    public func subtracting(_ other: ProblemSet) -> ProblemSet {
        var result = ProblemSet()
        result.bits = bits & ~other.bits
        return result
    }

    /// The problems, in `allCases` order: how a row's cut comes before its missing glyphs and
    /// its length.
    public var members: [CheckProblem] {
        guard bits != 0 else { return [] }
        return CheckProblem.allCases.filter(contains)
    }
}
