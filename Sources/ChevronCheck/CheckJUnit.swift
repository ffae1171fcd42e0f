/// `--format junit`: JUnit XML, a test suite per file and look (`de.lproj/Localizable.strings
/// [classic]`: a CI dashboard groups by suite), a test case per title (key × look × language). A
/// case has one `<failure>` listing its problems that `--fail-on` names (every problem, without
/// `--fail-on`); a title that could not be measured is an `<error>`, and so is a file that could
/// not be read, in a suite of its own.
public enum CheckJUnit {
    /// The whole document as one string (what `write` hands over, joined).
    public static func document(_ rows: [CheckRow], looks: [String], failOn: [CheckPlan.FailOn]) -> String {
        var text = ""
        write(rows, looks: looks, failOn: failOn) { text += $0 }
        return text
    }

    /// Where a suite's rows come from: a file and a look (an unreadable file's look is empty).
    private struct SuiteKey: Hashable {
        let file: String
        let look: String
    }

    /// What a suite's header says: its cases, and how many of them fail and are errors.
    private struct SuiteCounts {
        var tests = 0
        var failures = 0
        var errors = 0
    }

    /// What fails a case: its problems no baseline accepts that `failOn` names (every one,
    /// without `failOn`), and whether one of them is an error.
    private static func failing(_ row: CheckRow, failOn: [CheckPlan.FailOn]) -> (
        problems: [CheckProblem], isError: Bool
    ) {
        let problems = row.newProblems.filter { failOn.isEmpty || $0.fails(under: failOn) }
        return (problems, problems.contains { $0 == .error || $0 == .unreadableFile })
    }

    /// Writes the document: the header, a test suite per file and look, the closing tag. It is
    /// handed to `write` in pieces of whole lines of about 64 KiB, as they are made: the document
    /// of a big check is hundreds of megabytes. A first pass over the rows counts what the headers
    /// say and where each file's rows are; each suite is then written from its file's rows.
    public static func write(
        _ rows: [CheckRow], looks: [String], failOn: [CheckPlan.FailOn], to write: (String) -> Void
    ) {
        // The files in order, each with the first and last of its rows; each suite's counts.
        var counts: [SuiteKey: SuiteCounts] = [:]
        var files: [String] = []
        var spans: [String: ClosedRange<Int>] = [:]
        for index in rows.indices {
            let row = rows[index]
            let file = row.file
            if let span = spans[file] {
                spans[file] = span.lowerBound...index
            } else {
                files.append(file)
                spans[file] = index...index
            }
            let (problems, isError) = failing(row, failOn: failOn)
            let key = SuiteKey(file: file, look: row.slot)
            counts[key, default: SuiteCounts()].tests += 1
            if !problems.isEmpty {
                if isError { counts[key]?.errors += 1 } else { counts[key]?.failures += 1 }
            }
        }
        // Each file's rows per look, in order of the files, then of the looks. An unreadable
        // file's suite has its row alone (its look is empty).
        let suiteKeys = files.flatMap { file in (looks + [""]).map { SuiteKey(file: file, look: $0) } }.filter {
            counts[$0] != nil
        }
        var totals = SuiteCounts()
        for key in suiteKeys {
            guard let suite = counts[key] else { continue }
            totals.tests += suite.tests
            totals.failures += suite.failures
            totals.errors += suite.errors
        }
        var piece = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="chevron check" tests="\(totals.tests)" failures="\(totals.failures)" errors="\(totals.errors)" time="0">

            """
        piece.reserveCapacity(1 << 17)
        func flush(ifOver size: Int) {
            guard piece.utf8.count >= size else { return }
            write(piece)
            piece.removeAll(keepingCapacity: true)
        }
        for key in suiteKeys {
            guard let suite = counts[key], let span = spans[key.file] else { continue }
            let inSuite = { (row: CheckRow) in row.slot == key.look && row.file == key.file }
            let path = escaped(key.file)
            let suiteName = key.look.isEmpty ? "\(key.file) (not read)" : "\(key.file) [\(key.look)]"
            piece += "  <testsuite name=\"\(escaped(suiteName))\" tests=\"\(suite.tests)\""
            piece += " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\" time=\"0\">\n"
            // The look and, for a look its bar sizes, the device the suite was measured for.
            if let first = span.first(where: { inSuite(rows[$0]) }), !rows[first].look.isEmpty {
                piece += "    <properties>\n      <property name=\"look\" value=\"\(escaped(rows[first].look))\"/>\n"
                if let device = rows[first].device {
                    piece += "      <property name=\"device\" value=\"\(escaped(device))\"/>\n"
                }
                piece += "    </properties>\n"
            }
            // A name the suite gives twice (a key its file holds twice) is told apart: the names'
            // hashes, sorted, show which may repeat; only those are counted by name.
            var hashes: [Int] = []
            for index in span where inSuite(rows[index]) { hashes.append(caseName(rows[index]).hashValue) }
            hashes.sort()
            var repeated: Set<Int> = []
            for position in hashes.indices.dropFirst() where hashes[position] == hashes[position - 1] {
                repeated.insert(hashes[position])
            }
            hashes = []
            var names: [String: Int] = [:]
            for index in span {
                let row = rows[index]
                guard inSuite(row) else { continue }
                let language = row.language.map { " language=\"\(escaped($0))\"" } ?? ""
                var name = caseName(row)
                if repeated.contains(name.hashValue) {
                    let occurrence = names[name, default: 0] + 1
                    names[name] = occurrence
                    if occurrence > 1 { name += " #\(occurrence)" }
                }
                piece += "    <testcase classname=\"\(path)\" name=\"\(escaped(name))\""
                piece += " file=\"\(path)\" line=\"\(row.line)\"\(language) time=\"0\">\n"
                // One element per case, as JUnit's schema allows: an error when the title or its
                // file could not be read, else a failure listing every problem that fails.
                // A problem the baseline accepts does not fail the case.
                let (problems, isError) = failing(row, failOn: failOn)
                if !problems.isEmpty {
                    let type = problems.map(\.rawValue).joined(separator: ",")
                    let message = problems.map { $0.message(row) }.joined(separator: "; ")
                    piece +=
                        "      <\(isError ? "error" : "failure") type=\"\(type)\" message=\"\(escaped(message))\"/>\n"
                }
                let width = row.width.map { "\(Points.text($0))/\(Points.text(row.maxWidth)) pt" } ?? "-"
                piece += "      <system-out>\(escaped("\(width): \(row.shown)"))</system-out>\n    </testcase>\n"
                flush(ifOver: 1 << 16)
            }
            piece += "  </testsuite>\n"
        }
        piece += "</testsuites>\n"
        flush(ifOver: 0)
    }

    /// The case's name: the key, with the language when the key does not already say it. A case
    /// is its suite (the look), its classname (the file) and its name; a name a file gives twice
    /// in one suite (a key the file holds twice) is `NAME #2` the second time.
    public static func caseName(_ row: CheckRow) -> String {
        if row.isUnreadableFile { return row.file }
        guard let language = row.language, !row.key.contains("(\(language)") else { return row.key }
        return "\(row.key) [\(language)]"
    }

    /// Text for an XML attribute or element: markup escaped, and characters XML 1.0 cannot hold
    /// (controls other than tab, line feed and return) written as U+FFFD.
    public static func escaped(_ text: String) -> String {
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
