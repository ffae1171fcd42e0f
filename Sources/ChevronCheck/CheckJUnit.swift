/// `--format junit`: JUnit XML, a test suite per file and look (`de.lproj/Localizable.strings
/// [classic]`: a CI dashboard groups by suite), a test case per title (key × look × language). A
/// case has one `<failure>` listing its problems that `--fail-on` names (every problem, without
/// `--fail-on`); a title that could not be measured is an `<error>`, and so is a file that could
/// not be read, in a suite of its own.
public enum CheckJUnit {
    /// The document's lines: the header, a test suite per file and look, the closing tag.
    public static func document(_ rows: [CheckRow], looks: [String], failOn: [CheckPlan.FailOn]) -> [String] {
        // Each file's rows per look, in order of the files, then of the looks; found in one pass.
        var rowsBySuite: [String: [Int]] = [:]
        var files: [String] = []
        var seen: Set<String> = []
        for index in rows.indices {
            let row = rows[index]
            if seen.insert(row.file).inserted { files.append(row.file) }
            rowsBySuite[row.file + "\u{0}" + row.look, default: []].append(index)
        }
        var suites: [String] = []
        var totals = (tests: 0, failures: 0, errors: 0)
        var file: (path: String, escaped: String)?
        // An unreadable file's suite has its row alone (its look is empty).
        let suiteKeys = files.flatMap { file in (looks + [""]).map { (file, $0) } }.filter {
            rowsBySuite[$0.0 + "\u{0}" + $0.1] != nil
        }
        for (suiteFile, look) in suiteKeys {
            let indices = rowsBySuite[suiteFile + "\u{0}" + look] ?? []
            var cases = ""
            var failures = 0
            var errors = 0
            // The names given so far in this suite, per file: a second case of one name is told apart.
            var names: [String: Int] = [:]
            for index in indices {
                let row = rows[index]
                if file?.path != row.file { file = (row.file, escaped(row.file)) }
                let path = file?.escaped ?? ""
                let language = row.language.map { " language=\"\(escaped($0))\"" } ?? ""
                var name = caseName(row)
                let occurrence = names[row.file + "\u{0}" + name, default: 0] + 1
                names[row.file + "\u{0}" + name] = occurrence
                if occurrence > 1 { name += " #\(occurrence)" }
                cases += "    <testcase classname=\"\(path)\" name=\"\(escaped(name))\""
                cases += " file=\"\(path)\" line=\"\(row.line)\"\(language) time=\"0\">\n"
                // One element per case, as JUnit's schema allows: an error when the title or its
                // file could not be read, else a failure listing every problem that fails.
                // A problem the baseline accepts does not fail the case.
                let problems = row.newProblems.filter { failOn.isEmpty || $0.fails(under: failOn) }
                if !problems.isEmpty {
                    let isError = problems.contains { $0 == .error || $0 == .unreadableFile }
                    if isError { errors += 1 } else { failures += 1 }
                    let type = problems.map(\.rawValue).joined(separator: ",")
                    let message = problems.map { $0.message(row) }.joined(separator: "; ")
                    cases +=
                        "      <\(isError ? "error" : "failure") type=\"\(type)\" message=\"\(escaped(message))\"/>\n"
                }
                let width = row.width.map { "\(Points.text($0))/\(Points.text(row.maxWidth)) pt" } ?? "-"
                cases += "      <system-out>\(escaped("\(width): \(row.shown)"))</system-out>\n    </testcase>\n"
            }
            totals.tests += indices.count
            totals.failures += failures
            totals.errors += errors
            suites.append(
                "  <testsuite name=\"\(escaped(look.isEmpty ? "\(suiteFile) (not read)" : "\(suiteFile) [\(look)]"))\" tests=\"\(indices.count)\" failures=\"\(failures)\""
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
