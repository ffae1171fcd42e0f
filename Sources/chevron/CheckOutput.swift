import ArgumentParser
import ChevronClient
import Foundation
import Synchronization

/// How `chevron check` reports its rows: a table, JSON, SARIF 2.1.0, JUnit XML or GitHub
/// Actions annotations. Every format is followed by the same one-line summary.
enum CheckOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif, junit, github

    /// Whether the summary line goes to standard error, leaving standard output to a document
    /// another tool parses.
    var summaryOnStandardError: Bool { self == .json || self == .sarif || self == .junit }
}

/// One thing wrong with a row, as the machine formats report it: a rule of SARIF, a failure of
/// JUnit, an annotation of GitHub.
enum CheckProblem: String, CaseIterable {
    case error = "title-error"
    case truncated = "truncated"
    case fellBack = "fell-back"
    case overOwnLimit = "over-own-limit"
    case missingGlyphs = "missing-glyphs"

    /// The rule's description, for SARIF's rule list and JUnit's failure type.
    var summary: String {
        switch self {
        case .error: "The title could not be measured (too long, or refused by the engine)."
        case .truncated: "The title does not fit the look's maximum width and is shown cut, with an ellipsis."
        case .fellBack: "The title does not fit and is replaced by the generic title, or by the chevron alone."
        case .overOwnLimit: "The title is not shown in full within the limit its own file sets (XLIFF maxwidth)."
        case .missingGlyphs:
            "Characters of the title have no glyph in any installed font: the width is not what a device shows."
        }
    }

    /// The `--fail-on` rules that fail a row with this problem.
    var failingRules: Set<CheckCommand.FailOn> {
        switch self {
        case .error: Set(CheckCommand.FailOn.allCases)
        case .truncated: [.truncate, .any]
        case .fellBack: [.truncate, .fallback, .any]
        case .overOwnLimit: [.truncate, .limit, .any]
        case .missingGlyphs: [.missing, .any]
        }
    }

    /// Whether the problem fails the run under `--fail-on rules` (an error always does).
    func fails(under rules: [CheckCommand.FailOn]) -> Bool {
        self == .error || !failingRules.isDisjoint(with: rules)
    }

    /// The problems of a row. A row cut within a limit of its own is over that limit (not also
    /// "truncated" or "fell back" against the look).
    static func of(_ row: CheckRow) -> [CheckProblem] {
        if row.error != nil { return [.error] }
        var problems: [CheckProblem] = []
        if row.isCut {
            problems.append(row.ownLimit ? .overOwnLimit : row.titleSource == "title" ? .truncated : .fellBack)
        }
        if row.missingGlyphs > 0 { problems.append(.missingGlyphs) }
        return problems
    }

    /// A sentence about `row` for this problem.
    func message(_ row: CheckRow) -> String {
        let language = row.language.map { ", \($0)" } ?? ""
        let width = row.width.map { "\(Output.points($0)) of \(Output.points(row.maxWidth)) pt" } ?? ""
        let subject = "\"\(row.title.echoedTitle)\" (\(row.key)\(language)) in \(row.look)"
        switch self {
        case .error: return "\(subject): \(row.error ?? "")"
        case .truncated: return "\(subject) is truncated to \"\(row.displayedTitle)\" (\(width))"
        case .fellBack:
            return row.titleSource == "none"
                ? "\(subject) does not fit: the chevron is shown alone"
                : "\(subject) does not fit: \(row.titleSource) \"\(row.displayedTitle)\" is shown (\(width))"
        case .overOwnLimit:
            return "\(subject) is over its own limit of \(Output.points(row.maxWidth)) pt: \(row.shown)"
        case .missingGlyphs:
            let characters = row.missingGlyphs == 1 ? "1 character" : "\(row.missingGlyphs) characters"
            return "\(subject) has \(characters) no installed font covers"
        }
    }
}

extension String {
    /// A title as messages quote it: at most 80 characters.
    fileprivate var echoedTitle: String { count > 80 ? prefix(79) + "…" : self }
}

/// The one-line summary every run ends with.
enum CheckSummaryLine {
    static func text(_ summary: CheckReport.Summary, looks: Int) -> String {
        "chevron check: \(summary.titles) titles, \(summary.rows) rows in \(looks) \(looks == 1 ? "look" : "looks"): "
            + "\(summary.truncated) truncated, \(summary.fellBack) fell back, "
            + "\(summary.missingGlyphs) with missing glyphs, \(summary.overOwnLimit) over their own limit, "
            + "\(summary.errors) errors"
    }
}

/// `--format text`: a table, a row per title and look.
enum CheckTable {
    /// The widest a key is printed; longer keys lose their middle, never their end, where the
    /// language and plural form of `key (de, one)` or the item of `tabs[2]` are.
    static let keyWidth = 40

    /// A column's text and its width in characters, counted once.
    private struct Cell {
        let text: String
        let width: Int

        init(_ text: String) {
            self.text = text
            width = text.characterCount
        }

        /// Appends the text, then spaces up to `width` characters.
        func append(to line: inout String, width: Int) {
            line.append(text)
            if self.width < width { line.append(String(repeating: " ", count: width - self.width)) }
        }
    }

    /// A row's columns: the place and key are its entry's (the rows of an entry's other looks,
    /// which follow it, share them); the language is nil when no row has one.
    private struct Columns {
        let place: Cell
        let key: Cell
        let language: Cell?
        let look: Cell
        let width: Cell
        let shown: String
    }

    /// The table's lines, one per row. A check prints hundreds of thousands: the rows are
    /// prepared and written in a few slices side by side, each column measured once.
    static func lines(_ rows: [CheckRow]) -> [String] {
        // The language column is there when a row was measured in a language.
        let hasLanguage = rows.contains { $0.language != nil }
        let columns = inSlices(of: rows.count) { range in
            var columns: [Columns] = []
            columns.reserveCapacity(range.count)
            for index in range {
                let row = rows[index]
                // The columns of the row before, when it is the same entry in another look.
                let sameEntry =
                    index > range.lowerBound && rows[index - 1].line == row.line && rows[index - 1].file == row.file
                    && rows[index - 1].key == row.key
                let shared = sameEntry ? columns.last : nil
                let place = shared?.place ?? Cell("\(row.file):\(row.line)")
                let key = shared?.key ?? Cell(shortened(row.key, to: keyWidth))
                let width = row.width.map { "\(Output.points($0))/\(Output.points(row.maxWidth))" } ?? "-"
                columns.append(
                    Columns(
                        place: place, key: key, language: hasLanguage ? Cell(row.language ?? "-") : nil,
                        look: Cell(row.look), width: Cell(width), shown: row.shown))
            }
            return columns
        }
        var widths = (place: 0, key: 0, language: 0, look: 0)
        for row in columns {
            widths.place = max(widths.place, row.place.width)
            widths.key = max(widths.key, row.key.width)
            widths.language = max(widths.language, row.language?.width ?? 0)
            widths.look = max(widths.look, row.look.width)
        }
        // Constants, read by the slices side by side.
        let (placeWidth, keyColumn, languageWidth, lookWidth) = widths
        return inSlices(of: columns.count) { range in
            range.map { index in
                let row = columns[index]
                // Each line is built in one String, its columns padded in place.
                var line = ""
                line.reserveCapacity(placeWidth + keyColumn + languageWidth + lookWidth + 40 + row.shown.utf8.count)
                row.place.append(to: &line, width: placeWidth)
                line.append("  ")
                row.key.append(to: &line, width: keyColumn)
                line.append("  ")
                if let language = row.language {
                    language.append(to: &line, width: languageWidth)
                    line.append("  ")
                }
                row.look.append(to: &line, width: lookWidth)
                line.append("  ")
                row.width.append(to: &line, width: 11)
                line.append("  ")
                line.append(row.shown)
                return line
            }
        }
    }

    /// `body`'s results for `0..<count` in order, computed in a slice per core at once (one
    /// slice when there are few).
    private static func inSlices<T: Sendable>(of count: Int, _ body: (Range<Int>) -> [T]) -> [T] {
        let slices = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, count / 20_000))
        guard slices > 1 else { return body(0..<count) }
        let results = Mutex<[[T]]>(Array(repeating: [], count: slices))
        withoutActuallyEscaping(body) { body in
            // Unchecked, and safe: `concurrentPerform` returns only when every slice is done, so
            // `body` does not outlive this call; the slices only read what it captured (the
            // rows, constants), and their results go through the lock.
            nonisolated(unsafe) let body = body
            DispatchQueue.concurrentPerform(iterations: slices) { slice in
                let part = body(count * slice / slices..<count * (slice + 1) / slices)
                results.withLock { $0[slice] = part }
            }
        }
        return results.withLock { $0.flatMap { $0 } }
    }

    /// `key` in at most `limit` characters: its start, an ellipsis, and its end, which keeps a
    /// variant suffix (` (de, one)`, `[2]`) whole.
    static func shortened(_ key: String, to limit: Int) -> String {
        guard key.characterCount > limit else { return key }
        var tail = 12
        if key.hasSuffix(")"), let open = key.range(of: " (", options: .backwards) {
            tail = max(tail, key.distance(from: open.lowerBound, to: key.endIndex))
        } else if key.hasSuffix("]"), let open = key.range(of: "[", options: .backwards) {
            tail = max(tail, key.distance(from: open.lowerBound, to: key.endIndex))
        }
        tail = min(tail, limit - 2)
        return key.prefix(limit - 1 - tail) + "…" + key.suffix(tail)
    }
}

/// `--format junit`: JUnit XML, a test suite per look and a test case per title (key × look ×
/// language). A case fails for each of its problems `--fail-on` names (every problem, without
/// `--fail-on`); a title that could not be measured is an error.
enum CheckJUnit {
    /// The document's lines: the header, a test suite per look, the closing tag.
    static func document(_ rows: [CheckRow], looks: [String], failOn: [CheckCommand.FailOn]) -> [String] {
        // Each look's rows, in order, found in one pass.
        var rowsByLook: [String: [Int]] = [:]
        for index in rows.indices { rowsByLook[rows[index].look, default: []].append(index) }
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0)
        // Rows of one file follow one another: its path is escaped once.
        var file: (path: String, escaped: String)?
        for look in looks {
            let indices = rowsByLook[look] ?? []
            var cases = ""
            var failures = 0
            var errors = 0
            for index in indices {
                let row = rows[index]
                if file?.path != row.file { file = (row.file, escaped(row.file)) }
                let path = file?.escaped ?? ""
                let language = row.language.map { " language=\"\(escaped($0))\"" } ?? ""
                cases += "    <testcase classname=\"\(path)\" name=\"\(escaped(caseName(row)))\""
                cases += " file=\"\(path)\" line=\"\(row.line)\"\(language) time=\"0\">\n"
                for problem in CheckProblem.of(row) where failOn.isEmpty || problem.fails(under: failOn) {
                    let element = problem == .error ? "error" : "failure"
                    if problem == .error { errors += 1 } else { failures += 1 }
                    cases +=
                        "      <\(element) type=\"\(problem.rawValue)\" message=\"\(escaped(problem.message(row)))\"/>\n"
                }
                let width = row.width.map { "\(Output.points($0))/\(Output.points(row.maxWidth)) pt" } ?? "-"
                cases += "      <system-out>\(escaped("\(width): \(row.shown)"))</system-out>\n    </testcase>\n"
            }
            totals.tests += indices.count
            totals.failures += failures
            totals.errors += errors
            suites.append(
                "  <testsuite name=\"\(escaped(look))\" tests=\"\(indices.count)\" failures=\"\(failures)\""
                    + " errors=\"\(errors)\" skipped=\"0\" time=\"0\">\n" + cases + "  </testsuite>")
        }
        // Printed piece by piece: the document of a big check is hundreds of megabytes.
        return [
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="chevron check" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" time="0">
            """
        ] + suites + ["</testsuites>"]
    }

    /// The case's name: the key, with the language when the key does not already say it.
    static func caseName(_ row: CheckRow) -> String {
        guard let language = row.language, !row.key.contains("(\(language)") else { return row.key }
        return "\(row.key) [\(language)]"
    }

    /// Text for an XML attribute or element: markup escaped, and characters XML 1.0 cannot hold
    /// (controls other than tab, line feed and return) written as U+FFFD.
    static func escaped(_ text: String) -> String {
        // Most text has nothing to escape (no markup, no control; 0xEF starts U+FFFE and U+FFFF).
        let plain = text.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != 0xEF && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
                && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"")
        }
        if plain { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// `--format github`: a GitHub Actions workflow command per problem
/// (`::warning file=…,line=…,title=…::message`), `::error` for those `--fail-on` names.
enum CheckGitHub {
    static func lines(_ rows: [CheckRow], failOn: [CheckCommand.FailOn]) -> [String] {
        var lines: [String] = []
        for row in rows {
            for problem in CheckProblem.of(row) {
                let command = problem.fails(under: failOn) ? "error" : "warning"
                var properties = ["file=\(property(row.file))"]
                if row.line > 0 { properties.append("line=\(row.line)") }
                properties.append("title=\(property("chevron check: \(problem.rawValue) (\(row.look))"))")
                lines.append("::\(command) \(properties.joined(separator: ","))::\(data(problem.message(row)))")
            }
        }
        return lines
    }

    /// A command's message: `%`, CR and LF escaped, as the runner reads them.
    static func data(_ text: String) -> String {
        escaped(text, alsoSeparators: false)
    }

    /// A command's property value: also `:` and `,` escaped.
    static func property(_ text: String) -> String {
        escaped(text, alsoSeparators: true)
    }

    /// `text` with `%`, CR and LF (and with `alsoSeparators`, `:` and `,`) percent-encoded, in
    /// one pass; most text has none of them and comes back as it is.
    private static func escaped(_ text: String, alsoSeparators: Bool) -> String {
        func code(_ byte: UInt8) -> String? {
            switch byte {
            case UInt8(ascii: "%"): "%25"
            case 0x0D: "%0D"
            case 0x0A: "%0A"
            case UInt8(ascii: ":") where alsoSeparators: "%3A"
            case UInt8(ascii: ",") where alsoSeparators: "%2C"
            default: nil
            }
        }
        guard text.utf8.contains(where: { code($0) != nil }) else { return text }
        var result = ""
        var start = text.startIndex
        for index in text.utf8.indices {
            guard let code = code(text.utf8[index]) else { continue }
            result += text[start..<index]
            result += code
            start = text.utf8.index(after: index)
        }
        result += text[start...]
        return result
    }
}
