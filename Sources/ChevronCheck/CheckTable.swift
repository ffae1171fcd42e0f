import ChevronJSON
import ChevronSupport
import ChevronVarlink
import Foundation
import Synchronization

/// The one-line summary every run ends with.
public enum CheckSummaryLine {
    public static func text(_ summary: CheckSummary, slots: [CheckSlot]) -> String {
        "chevron check: \(summary.titles.counted("title"))"
            + (summary.untranslated == 0 ? "" : " (\(summary.untranslated) untranslated left out)")
            + (summary.leftOutBySelection.map { " selected (\($0.counted("other string")) left out)" } ?? "") + ", "
            + "\(summary.rows.counted("row")) in \(looksMeasured(slots)): "
            + "\(summary.truncated) truncated, \(summary.fellBack) fell back, \(summary.lineBreaks) with line breaks, "
            + "\(summary.missingGlyphs) with missing glyphs, \(summary.overOwnLimit) over their own limit, "
            + (summary.overLength == 0 ? "" : "\(summary.overLength) over their length limit, ")
            + (summary.nearLimit == 0 ? "" : "\(summary.nearLimit) near their limit, ")
            + (summary.withoutScreen == 0 ? "" : "\(summary.withoutScreen) without their screen's title, ")
            + summary.errors.counted("error")
            + (summary.unreadableFiles == 0 ? "" : ", \(summary.unreadableFiles.counted("file")) not read")
            + (summary.baseline.map { ", \($0.new) new, \($0.accepted) in the baseline, \($0.fixed) fixed since it" }
                ?? "")
    }
}

extension CheckSummaryLine {
    /// The looks of a run and the devices the bar-sized ones were measured on: "2 looks
    /// (modern on iphone-se)", "1 look (modern on iphone-se, iphone-16-pro-max)".
    public static func looksMeasured(_ slots: [CheckSlot]) -> String {
        var looks: [String] = []
        var devices: [String: [String]] = [:]
        for slot in slots {
            if !looks.contains(slot.look) { looks.append(slot.look) }
            if let device = slot.device { devices[slot.look, default: []].append(device) }
        }
        let on = looks.compactMap { look in devices[look].map { "\(look) on \($0.joined(separator: ", "))" } }
        return looks.count.counted("look")
            + (on.isEmpty ? "" : " (\(on.joined(separator: "; ")))")
    }
}

/// `--format text`: a table, a line per title and look (looks that show the same share one).
public enum CheckTable {
    /// The narrowest the key column is cut to on a terminal; longer keys lose their middle, never
    /// their end, where the language and plural form of `key (de, one)` or the item of `tabs[2]` are.
    public static let keyWidth = 40

    /// How the table prints keys.
    public enum KeyColumn: Sendable {
        /// Whole, up to the `VarlinkError.echoLimit` (200) bytes at which reports cut what they
        /// echo: for a file or a pipe, where a line may be long and a script reads the key.
        case whole
        /// Cut in the middle to a column as narrow as keeps the table's distinct keys distinct,
        /// from `keyWidth` characters up: for a terminal (`--wide` prints them whole).
        case distinct
    }

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

    /// The widths of the columns padded to the widest of the table.
    private struct Widths {
        var place = 0
        var key = 0
        var language = 0
        var look = 0

        mutating func widen(to other: Widths) {
            place = max(place, other.place)
            key = max(key, other.key)
            language = max(language, other.language)
            look = max(look, other.look)
        }
    }

    /// The rows a chunk of the table holds: made in a few slices side by side, written, and
    /// dropped before the next is made.
    static let chunkRows = 1 << 13

    /// A line of the table: the rows of one entry, one after another, whose looks show the same
    /// (the same width, limit and text: classic and reeder, most often) share a line, their looks
    /// named together ("classic, reeder"); JSON keeps a row per look.
    struct Line {
        /// The first row's index.
        let index: Int
        /// The looks' names joined, when more than one row shares the line.
        let looks: String?
    }

    /// The lines of `rows`: each row, or the rows of one entry that show the same, at the place
    /// of the first of them.
    static func tableLines(_ rows: [CheckRow]) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(rows.count)
        var start = 0
        while start < rows.count {
            // The entry's rows follow one another.
            var end = start + 1
            while end < rows.count, sameEntry(rows[start], rows[end]) { end += 1 }
            if end - start == 1 || rows[start].lookIndex == CheckRowStore.noLook {
                for index in start..<end { lines.append(Line(index: index, looks: nil)) }
                start = end
                continue
            }
            // Per distinct (width, limit, text), its rows, in the order of their first.
            var groups: [(key: String, rows: [Int])] = []
            for index in start..<end {
                let row = rows[index]
                let key = "\(row.width ?? -1)\u{0}\(row.maxWidth)\u{0}\(row.shown)"
                if let group = groups.firstIndex(where: { $0.key == key }) {
                    groups[group].rows.append(index)
                } else {
                    groups.append((key, [index]))
                }
            }
            for group in groups {
                let looks = group.rows.count > 1 ? group.rows.map { rows[$0].slot }.joined(separator: ", ") : nil
                lines.append(Line(index: group.rows[0], looks: looks))
            }
            start = end
        }
        return lines
    }

    /// The table's lines (`write` hands them over in pieces instead). What a line shows is
    /// escaped, so no line holds a line break of its own.
    public static func lines(_ rows: [CheckRow], keys: KeyColumn = .whole) -> [String] {
        var text = ""
        write(rows, keys: keys) { text += $0 }
        return text.split(separator: "\n").map(String.init)
    }

    /// Writes the table's lines, each with its newline, to `write` in pieces of many whole
    /// lines, in order. A check prints hundreds of thousands: the columns' widths are found
    /// first, from the rows' entries and looks, then the lines are made `chunkRows` at a time,
    /// in a few slices side by side, and each piece is written and dropped before the next
    /// chunk is made.
    public static func write(_ rows: [CheckRow], keys: KeyColumn = .whole, to write: (String) -> Void) {
        let hasLanguage = rows.contains { $0.language != nil }
        let table = tableLines(rows)
        let keyLimit = keys == .whole ? Int.max : distinctKeyWidth(rows)
        let widths = columnWidths(rows, table, hasLanguage: hasLanguage, keyLimit: keyLimit)
        var start = 0
        while start < table.count {
            let end = min(table.count, start + chunkRows)
            let pieces = inSlices(of: end - start, smallest: 4096) { range in
                let range = (start + range.lowerBound)..<(start + range.upperBound)
                var piece = ""
                var previous: Columns?
                for position in range {
                    let columns = Self.columns(
                        rows, table, position, hasLanguage: hasLanguage, keyLimit: keyLimit, previous: previous,
                        first: range.lowerBound)
                    if position == range.lowerBound {
                        // Room for the lines, guessed from the first.
                        let before = piece.utf8.count
                        append(columns, widths: widths, to: &piece)
                        piece.reserveCapacity((piece.utf8.count - before + 1) * range.count * 5 / 4)
                    } else {
                        append(columns, widths: widths, to: &piece)
                    }
                    piece.append("\n")
                    previous = columns
                }
                return [piece]
            }
            for piece in pieces { write(piece) }
            start = end
        }
    }

    /// The columns of line `position` of `table`; the place and key are `previous`'s when it is
    /// the line before (not before `first`) and the same entry.
    private static func columns(
        _ rows: [CheckRow], _ table: [Line], _ position: Int, hasLanguage: Bool, keyLimit: Int, previous: Columns?,
        first: Int
    ) -> Columns {
        let row = rows[table[position].index]
        let shared = position > first && sameEntry(rows[table[position - 1].index], row) ? previous : nil
        // What the files hold is shown escaped (`escapingControls`): a key with a line break
        // must not start a line of its own.
        let place = shared?.place ?? Cell(placeText(row))
        let key = shared?.key ?? Cell(keyText(row.key, limit: keyLimit))
        let width = row.width.map { "\(Points.text($0))/\(Points.text(row.maxWidth))" } ?? "-"
        return Columns(
            place: place, key: key, language: hasLanguage ? Cell(row.language ?? "-") : nil,
            look: Cell(table[position].looks ?? row.slot),
            width: Cell(width), shown: row.shown.escapingControls)
    }

    /// Whether two rows show the same place and key: those of one entry.
    private static func sameEntry(_ left: CheckRow, _ right: CheckRow) -> Bool {
        if left.store === right.store, left.entryIndex == right.entryIndex { return true }
        return left.line == right.line && left.file == right.file && left.key == right.key
    }

    private static func placeText(_ row: CheckRow) -> String {
        (row.line > 0 ? "\(row.file):\(row.line)" : row.file).escapingControls
    }

    /// A key as the table prints it: escaped, cut at 200 bytes, then to `limit` characters.
    private static func keyText(_ key: String, limit: Int) -> String {
        let escaped = key.escapingControls
        let whole =
            escaped.utf8.count > VarlinkError.echoLimit ? JSONValue.cut(escaped, at: VarlinkError.echoLimit) : escaped
        return limit == Int.max ? whole : shortened(whole, to: limit)
    }

    /// The narrowest key column, from `keyWidth` characters, in which the distinct keys of `rows`
    /// stay distinct once cut (`shortened`); the widest key's width when only that keeps them so.
    static func distinctKeyWidth(_ rows: [CheckRow]) -> Int {
        var keys: Set<String> = []
        for (index, row) in rows.enumerated() where index == 0 || !sameEntry(rows[index - 1], row) {
            keys.insert(keyText(row.key, limit: Int.max))
        }
        let widest = keys.map(\.characterCount).max() ?? 0
        var width = keyWidth
        while width < widest {
            var seen: Set<String> = []
            seen.reserveCapacity(keys.count)
            if keys.allSatisfy({ seen.insert(shortened($0, to: width)).inserted }) { return width }
            width += 8
        }
        return max(widest, keyWidth)
    }

    /// The widest place, key, language and look of `rows`, each entry's place, key and language
    /// measured once (its rows follow one another) and each look's name once, in a few slices
    /// side by side.
    private static func columnWidths(_ rows: [CheckRow], _ table: [Line], hasLanguage: Bool, keyLimit: Int) -> Widths {
        var merged = Widths()
        for line in table { if let looks = line.looks { merged.look = max(merged.look, looks.characterCount) } }
        let parts = inSlices(of: rows.count, smallest: 20_000) { range in
            var widths = Widths()
            // Per look of the first row's store, its name's width.
            var lookWidths: [Int?] = []
            let store = range.isEmpty ? nil : rows[range.lowerBound].store
            if let store { lookWidths = Array(repeating: nil, count: store.looks.count) }
            for index in range {
                let row = rows[index]
                let before = index > range.lowerBound ? rows[index - 1] : nil
                if before?.store !== row.store || before?.entryIndex != row.entryIndex {
                    widths.place = max(widths.place, placeText(row).characterCount)
                    widths.key = max(widths.key, keyText(row.key, limit: keyLimit).characterCount)
                    if hasLanguage { widths.language = max(widths.language, (row.language ?? "-").characterCount) }
                }
                if row.store === store, row.lookIndex != CheckRowStore.noLook {
                    let look = Int(row.lookIndex)
                    if lookWidths[look] == nil { lookWidths[look] = row.slot.characterCount }
                    widths.look = max(widths.look, lookWidths[look] ?? 0)
                } else {
                    widths.look = max(widths.look, row.slot.characterCount)
                }
            }
            return [widths]
        }
        var widths = merged
        for part in parts { widths.widen(to: part) }
        return widths
    }

    /// Appends the line of `row`, its columns padded in place.
    private static func append(_ row: Columns, widths: Widths, to line: inout String) {
        row.place.append(to: &line, width: widths.place)
        line.append("  ")
        row.key.append(to: &line, width: widths.key)
        line.append("  ")
        if let language = row.language {
            language.append(to: &line, width: widths.language)
            line.append("  ")
        }
        row.look.append(to: &line, width: widths.look)
        line.append("  ")
        row.width.append(to: &line, width: 11)
        line.append("  ")
        line.append(row.shown)
    }

    /// `body`'s results for `0..<count` in order, computed in a slice per core at once (one
    /// slice when there are fewer than `smallest` a slice).
    private static func inSlices<T: Sendable>(of count: Int, smallest: Int, _ body: (Range<Int>) -> [T]) -> [T] {
        let slices = min(max(1, ProcessInfo.processInfo.activeProcessorCount), max(1, count / smallest))
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
