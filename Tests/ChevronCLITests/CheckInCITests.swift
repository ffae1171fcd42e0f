import ChevronTestSupport
import Foundation
import Testing

/// What keeps `chevron check` on in CI: a baseline of accepted problems, and a check of only
/// what a pull request changed. Catalogues and git repositories are made by each test.
struct CheckInCITests {
    static let long = "Datenschutz und Sicherheit im Überblick"
    static let longer = "Benachrichtigungen und Erinnerungen für alle Geräte"

    /// A baseline holds today's problems by file, key, language, look and kind, never the line:
    /// after keys are reordered and lines shift nothing is new; a new truncation fails the run
    /// alone; a problem fixed since is reported fixed, and writing the baseline again prunes it.
    @Test func aBaselineAcceptsTodaysProblemsWhereverTheyMove() throws {
        let first = """
            "privacy.title" = "\(Self.long)";
            "settings.title" = "Einstellungen";
            "alerts.title" = "\(Self.longer)";
            """
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": first])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "de.lproj/Localizable.strings"
        let written = try CheckReportsTests.check([file, "--write-baseline", "baseline.json"], in: folder)
        #expect(written.status == 0, "\(written.error)")
        #expect(written.error.contains("chevron: wrote 2 problems to baseline.json"), "\(written.error)")
        let baseline =
            try JSONSerialization.jsonObject(
                with: try Data(contentsOf: folder.appendingPathComponent("baseline.json"))) as? [String: Any]
        #expect(baseline?["version"] as? Int == 1)
        #expect((baseline?["problems"] as? [[String: String]])?.map { $0["key"] } == ["alerts.title", "privacy.title"])

        // Reordered, with blank lines and a comment above: the same problems, nothing new.
        let moved =
            "/* moved */\n\n\"alerts.title\" = \"\(Self.longer)\";\n\n\"settings.title\" = \"Einstellungen\";\n"
            + "\"privacy.title\" = \"\(Self.long)\";\n"
        try moved.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let same = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains(", 0 new, 2 in the baseline, 0 fixed since it"), "\(same.output)")
        // What the whole title needs in classic: hb-shape's width of it in Helvetica Bold 12,
        // unkerned, plus classic's 20 (docs/looks.md), written as the table writes points.
        let needed =
            try ExternalTools.hbShapeWidth(
                file: try ExternalTools.fcMatch("Helvetica:bold").file, text: Self.long, size: 12, features: ["-kern"])
            + 20
        func points(_ value: Double) -> String {
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
        #expect(
            same.output.contains(
                "truncated: Datenschutz und Sich… (needs \(points(needed)), +\(points(needed - 160))); in the baseline"),
            "\(same.output)")

        // One new truncation fails the run; one fixed (shortened) is said.
        let changed =
            "\"alerts.title\" = \"Hinweise\";\n\"settings.title\" = \"Einstellungen für dieses Gerät und alle anderen\";\n"
            + "\"privacy.title\" = \"\(Self.long)\";\n"
        try changed.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let new = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(new.status == 1, "\(new.output)\(new.error)")
        #expect(new.output.contains(", 1 new, 1 in the baseline, 1 fixed since it"), "\(new.output)")
        #expect(
            new.output.contains(
                "fixed since the baseline: de.lproj/Localizable.strings  alerts.title  de  classic  truncated"))
        // GitHub annotates the new problem only.
        let github = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--fail-on", "truncate", "--format", "github"], in: folder)
        let annotations = github.output.split(separator: "\n").filter {
            $0.hasPrefix("::error") || $0.hasPrefix("::warning")
        }
        #expect(annotations.count == 1 && annotations[0].contains("settings.title"), "\(github.output)")
        // SARIF says which results are new, unchanged, and absent (fixed).
        let sarif = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--format", "sarif"], in: folder)
        let results = try #require(
            ((try JSONSerialization.jsonObject(with: Data(sarif.output.utf8)) as? [String: Any])?["runs"]
                as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        #expect(
            Set(results.map { "\($0["baselineState"] ?? "")" }) == ["new", "unchanged", "absent"], "\(results)")

        // Writing the baseline again with it prunes the fixed problem and records the new one.
        let rewritten = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--write-baseline", "baseline.json"], in: folder)
        #expect(rewritten.error.contains("wrote 2 problems"), "\(rewritten.error)")
        let again = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(again.status == 0 && again.output.contains(", 0 new, 2 in the baseline, 0 fixed since it"))
    }

    @Test func aBaselineThatIsNotOneIsAUsageError() throws {
        let folder = try TrustTests.folder(["a.txt": "Settings\n", "b.json": "{\"version\": 7, \"problems\": []}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CheckReportsTests.check(["a.txt", "--baseline", "b.json"], in: folder)
        #expect(result.status == 2)
        #expect(
            result.error.contains("--baseline b.json: is not a chevron check baseline of version 1"), "\(result.error)")
    }

    /// `--changed-since` checks the keys whose value changed in any language since a revision,
    /// in every language; a file new since then whole.
    @Test func onlyWhatChangedSinceARevisionIsChecked() throws {
        let folder = try TrustTests.folder([
            "de.lproj/Localizable.strings": "\"a\" = \"Eins\";\n\"b\" = \"Zwei\";\n\"c\" = \"Drei\";\n",
            "fr.lproj/Localizable.strings": "\"a\" = \"Un\";\n\"b\" = \"Deux\";\n\"c\" = \"Trois\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func git(_ arguments: [String]) throws {
            let result = try CLITests.run(
                "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
                directory: folder)
            #expect(result.status == 0, "git \(arguments): \(result.error)")
        }
        try git(["init", "-q"])
        try git(["add", "."])
        try git(["commit", "-q", "-m", "first"])
        try "\"b\" = \"Zwei, geändert\";\n\"a\" = \"Eins\";\n\"c\" = \"Drei\";\n".write(
            to: folder.appendingPathComponent("de.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try "Neu\n".write(to: folder.appendingPathComponent("new.txt"), atomically: true, encoding: .utf8)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "second"])
        let files = ["de.lproj/Localizable.strings", "fr.lproj/Localizable.strings", "new.txt"]
        let result = try CheckReportsTests.check(files + ["--changed-since", "HEAD~1", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try CheckTests.reportRows(result.output))
        #expect(
            rows.map { "\($0["file"] ?? "") \($0["key"] ?? "")" } == [
                "de.lproj/Localizable.strings b", "fr.lproj/Localizable.strings b", "new.txt 1",
            ])
        #expect(
            result.error.contains("--changed-since HEAD~1: 4 titles unchanged since it were left out"),
            "\(result.error)")
        let unknown = try CheckReportsTests.check(files + ["--changed-since", "no-such-ref"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("--changed-since no-such-ref: no such revision"))
        let outside = try TrustTests.folder(["a.txt": "Settings\n"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let noRepository = try CheckReportsTests.check(["a.txt", "--changed-since", "HEAD"], in: outside)
        #expect(noRepository.status == 2, "\(noRepository.error)")
        #expect(noRepository.error.contains("not in a git repository"), "\(noRepository.error)")
    }

    /// A catalogue of 40,000 truncated titles: what the platforms can take. GitHub shows 10
    /// error and 10 warning annotations a step: at most that many, then a notice, and the counts
    /// in the job summary's Markdown table. Code scanning shows 5,000 results of a run and takes
    /// 25,000: SARIF holds at most those, read by PyPI's sarif-tools. JUnit has a suite per file
    /// and look, read by junitparser.
    @Test func reportsStayWithinWhatThePlatformsTake() throws {
        // One title under 40,000 keys: 40,000 failing rows, one question for the engine.
        let titles = (0..<40_000).map { "t\($0),Datenschutz und Sicherheit im Überblick" }.joined(separator: "\n")
        let folder = try TrustTests.folder([
            "de.lproj/titles.csv": "key,title\n" + titles + "\n",
            "de.lproj/few.csv": "key,title\nx,Datenschutz und Sicherheit im Überblick\ny,Hallo\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let summaryFile = folder.appendingPathComponent("summary.md")
        let github = try CLITests.run(
            "chevron",
            [
                "check", "--local", "de.lproj/titles.csv", "de.lproj/few.csv", "--look", "classic", "--format",
                "github", "--fail-on", "truncate",
            ],
            environment: ["GITHUB_STEP_SUMMARY": summaryFile.path], directory: folder)
        #expect(github.status == 1)
        let lines = github.output.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 0)
        #expect(
            lines.contains { $0.hasPrefix("::notice title=chevron check::39991 more problems are not annotated") },
            "\(lines.prefix(12))")
        let markdown = try String(contentsOf: summaryFile, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(markdown.first == "### chevron check")
        let table = markdown.filter { $0.hasPrefix("|") }
        #expect(table.count == 3, "\(markdown)")  // header, alignment, one language × look
        #expect(
            table.allSatisfy {
                $0.split(separator: "|", omittingEmptySubsequences: false).count
                    == table[0].split(separator: "|", omittingEmptySubsequences: false).count
            })
        #expect(table[2].hasPrefix("| de | classic | 40002 | 40001 |"), "\(table)")

        for (arguments, expected) in [([String](), 5000), (["--max-results", "25000"], 25000)] {
            let sarif = try CLITests.run(
                "chevron",
                [
                    "check", "--local", "de.lproj/titles.csv", "de.lproj/few.csv", "--look", "classic", "--format",
                    "sarif",
                ] + arguments,
                directory: folder)
            let path = folder.appendingPathComponent("report.sarif")
            try sarif.output.write(to: path, atomically: true, encoding: .utf8)
            let read = try CLITests.run(
                "python3",
                [
                    "-c",
                    """
                    import json, sys
                    from sarif import loader
                    report = loader.load_sarif_file(sys.argv[1])
                    run = report.data["runs"][0]
                    print(json.dumps([report.get_result_count(), run["properties"]["chevronResultsLeftOut"],
                                      run["invocations"][0]["toolExecutionNotifications"][0]["level"],
                                      [r["help"]["text"] != "" for r in run["tool"]["driver"]["rules"]]]))
                    """, path.path,
                ])
            #expect(read.status == 0, "\(read.error)")
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [Any])
            #expect(answer[0] as? Int == expected)
            #expect(answer[1] as? Int == 40_001 - expected)
            #expect(answer[2] as? String == "warning")
            #expect((answer[3] as? [Bool])?.allSatisfy { $0 } == true)
        }
        let tooMany = try CLITests.run(
            "chevron", ["check", "--local", "de.lproj/few.csv", "--format", "sarif", "--max-results", "25001"],
            directory: folder)
        #expect(tooMany.status == 2 && tooMany.error.contains("--max-results 25001"))

        let junit = try CLITests.run(
            "chevron",
            [
                "check", "--local", "de.lproj/few.csv", "de.lproj/titles.csv", "--look", "classic", "--look", "modern",
                "--format", "junit",
            ], directory: folder)
        let junitPath = folder.appendingPathComponent("junit.xml")
        try junit.output.write(to: junitPath, atomically: true, encoding: .utf8)
        let suites = try CLITests.run(
            "python3",
            [
                "-c",
                """
                import json, sys
                from junitparser import JUnitXml
                print(json.dumps([[suite.name, suite.tests] for suite in JUnitXml.fromfile(sys.argv[1])]))
                """, junitPath.path,
            ])
        #expect(suites.status == 0, "\(suites.error)")
        let names = try #require(try JSONSerialization.jsonObject(with: Data(suites.output.utf8)) as? [[Any]])
        #expect(
            names.map { $0[0] as? String } == [
                "de.lproj/few.csv [classic]", "de.lproj/few.csv [modern]", "de.lproj/titles.csv [classic]",
                "de.lproj/titles.csv [modern]",
            ])
        #expect(names.map { $0[1] as? Int } == [2, 2, 40_000, 40_000])
    }

    /// `--fail-on RULE>N` fails only when more than N rows break the rule, so a team can ratchet
    /// it down; the per-language summary says where the problems are.
    @Test func aThresholdFailsOnlyPastItsCount() throws {
        let strings = (0..<3).map { "\"t\($0)\" = \"Datenschutz und Sicherheit im Überblick \($0)\";" }.joined(
            separator: "\n")
        let folder = try TrustTests.folder([
            "de.lproj/Localizable.strings": strings, "fr.lproj/Localizable.strings": "\"t\" = \"Réglages\";",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["de.lproj/Localizable.strings", "fr.lproj/Localizable.strings"]
        let within = try CheckReportsTests.check(files + ["--fail-on", "truncate>3"], in: folder)
        #expect(within.status == 0, "\(within.error)")
        #expect(within.error.contains("--fail-on truncate>3: 3 rows break it, within the threshold"))
        let over = try CheckReportsTests.check(files + ["--fail-on", "truncate>2"], in: folder)
        #expect(over.status == 1)
        // The per-language table: German first, with its three cuts.
        let table = over.output.split(separator: "\n").drop { !$0.hasPrefix("language") }
        #expect(table.dropFirst().first?.hasPrefix("de        classic     3          3") == true, "\(over.output)")
        let json = try CheckReportsTests.check(files + ["--format", "json"], in: folder)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let languages = try #require((report["summary"] as? [String: Any])?["languages"] as? [[String: Any]])
        #expect(languages.map { $0["language"] as? String } == ["de", "fr"])
        #expect(languages.first?["truncated"] as? Int == 3)
        #expect((languages.first?["widestOverflow"] as? [String: Any])?["key"] as? String != nil)
        // Points as the text report prints them: at most three decimals in the JSON text too.
        let points = json.output.split(separator: "\n").filter { $0.contains(#""points" : "#) }
        #expect(!points.isEmpty)
        for line in points {
            let number = line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""
            #expect(
                Double(number) != nil && (number.split(separator: ".").dropFirst().first?.count ?? 0) <= 3, "\(line)")
        }
        let bad = try CheckReportsTests.check(files + ["--fail-on", "truncate>many"], in: folder)
        #expect(bad.status == 2 && bad.error.contains("many is not a whole number"))
    }
}

/// Which strings are back-button titles, by what the catalogue says of them: the strings whose
/// comment for translators matches `--titles-comment` are exactly those a Python parse of the
/// same files finds (json, xml.etree keeping comments, a regular expression for `.strings`).
struct TitlesCommentTests {
    @Test func aCommentRegexSelectsWhatAPythonParseSelects() throws {
        let folder = try TrustTests.folder([
            "Localizable.xcstrings": """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "back.settings": {"comment": "Nav title of the settings screen", "localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}}}},
              "body.text": {"comment": "A paragraph", "localizations": {
                "de": {"stringUnit": {"state": "translated", "value": "Ein Text"}}}}}}
            """,
            "res/values-de/strings.xml": """
            <resources>
              <!-- nav title: the inbox -->
              <string name="inbox_title">Posteingang</string>
              <string name="inbox_body">Nachrichten</string>
              <!-- a hint --> <string name="hint">Tippen</string>
              <!-- NAV TITLE, plural -->
              <plurals name="unread"><item quantity="one">%d neu</item><item quantity="other">%d neu</item></plurals>
            </resources>
            """,
            "de.xliff": """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="a" source-language="en" target-language="de" datatype="plaintext"><body>
            <trans-unit id="profile.title"><source>Profile</source><target>Profil</target><note>Nav title</note></trans-unit>
            <trans-unit id="profile.bio"><source>Bio</source><target>Über mich</target><note>Body text</note></trans-unit>
            </body></file></xliff>
            """,
            "de.lproj/Localizable.strings": """
            /* Nav title of the photos screen */
            "photos.title" = "Fotos";
            // a button
            "photos.share" = "Teilen";
            "photos.delete" = "Löschen";
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = ["Localizable.xcstrings", "res/values-de/strings.xml", "de.xliff", "de.lproj/Localizable.strings"]
        let result = try CheckReportsTests.check(
            files + ["--titles-comment", "(?i)nav title", "--format", "json"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        let keys = try #require(try CheckTests.reportRows(result.output)).compactMap { $0["key"] as? String }
        let python = try CLITests.run(
            "python3",
            [
                "-c",
                #"""
                import json, re, sys, xml.etree.ElementTree as ET
                pattern = re.compile(r"(?i)nav title")
                keys = []
                catalog = json.load(open("Localizable.xcstrings"))
                for key, value in catalog["strings"].items():
                    if pattern.search(value.get("comment", "")):
                        keys += [f"{key} ({language})" for language in ["en"] if language not in value["localizations"]]
                        keys += [f"{key} ({language})" for language in sorted(value["localizations"])]
                root = ET.parse("res/values-de/strings.xml", ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))).getroot()
                comment = None
                for node in root:
                    if node.tag is ET.Comment:
                        comment = node.text
                        continue
                    if comment and pattern.search(comment):
                        if node.tag == "plurals":
                            keys += [f'{node.get("name")} ({item.get("quantity")})' for item in node]
                        else:
                            keys.append(node.get("name"))
                    comment = None
                ns = {"x": "urn:oasis:names:tc:xliff:document:1.2"}
                for unit in ET.parse("de.xliff").getroot().iter("{urn:oasis:names:tc:xliff:document:1.2}trans-unit"):
                    note = unit.find("x:note", ns)
                    if note is not None and pattern.search(note.text or ""):
                        keys.append(unit.get("id"))
                text = open("de.lproj/Localizable.strings").read()
                for comment, key in re.findall(r'/\*(.*?)\*/\s*"([^"]+)"\s*=', text, re.S):
                    if pattern.search(comment):
                        keys.append(key)
                print(json.dumps(keys))
                """#,
            ], directory: folder)
        #expect(python.status == 0, "\(python.error)")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(python.output.utf8)) as? [String])
        #expect(keys == expected, "\(keys) vs \(expected)")
        #expect(keys.count == 7)
        #expect(result.error.contains("7 titles selected (7 other strings left out)"), "\(result.error)")
    }
}
