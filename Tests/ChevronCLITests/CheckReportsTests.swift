import ChevronJSON
import ChevronTestSupport
import Foundation
import Testing

/// `check --format sarif|junit|github|text`: each report read by a tool that is not ours
/// (sarif-tools, junitparser, the workflow-command grammar written out here), and the summary
/// line every run ends with.
@Suite(.serialized)
struct CheckReportsTests {
    /// Three German titles: one fits, one is too long for classic (truncated) and modern (the
    /// generic title), and one holds U+0378, which no font covers.
    static let strings = """
        "settings.title" = "Allgemein";
        "long.title" = "Benachrichtigungseinstellungen und Datenschutz";
        "glyph.title" = "A\u{0378}B";

        """
    static let looks = ["--look", "classic", "--look", "modern"]

    /// A folder with `Localized Contents/de.lproj/Localizable.strings` (a space in the path, for
    /// SARIF's URIs); the tests run in it and name the file relatively.
    static func project() throws -> (URL, String) {
        let folder = try TrustTests.folder(["Localized Contents/de.lproj/Localizable.strings": strings])
        return (folder, "Localized Contents/de.lproj/Localizable.strings")
    }

    static func check(_ arguments: [String], in folder: URL) throws -> CLITests.Result {
        // Written against classic's widths: classic unless a test names a look or a project
        // file (the default is modern).
        let look = arguments.contains("--look") || arguments.contains("--config") ? [] : ["--look", "classic"]
        return try CLITests.run("chevron", ["check", "--local"] + look + arguments, directory: folder)
    }

    /// A Python witness: runs `script` with the report's path as its argument; its output is JSON.
    static func python(_ script: String, _ report: String, in folder: URL) throws -> Any {
        let path = folder.appendingPathComponent("report-\(UUID().uuidString)")
        try report.write(to: path, atomically: true, encoding: .utf8)
        let result = try CLITests.run("python3", ["-c", script, path.path])
        #expect(result.status == 0, "\(result.error)")
        return try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    }

    @Test func titlesEqualOnlyAsUnicodeAreAskedApart() throws {
        // "Café" with a precomposed é (U+00E9) and with e and a combining acute (U+0301) are equal
        // Strings, but different titles: each row must show its own text, byte for byte. Python
        // reads the report and compares code points, which it never normalises.
        let titles = "Caf\u{E9} au lait\nCafe\u{301} au lait\nCaf\u{E9} au lait\n"
        let folder = try TrustTests.folder(["titles.txt": titles])
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Self.check(["titles.txt", "--format", "json"], in: folder)
        #expect(json.status == 0, "\(json.error)")
        let script = """
            import json, sys
            rows = json.load(open(sys.argv[1]))["rows"]
            print(json.dumps([[ord(c) for c in row["displayedTitle"]] == [ord(c) for c in row["title"]]
                              and not row["truncated"] for row in rows]
                             + [len({row["title"] for row in rows})]))
            """
        let answer = try #require(try Self.python(script, json.output, in: folder) as? [Any])
        #expect(answer.count == 4)
        #expect(answer.prefix(3).allSatisfy { ($0 as? Bool) == true }, "\(answer)")
        #expect(answer.last as? Int == 2, "two distinct titles: \(answer)")
    }

    @Test func sarifIsReadBySarifToolsWithFileLineRuleAndLevel() throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sarif = try Self.check([file, "--format", "sarif", "--fail-on", "truncate"] + Self.looks, in: folder)
        #expect(sarif.status == 1, "--fail-on truncate, and long.title is cut: \(sarif.error)")
        let json = try Self.check([file, "--format", "json"] + Self.looks, in: folder)
        let rows = try #require(try CheckTests.reportRows(json.output))

        let records = try #require(
            try Self.python(
                """
                import json, sys
                from sarif import loader
                report = loader.load_sarif_file(sys.argv[1])
                rules = {r: report.get_rules_by_id(r)[0]["id"] for r in ("truncated", "fell-back", "missing-glyphs")}
                print(json.dumps({"rules": rules, "records": [
                    {"location": r["Location"], "line": r["Line"], "code": r["Code"], "severity": r["Severity"],
                     "description": r["Description"]} for r in report.get_records()]}))
                """, sarif.output, in: folder) as? [String: Any])
        let results = try #require(records["records"] as? [[String: Any]])
        // By hand, from the rows: long.title is truncated in classic and falls back in modern (both
        // errors under --fail-on truncate); glyph.title misses a glyph in both looks (warnings).
        let expected: [(Int, String, String, String)] = [
            (2, "truncated", "error", "classic"), (2, "fell-back", "error", "modern"),
            (3, "missing-glyphs", "warning", "classic"), (3, "missing-glyphs", "warning", "modern"),
        ]
        #expect(results.count == expected.count, "\(results)")
        for (result, (line, code, severity, look)) in zip(results, expected) {
            #expect(result["location"] as? String == "Localized%20Contents/de.lproj/Localizable.strings")
            #expect(result["line"] as? Int == line)
            #expect(result["code"] as? String == code)
            #expect(result["severity"] as? String == severity)
            #expect((result["description"] as? String)?.contains(" in \(look) ") == true, "\(result)")
        }
        // What the truncation message quotes is what the JSON row says is shown.
        let truncated = try #require(
            rows.first { $0["key"] as? String == "long.title" && $0["look"] as? String == "classic" })
        let shown = try #require(truncated["displayedTitle"] as? String)
        #expect(shown.hasSuffix("…"))
        #expect((results[0]["description"] as? String)?.contains("truncated to \"\(shown)\"") == true)
        #expect(
            sarif.error.contains("chevron check: 3 titles, 6 rows in 2 looks (modern on iphone-se):"),
            "the summary is on standard error")
        #expect(!sarif.output.contains("chevron check: 3 titles"))
    }

    /// A file named with `.` and `..` is named by its normalised relative path in every report.
    @Test func aRelativePathIsNormalisedInEveryReport() throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let written = "./Localized Contents/../" + file.replacingOccurrences(of: "/de.lproj/", with: "/./de.lproj/")
        let json = try Self.check([written, "--format", "json"], in: folder)
        let rows = try #require(try CheckTests.reportRows(json.output))
        #expect(!rows.isEmpty && rows.allSatisfy { $0["file"] as? String == file }, "\(rows)")
        let sarif = try Self.check([written, "--format", "sarif"], in: folder).output
        #expect(sarif.contains("\"uri\" : \"Localized%20Contents/de.lproj/Localizable.strings\""))
        #expect(!sarif.contains("/./") && !sarif.contains("/../"))
        let junit = try Self.check([written, "--format", "junit"], in: folder).output
        #expect(junit.contains("classname=\"\(file)\""))
        let github = try Self.check([written, "--format", "github"], in: folder).output
        #expect(github.contains("file=\(file),") && !github.contains("/./"))
    }

    @Test func junitIsReadByJunitparserAsACasePerKeyLookAndLanguage() throws {
        let (folder, file) = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let junit = try Self.check([file, "--format", "junit"] + Self.looks, in: folder)
        #expect(junit.status == 0, "no --fail-on: the report fails cases, the exit status does not")
        let suites = try #require(
            try Self.python(
                """
                import json, sys
                from junitparser import JUnitXml, Failure, Error
                xml = JUnitXml.fromfile(sys.argv[1])
                print(json.dumps([{"name": s.name, "tests": s.tests, "failures": s.failures, "cases": [
                    {"name": c.name, "classname": c.classname,
                     "results": [type(r).__name__ + ":" + (r.type or "") for r in c.result]} for c in s]}
                    for s in xml]))
                """, junit.output, in: folder) as? [[String: Any]])
        // A suite per file and look.
        #expect(suites.map { $0["name"] as? String } == ["\(file) [classic]", "\(file) [modern]"])
        for suite in suites {
            let cases = try #require(suite["cases"] as? [[String: Any]])
            // A case per key in the language of its folder; every one names its file.
            #expect(
                cases.map { $0["name"] as? String } == ["settings.title [de]", "long.title [de]", "glyph.title [de]"])
            #expect(cases.allSatisfy { $0["classname"] as? String == file })
            let results = cases.map { $0["results"] as? [String] ?? [] }
            let cut =
                (suite["name"] as? String)?.hasSuffix("[classic]") == true ? "Failure:truncated" : "Failure:fell-back"
            #expect(results == [[], [cut], ["Failure:missing-glyphs"]], "\(suite)")
            #expect(suite["tests"] as? Int == 3)
            #expect(suite["failures"] as? Int == 2)
        }

        // With --fail-on missing, only the missing glyphs fail their cases.
        let missing = try Self.check([file, "--format", "junit", "--fail-on", "missing"] + Self.looks, in: folder)
        #expect(missing.status == 1)
        let failures = try #require(
            try Self.python(
                """
                import json, sys
                from junitparser import JUnitXml
                print(json.dumps([r.type for s in JUnitXml.fromfile(sys.argv[1]) for c in s for r in c.result]))
                """, missing.output, in: folder) as? [String])
        #expect(failures == ["missing-glyphs", "missing-glyphs"])
    }

    @Test func githubAnnotationsFollowTheWorkflowCommandGrammar() throws {
        // A file name and a title with every character the grammar escapes: % , : and a line end.
        let folder = try TrustTests.folder([
            "fr.lproj/a,b:c.strings": "\"sale\" = \"50% de remise,\\n aujourd'hui seulement et demain aussi\";\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let github = try Self.check(
            ["fr.lproj/a,b:c.strings", "--format", "github", "--fail-on", "fallback"], in: folder)
        #expect(github.status == 0, "classic truncates; it does not fall back: \(github.error)")
        let lines = github.output.split(separator: "\n").map(String.init)
        let json = try Self.check(["fr.lproj/a,b:c.strings", "--format", "json"], in: folder)
        let row = try #require(try CheckTests.reportRows(json.output)?.first)
        let title = try #require(row["title"] as? String)
        #expect(title == "50% de remise,\n aujourd'hui seulement et demain aussi")
        #expect(row["truncated"] as? Bool == true)
        let shown = try #require(row["displayedTitle"] as? String)
        let width = try #require(row["width"] as? Double)
        // Written out from GitHub's rules: data escapes % CR LF; properties also : and ,.
        // A one-line label shows the first line and an ellipsis; a line feed is no missing glyph.
        #expect(shown == "50% de remise,…")
        let message =
            "\"\(title)\" (sale, fr) in classic holds a line break: a one-line label shows \"\(shown)\" (\(points(width)) of 160 pt)"
            .replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\n", with: "%0A")
        #expect(
            lines.first
                == "::warning file=fr.lproj/a%2Cb%3Ac.strings,line=1,title=chevron check%3A line-break (classic)::\(message)"
        )
        #expect(
            lines.last
                == "chevron check: 1 title, 1 row in 1 look: 0 truncated, 0 fell back, 1 with line breaks, 0 with missing glyphs, 0 over their own limit, 0 errors"
        )
        #expect(lines.count == 2)
    }

    /// The CLI's way of printing points: at most three decimals, no trailing zeros.
    func points(_ value: Double) -> String {
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// `check` run with its standard output on a terminal (`script`'s pseudo-terminal), in `folder`.
    static func checkOnATerminal(_ arguments: [String], in folder: URL) throws -> String {
        let chevron = CLITests.binaryDirectory.appendingPathComponent("chevron").path
        let command = ([chevron, "check", "--local", "--look", "classic"] + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let result = try CLITests.run(
            "/usr/bin/script", ["-qec", command + " 2>/dev/null", "/dev/null"], directory: folder)
        return result.output.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// The key column of the table's lines (before the per-language counts, after an empty line,
    /// or the summary line).
    static func keyColumn(_ output: String) -> [String] {
        output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .prefix { !$0.isEmpty && !$0.hasPrefix("chevron check:") }
            .map { line in String(line.split(separator: "  ", omittingEmptySubsequences: true).dropFirst().first ?? "")
            }
    }

    @Test func theTableKeepsLanguageAndPluralFormWhenItShortensAKey() throws {
        // One long key in two languages with plural forms, and the source (the key itself, in
        // English): 5 rows that differ only at the end.
        let key = "onboarding.notifications.permission.primaryButton.title"
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"\(key)": {"localizations": {
              "de": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Erlauben"}},
                                               "other": {"stringUnit": {"state": "translated", "value": "Alle erlauben"}}}}},
              "fr": {"variations": {"plural": {"one": {"stringUnit": {"state": "translated", "value": "Autoriser"}},
                                               "other": {"stringUnit": {"state": "translated", "value": "Tout autoriser"}}}}}
            }}}}
            """
        let folder = try TrustTests.folder(["Localizable.xcstrings": catalog])
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try Self.check(["Localizable.xcstrings", "--format", "json"], in: folder)
        let keys = try #require(try CheckTests.reportRows(json.output)).compactMap { $0["key"] as? String }
        #expect(keys.count == 5 && keys.allSatisfy { $0.count > 40 }, "\(keys)")
        // To a pipe or a file, every key whole.
        let table = try Self.check(["Localizable.xcstrings"], in: folder)
        #expect(table.status == 0, "\(table.error)")
        #expect(Self.keyColumn(table.output) == keys, "\(table.output)")
        // On a terminal: at most 40 characters, the key's start, and its variant suffix whole.
        let columns = Self.keyColumn(try Self.checkOnATerminal(["Localizable.xcstrings"], in: folder))
        #expect(columns.count == 5)
        for (column, key) in zip(columns, keys) {
            let suffix = String(key[try #require(key.range(of: " (", options: .backwards)).lowerBound...])
            #expect(column.count <= 40 && column.hasSuffix(suffix) && column.hasPrefix("onboarding."), "\(column)")
            #expect(column.contains("…"))
        }
        #expect(Set(columns).count == 5, "every row tells itself apart")
        // --wide: whole on a terminal too.
        #expect(Self.keyColumn(try Self.checkOnATerminal(["Localizable.xcstrings", "--wide"], in: folder)) == keys)
    }

    /// Keys that differ only in their middle (Focus's `Blockzilla/en.lproj/Localizable.strings/….Description`)
    /// stay distinct on a terminal: the column widens past 40 until they do. A key past 200 bytes is
    /// cut there and marked, as reports cut titles.
    @Test func keysThatDifferInTheirMiddleStayDistinctOnATerminal() throws {
        let keys = ["Intro", "Settings", "Search"].map { "Blockzilla/en.lproj/Localizable.strings/\($0).Description" }
        let long = String(repeating: "k", count: 300)
        let strings = (keys + [long]).map { "\"\($0)\" = \"Titel\";" }.joined(separator: "\n") + "\n"
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": strings])
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = Self.keyColumn(try Self.check(["de.lproj/Localizable.strings"], in: folder).output)
        // By hand: 200 bytes of the key, an ellipsis, and the 100 bytes left out.
        #expect(whole == keys + [String(repeating: "k", count: 200) + "… [cut: 100 bytes]"], "\(whole)")
        let columns = Self.keyColumn(try Self.checkOnATerminal(["de.lproj/Localizable.strings"], in: folder))
        #expect(columns.count == 4)
        #expect(Set(columns.prefix(3)).count == 3, "\(columns)")
        #expect(columns.prefix(3).allSatisfy { $0.hasSuffix(".Description") && $0.contains("…") }, "\(columns)")
    }

    /// The table's widths are what printf's `%.3f` writes for the JSON's, trimmed of zeros (the
    /// CLI formats them in integers when it can), over a thousand titles in every look.
    @Test func theTablesWidthsArePrintfsOfTheJSONWidths() throws {
        let words = ["Settings", "Zurück", "Réglages", "Настройки", "設定", "Wave", "To", "Ya", "Inbox", "ıİ"]
        let titles = (0..<1000).map { index in
            (0...(index % 4)).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " ")
        }
        let folder = try TrustTests.folder(["titles.txt": titles.joined(separator: "\n") + "\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = try Self.check(["titles.txt", "--look", "all"], in: folder)
        let json = try Self.check(["titles.txt", "--look", "all", "--format", "json"], in: folder)
        let rows = try #require(try CheckTests.reportRows(json.output))
        var lines = table.output.split(separator: "\n").map(String.init)
        _ = lines.popLast()
        #expect(rows.count == 6000)
        func printf(_ value: Double) -> String {
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        // Each line names the looks that show the same for its title ("classic, reeder"): each
        // of them has its JSON row, of that width, and every JSON row has its line.
        var byKeyAndLook: [String: [String: Any]] = [:]
        for row in rows { byKeyAndLook["\(row["key"] ?? "")\u{0}\(row["look"] ?? "")"] = row }
        var covered = 0
        for line in lines {
            // Columns are two spaces or more apart: place, key, looks, width, what is shown.
            let columns = line.split(separator: "  ", omittingEmptySubsequences: true)
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            try #require(columns.count >= 5, "\(line)")
            for look in columns[2].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                let row = try #require(byKeyAndLook["\(columns[1])\u{0}\(look)"], "\(line): \(look)")
                let width = try #require(row["width"] as? Double)
                let maximum = try #require(row["maxWidth"] as? Double)
                #expect(columns[3] == "\(printf(width))/\(printf(maximum))", "\(line) vs \(width)")
                covered += 1
            }
        }
        #expect(covered == rows.count)
        // Button widths are whole points; text widths have decimals: measure prints them the same way.
        var decimals = 0
        for title in titles.prefix(12) {
            let human = try CLITests.run("chevron", ["measure", title, "--local"])
            let json = try CLITests.json(try CLITests.run("chevron", ["measure", title, "--local", "--json"]).output)
            let width = try #require(json["width"] as? Double)
            #expect(human.output.contains("width       \(printf(width)) pt\n"), "\(human.output) vs \(width)")
            if printf(width).contains(".") { decimals += 1 }
        }
        #expect(decimals >= 6, "text widths with decimals were compared")
    }
}

/// A file with one enormous value is read with memory bounded by a small multiple of its size,
/// and the value becomes a TextTooLong row. Peak memory is the kernel's count for the child
/// (`getrusage(RUSAGE_CHILDREN)` in a Python parent that runs nothing else).
struct CheckMemoryTests {
    static func peakMiB(_ file: String) throws -> (status: Int, mebibytes: Int) {
        let script = """
            import resource, subprocess, sys
            run = subprocess.run([sys.argv[1], "check", "--local", sys.argv[2]], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
            """
        let result = try CLITests.run(
            "python3", ["-c", script, CLITests.binaryDirectory.appendingPathComponent("chevron").path, file])
        let fields = result.output.split(separator: " ").compactMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return (fields.first ?? -1, fields.last ?? -1)
    }

    @Test func aFileOfOneHugeValueIsReadInASmallMultipleOfItsSize() throws {
        let megabytes = 16
        let value = String(repeating: "x", count: megabytes << 20)
        let folder = try TrustTests.folder([
            "small.txt": "Settings\n",
            "huge.txt": "Settings\n\(value)\n",
            "huge.strings": "\"a\" = \"Settings\";\n\"b\" = \"\(value)\";\n",
            "huge.xcstrings": """
            {"sourceLanguage": "en", "strings": {"k": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "\(value)"}}}}}}
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Self.peakMiB(folder.appendingPathComponent("small.txt").path)
        #expect(baseline.status == 0)
        for name in ["huge.txt", "huge.strings", "huge.xcstrings"] {
            let run = try Self.peakMiB(folder.appendingPathComponent(name).path)
            #expect(run.status == 4, "\(name): the huge value is a TextTooLong row")
            // The file's bytes, its text, the value, and the parser's working copy: at most 6×
            // the file above what checking a one-line file takes (it was 8× before).
            #expect(run.mebibytes - baseline.mebibytes <= 6 * megabytes, "\(name): \(run.mebibytes) MiB")
        }
    }

    /// The JSON report and the SARIF document are written by hand, key by key, not through
    /// Foundation (600,000 rows took it 7 and 26 s): each is exactly what Foundation writes for
    /// the same values with sorted keys and pretty printing (but for U+0008 and U+000C, which
    /// the wire's `JSONText` escapes as `\u0008` and `\u000c` where Foundation writes `\b` and
    /// `\f`; these titles hold neither). Foundation is the witness: it
    /// reads the document and writes it again, and the bytes must not change. The titles hold
    /// what a writer can get wrong: quotes, a backslash, a slash, a tab, a newline, a control
    /// character, non-ASCII text, a filled placeholder (`template`), a title over the text limit
    /// (`error`, a null `width`), missing glyphs, a language, and a substituted font (modern).
    @Test func jsonAndSarifAreWhatFoundationWritesForTheirValues() throws {
        let strings = """
            "settings.title" = "Einstellungen";
            "long.title" = "Benachrichtigungseinstellungen und Datenschutz";
            "glyph.title" = "A\u{0378}B";
            "quote.title" = "Say \\"Hi\\" \\\\ a/b\\tc\\nd \\U0001 Caf\u{E9} \u{1F600}";
            "format.title" = "%@ Einstellungen";
            "huge.title" = "\(String(repeating: "x", count: 5_000))";

            """
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": strings])
        for format in ["json", "sarif"] {
            let result = try CheckReportsTests.check(
                ["de.lproj/Localizable.strings", "--format", format, "--fail-on", "truncate"] + CheckReportsTests.looks,
                in: folder)
            #expect(result.output.hasSuffix("}\n"), "\(format): \(result.error)")
            let document = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
            let again = try JSONSerialization.data(
                withJSONObject: document, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
            #expect(String(decoding: again, as: UTF8.self) + "\n" == result.output, "\(format)")
            // What the titles were meant to exercise is there.
            for needle in [#"\"Hi\""#, #"\\"#, "a/b", #"\t"#, #"\n"#, #"\u0001"#, "Café 😀"] {
                #expect(result.output.contains(needle), "\(format) lacks \(needle)")
            }
            if format == "json" {
                for needle in [
                    #""template" : "%@ Einstellungen""#, #""error" : "#, #""width" : null"#, #""language" : "de""#,
                ] {
                    #expect(result.output.contains(needle), "json lacks \(needle)")
                }
                #expect(result.output.contains("\"substitutions\" : [\n      {"), "modern's font is substituted")
            }
        }
    }
}
