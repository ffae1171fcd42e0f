import ChevronText
import Foundation
import Synchronization

/// The one-line summary every run ends with.
public enum CheckSummaryLine {
    public static func text(_ summary: CheckReport.Summary, looks: Int) -> String {
        "chevron check: \(summary.titles) titles"
            + (summary.untranslated == 0 ? "" : " (\(summary.untranslated) untranslated left out)")
            + (summary.leftOutBySelection.map { " selected (\($0) other strings left out)" } ?? "") + ", "
            + "\(summary.rows) rows in \(looks) \(looks == 1 ? "look" : "looks"): "
            + "\(summary.truncated) truncated, \(summary.fellBack) fell back, \(summary.lineBreaks) with line breaks, "
            + "\(summary.missingGlyphs) with missing glyphs, \(summary.overOwnLimit) over their own limit, "
            + (summary.overLength == 0 ? "" : "\(summary.overLength) over their length limit, ")
            + "\(summary.errors) errors"
            + (summary.unreadableFiles == 0
                ? "" : ", \(summary.unreadableFiles) \(summary.unreadableFiles == 1 ? "file" : "files") not read")
            + (summary.baseline.map { ", \($0.new) new, \($0.accepted) in the baseline, \($0.fixed) fixed since it" } ?? "")
    }
}

/// `--format text`: a table, a row per title and look.
public enum CheckTable {
    /// The widest a key is printed; longer keys lose their middle, never their end, where the
    /// language and plural form of `key (de, one)` or the item of `tabs[2]` are.
    public static let keyWidth = 40

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
    public static func lines(_ rows: [CheckRow]) -> [String] {
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
                // What the files hold is shown escaped (`escapingControls`): a key with a line
                // break must not start a line of its own.
                let place = shared?.place ?? Cell((row.line > 0 ? "\(row.file):\(row.line)" : row.file).escapingControls)
                let key = shared?.key ?? Cell(shortened(row.key.escapingControls, to: keyWidth))
                let width = row.width.map { "\(Points.text($0))/\(Points.text(row.maxWidth))" } ?? "-"
                columns.append(
                    Columns(
                        place: place, key: key, language: hasLanguage ? Cell(row.language ?? "-") : nil,
                        look: Cell(row.look), width: Cell(width), shown: row.shown.escapingControls))
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

    /// A baseline's problem in words: `FILE  KEY  LANGUAGE  LOOK  PROBLEM`.
    public static func describe(_ problem: ProblemIdentity) -> String {
        [problem.file, problem.key, problem.language.isEmpty ? "-" : problem.language, problem.look, problem.problem]
            .joined(separator: "  ")
    }

    /// `key` in at most `limit` characters: its start, an ellipsis, and its end, which keeps a
    /// variant suffix (` (de, one)`, `[2]`) whole.
    public static func shortened(_ key: String, to limit: Int) -> String {
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
