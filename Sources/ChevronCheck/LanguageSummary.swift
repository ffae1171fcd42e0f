import ChevronSupport

/// A run's counts per language and look, the part of a catalogue that needs attention first
/// first: for the text report's table, the JSON summary's `languages` and GitHub's job summary.
public struct LanguageSummary: Sendable {
    public let language: String?
    public let look: String
    public var rows = 0
    public var truncated = 0
    public var fellBack = 0
    public var lineBreaks = 0
    public var missingGlyphs = 0
    /// Rows over a limit their own file sets (a width or a length).
    public var overLimit = 0
    public var errors = 0
    /// Problems no baseline accepts (all of them without a baseline).
    public var new = 0
    /// The row furthest over its limit: its key and by how many points.
    public var widest: (key: String, overBy: Double)?

    /// Rows with a problem of any kind.
    public var problems: Int { truncated + fellBack + lineBreaks + missingGlyphs + overLimit + errors }

    /// The groups of `rows` (unreadable files left out: they have no language or look), the
    /// most problems first, then the widest overflow, then by language and look.
    public static func of(_ rows: [CheckRow]) -> [LanguageSummary] {
        var groups: [String: LanguageSummary] = [:]
        for row in rows where !row.isUnreadableFile {
            let id = (row.language ?? "") + "\u{0}" + row.slot
            var group = groups[id] ?? LanguageSummary(language: row.language, look: row.slot)
            group.rows += 1
            let problems = row.problems
            if problems.contains(.truncated) { group.truncated += 1 }
            if problems.contains(.fellBack) { group.fellBack += 1 }
            if problems.contains(.lineBreak) { group.lineBreaks += 1 }
            if problems.contains(.missingGlyphs) { group.missingGlyphs += 1 }
            if problems.contains(.overOwnLimit) || problems.contains(.overLength) { group.overLimit += 1 }
            if problems.contains(.error) { group.errors += 1 }
            if row.hasNewProblems { group.new += 1 }
            if row.overBy > (group.widest?.overBy ?? 0) { group.widest = (row.key, row.overBy) }
            groups[id] = group
        }
        return groups.values.sorted {
            ($1.problems, $1.widest?.overBy ?? 0, $0.language ?? "", $0.look)
                < ($0.problems, $0.widest?.overBy ?? 0, $1.language ?? "", $1.look)
        }
    }

    /// The groups as a text table, a line each under a header.
    public static func table(_ groups: [LanguageSummary]) -> [String] {
        let header = [
            "language", "look", "rows", "truncated", "fell back", "line breaks", "missing", "over limit",
            "errors", "widest overflow",
        ]
        let lines = groups.map { group in
            [
                (group.language ?? "-").escapingControls, group.look, "\(group.rows)", "\(group.truncated)",
                "\(group.fellBack)", "\(group.lineBreaks)", "\(group.missingGlyphs)", "\(group.overLimit)",
                "\(group.errors)",
                group.widest.map { "+\(Points.text($0.overBy)) pt \($0.key.escapingControls)" } ?? "-",
            ]
        }
        let widths = header.indices.map { column in
            ([header] + lines).map { $0[column].characterCount }.max() ?? 0
        }
        return ([header] + lines).map { cells in
            cells.indices.map { column in
                let cell = cells[column]
                let padding = String(repeating: " ", count: widths[column] - cell.characterCount)
                // Names to the left, numbers to the right, the last column as it is.
                return column < 2 ? cell + padding : column == cells.count - 1 ? cell : padding + cell
            }.joined(separator: "  ")
        }
    }

    /// The groups as a Markdown table (GitHub's job summary): a heading and a row per group.
    /// - Parameter measuredFor: the looks and devices measured (`CheckSlot.measuredFor`).
    public static func markdown(_ groups: [LanguageSummary], baselined: Bool, measuredFor: String? = nil) -> String {
        func cell(_ text: String) -> String {
            text.escapingControls.replacingOccurrences(of: "|", with: "\\|")
        }
        var lines = ["### chevron check", ""]
        if let measuredFor { lines += ["Measured for \(cell(measuredFor)).", ""] }
        lines += [
            "| language | look | rows | truncated | fell back | missing glyphs | over limit | errors |"
                + (baselined ? " new since the baseline |" : "") + " widest overflow |",
            "|---|---|---:|---:|---:|---:|---:|---:|" + (baselined ? "---:|" : "") + "---|",
        ]
        for group in groups {
            lines.append(
                "| \(cell(group.language ?? "-")) | \(cell(group.look)) | \(group.rows) | \(group.truncated) | "
                    + "\(group.fellBack) | \(group.missingGlyphs) | \(group.overLimit) | \(group.errors) |"
                    + (baselined ? " \(group.new) |" : "")
                    + " \(group.widest.map { "+\(Points.text($0.overBy)) pt \(Self.codeSpan(cell($0.key)))" } ?? "-") |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension CheckProblem {
    /// How much a problem weighs when a report can show only some: a file or title that could
    /// not be checked first, then what a user cannot read at all, then what is cut.
    var weight: Int {
        switch self {
        case .unreadableFile: 0
        case .error: 1
        case .missingGlyphs: 2
        case .overOwnLimit: 3
        case .overLength: 4
        case .fellBack: 5
        case .truncated: 6
        case .lineBreak: 7
        case .nearLimit: 8
        }
    }
}

extension LanguageSummary {
    /// `text` as a Markdown code span that it cannot end: fenced by one backtick more than its
    /// longest run of them, padded with a space where it starts or ends with one (CommonMark's
    /// rule), so a key's backtick cannot let the rest of a line render as Markdown or HTML.
    static func codeSpan(_ text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") ? " \(text) " : text
        return fence + padded + fence
    }
}
