import ChevronTestSupport
import Foundation
import Testing

/// `chevron check --format html` and `--output FORMAT=PATH`: the page in a real browser
/// (headless Chromium through selenium, Tests/python/html_report_check.py), the reports of one
/// run, and every write checked.
@Suite(.serialized)
struct HTMLReportTests {
    /// A catalogue in German, Arabic and Japanese: a title that fits, one that classic cuts and
    /// modern replaces, a plural form filled with a sample, one with markup, quotes and a
    /// right-to-left override, English left untranslated in the Arabic file, and one with a
    /// character no font has.
    static let catalogue = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "settings.title": {"localizations": {
            "de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}},
            "ar": {"stringUnit": {"state": "translated", "value": "\u{627}\u{644}\u{625}\u{639}\u{62F}\u{627}\u{62F}\u{627}\u{62A}"}},
            "ja": {"stringUnit": {"state": "translated", "value": "\u{8A2D}\u{5B9A}"}}}},
          "privacy.title": {"localizations": {
            "de": {"stringUnit": {"state": "translated", "value": "Benachrichtigungseinstellungen und Datenschutz"}},
            "ar": {"stringUnit": {"state": "translated", "value": "\u{625}\u{639}\u{62F}\u{627}\u{62F}\u{627}\u{62A} \u{627}\u{644}\u{625}\u{634}\u{639}\u{627}\u{631}\u{627}\u{62A} \u{648}\u{627}\u{644}\u{62E}\u{635}\u{648}\u{635}\u{64A}\u{629} \u{627}\u{644}\u{62E}\u{627}\u{635}\u{629} \u{628}\u{643}"}},
            "ja": {"stringUnit": {"state": "translated", "value": "\u{901A}\u{77E5}\u{8A2D}\u{5B9A}\u{3068}\u{30D7}\u{30E9}\u{30A4}\u{30D0}\u{30B7}\u{30FC}\u{306B}\u{95A2}\u{3059}\u{308B}\u{3059}\u{3079}\u{3066}\u{306E}\u{9805}\u{76EE}"}}}},
          "unread.title": {"localizations": {
            "de": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld ungelesene Nachricht"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld ungelesene Nachrichten im Posteingang"}}}}}}},
          "markup.title": {"localizations": {
            "de": {"stringUnit": {"state": "translated", "value": "</script><script>alert(1)</script> & \\"Q\\" \\u202eabc"}}}},
          "server.title": {"localizations": {
            "ar": {"stringUnit": {"state": "translated", "value": "Use another server instead"}}}},
          "glyph.title": {"localizations": {
            "de": {"stringUnit": {"state": "translated", "value": "A\\u0378B"}}}}
        }}
        """

    static let looks = ["--look", "classic", "--look", "reeder", "--look", "modern"]

    /// Where the browser test's screenshots go: inside the build folder, named in the test log.
    static let screenshots = DaemonProcess.packageRoot.appendingPathComponent(".build/test-screenshots")

    static func check(_ arguments: [String], in folder: URL) throws -> CLITests.Result {
        try CLITests.run("chevron", ["check", "--local"] + arguments, directory: folder)
    }

    /// Runs the browser script on `page` against the same run's JSON report; its findings.
    static func browse(page: URL, json: URL, looks: URL, screenshot: String, all: Bool = false) throws -> [String: Any]
    {
        let script = DaemonProcess.packageRoot.appendingPathComponent("Tests/python/html_report_check.py").path
        var arguments = [
            script, "--page", page.path, "--json", json.path, "--looks", looks.path, "--screenshot",
            screenshots.appendingPathComponent(screenshot).path, "--chevron",
            CLITests.binaryDirectory.appendingPathComponent("chevron").path,
            "--text", "privacy", "--text", "TITLE", "--text", "</script>", "--text", "zzz",
        ]
        if all { arguments.append("--all") }
        let result = try CLITests.run("python3", arguments)
        #expect(
            result.status == 0,
            "the browser test could not run (scripts/install-deps.sh installs chromium, chromium-driver and selenium): \(result.error)"
        )
        let report = try CLITests.json(result.output)
        print("HTMLReportTests: screenshot of the report written to \(report["screenshot"] as? String ?? "?")")
        return report
    }

    /// The page in Chromium: loaded from file:// with no console message and no request but its
    /// pictures; the titles and buttons listed, before and after each filter, are those the
    /// run's JSON report predicts; each picture is the row's button at 2x with the shown title as
    /// its text; the Arabic title runs right to left; every control has a label; a count of the
    /// summary is reached and followed from the keyboard. The JSON, SARIF and JUnit reports come
    /// from the same run.
    @Test func theReportWorksInARealBrowser() throws {
        let folder = try TrustTests.folder(["Localizable.xcstrings": Self.catalogue])
        defer { try? FileManager.default.removeItem(at: folder) }
        let looks = try CLITests.run("chevron", ["looks", "--json", "--local"])
        #expect(looks.status == 0)
        try looks.output.write(to: folder.appendingPathComponent("looks.json"), atomically: true, encoding: .utf8)

        let run = try Self.check(
            ["Localizable.xcstrings"] + Self.looks + [
                "--output", "json=run.json", "--output", "html=report", "--output", "sarif=run.sarif",
                "--output", "junit=junit.xml",
            ], in: folder)
        #expect(run.status == 0, "\(run.error)")
        // No --format: standard output has the summary line alone.
        #expect(
            run.output.hasPrefix("chevron check: ") && run.output.split(separator: "\n").count == 1, "\(run.output)")
        #expect(run.error.contains("wrote report/index.html"), "\(run.error)")
        let sarif = try CLITests.json(
            try String(contentsOf: folder.appendingPathComponent("run.sarif"), encoding: .utf8))
        #expect((sarif["runs"] as? [Any])?.count == 1)
        let junit = try String(contentsOf: folder.appendingPathComponent("junit.xml"), encoding: .utf8)
        #expect(junit.hasPrefix("<?xml") && junit.contains("</testsuites>"))

        let found = try Self.browse(
            page: folder.appendingPathComponent("report/index.html"), json: folder.appendingPathComponent("run.json"),
            looks: folder.appendingPathComponent("looks.json"), screenshot: "html-report.png")
        let failures = found["failures"] as? [String] ?? ["no findings"]
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        let checked = try #require(found["checked"] as? [String: Any])
        // Each check had something to check.
        #expect(checked["consoleMessages"] as? Int == 0)
        #expect((checked["titles"] as? Int ?? 0) >= 6, "\(checked)")
        #expect((checked["pictures"] as? Int ?? 0) >= 8, "\(checked)")
        #expect((checked["filterCombinations"] as? Int ?? 0) >= 40, "\(checked)")
        #expect((checked["summaryLinks"] as? Int ?? 0) >= 4, "\(checked)")
        #expect((checked["rightToLeftTitles"] as? Int ?? 0) >= 1, "\(checked)")
        #expect(checked["keyboard"] as? Bool == true)
        #expect(checked["controls"] as? Int == 5)
        #expect(FileManager.default.fileExists(atPath: Self.screenshots.appendingPathComponent("html-report.png").path))
    }

    /// The same catalogue as one self-contained page listing every title (--html-all), its
    /// places linked (--link-template), against a baseline of the catalogue without its markup
    /// title, in the browser again: nothing but data: pictures loads, and the problems new since
    /// the baseline filter as the JSON report says.
    @Test func aSelfContainedPageListingEveryTitleWorksInARealBrowser() throws {
        let earlier = Self.catalogue.replacingOccurrences(of: "\"markup.title\"", with: "\"markup.title.old\"")
        #expect(earlier != Self.catalogue)
        let folder = try TrustTests.folder(["Localizable.xcstrings": earlier])
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = try Self.check(
            ["Localizable.xcstrings", "--write-baseline", "baseline.json"] + Self.looks, in: folder)
        #expect(baseline.status == 0, "\(baseline.error)")
        try Self.catalogue.write(
            to: folder.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        let looks = try CLITests.run("chevron", ["looks", "--json", "--local"])
        try looks.output.write(to: folder.appendingPathComponent("looks.json"), atomically: true, encoding: .utf8)
        let run = try Self.check(
            ["Localizable.xcstrings"] + Self.looks + [
                "--format", "html", "--self-contained", "--html-all", "-o", "page.html", "--output", "json=run.json",
                "--link-template", "https://example.com/app/blob/main/{path}#L{line}", "--baseline", "baseline.json",
            ], in: folder)
        #expect(run.status == 0, "\(run.error)")
        let page = try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("\"u\":\"https://example.com/app/blob/main/Localizable.xcstrings#L"))
        #expect(!page.contains("buttons/"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("buttons").path))
        let found = try Self.browse(
            page: folder.appendingPathComponent("page.html"), json: folder.appendingPathComponent("run.json"),
            looks: folder.appendingPathComponent("looks.json"), screenshot: "html-report-all.png", all: true)
        let failures = found["failures"] as? [String] ?? ["no findings"]
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        let checked = try #require(found["checked"] as? [String: Any])
        let json = try CLITests.json(try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8))
        let titles = Set(((json["rows"] as? [[String: Any]]) ?? []).map { "\($0["file"] ?? "")\($0["key"] ?? "")" })
        #expect(checked["titles"] as? Int == titles.count, "every title is listed: \(checked)")
        #expect(page.contains("<option value=\"new\">new since the baseline</option>"))
        #expect(page.contains("new since the baseline</th>"))
    }

    /// `--link-template` with `{commit}` and `{path}`: the commit checked out, and the file's path
    /// from the top of the repository (run from a folder inside it), percent-encoded.
    @Test func linksNameTheCommitAndThePathFromTheRepositorysTop() throws {
        let folder = try TrustTests.folder([
            "App/de.lproj/Local izable.strings":
                "\"privacy.title\" = \"Benachrichtigungseinstellungen und Datenschutz\";\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [
            ["init", "-q"], ["-c", "user.name=t", "-c", "user.email=t@example.com", "add", "."],
            ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "catalogue"],
        ] {
            #expect(try CLITests.run("git", arguments, directory: folder).status == 0)
        }
        let commit = try CLITests.run("git", ["rev-parse", "HEAD"], directory: folder).output
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(commit.count == 40)
        let app = folder.appendingPathComponent("App")
        let run = try Self.check(
            [
                "de.lproj/Local izable.strings", "--output", "html=report",
                "--link-template", "https://example.com/app/blob/{commit}/{path}#L{line}",
            ], in: app)
        #expect(run.status == 0, "\(run.error)")
        let page = try String(contentsOf: app.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(
            page.contains("\"u\":\"https://example.com/app/blob/\(commit)/App/de.lproj/Local%20izable.strings#L1\""))

        // Outside a repository, {commit} is an error before anything is measured.
        let outside = try TrustTests.folder(["a.txt": "Settings\n"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let refused = try Self.check(
            ["a.txt", "--output", "html=report", "--link-template", "https://example.com/{commit}/{path}"], in: outside)
        if try CLITests.run("git", ["rev-parse", "--show-toplevel"], directory: outside).status != 0 {
            #expect(
                refused.status == 2 && refused.error.contains("{commit} needs a git repository"), "\(refused.error)")
        }
        for template in ["javascript:alert(1)", "https://example.com/{branch}"] {
            let bad = try Self.check(["a.txt", "--output", "html=report", "--link-template", template], in: outside)
            #expect(bad.status == 2 && bad.error.contains("--link-template"), "\(template): \(bad.error)")
        }
    }

    /// One run writes each report asked for, the same as each alone; the text report in a file
    /// ends with the summary line.
    @Test func oneRunWritesEveryReportAskedFor() throws {
        let folder = try TrustTests.folder(["Localizable.xcstrings": Self.catalogue])
        defer { try? FileManager.default.removeItem(at: folder) }
        let both = try Self.check(
            ["Localizable.xcstrings", "--format", "text", "--output", "json=run.json", "--output", "text=run.txt"]
                + Self.looks, in: folder)
        #expect(both.status == 0, "\(both.error)")
        let alone = try Self.check(["Localizable.xcstrings", "--format", "json"] + Self.looks, in: folder)
        let written = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
        let rows = { (text: String) in try CLITests.json(text)["rows"] as? [[String: Any]] ?? [] }
        #expect(try rows(written).count == (try rows(alone.output)).count && (try rows(written)).count > 0)
        let text = try String(contentsOf: folder.appendingPathComponent("run.txt"), encoding: .utf8)
        let summary = try #require(both.output.split(separator: "\n").last)
        #expect(text.hasSuffix(summary + "\n"), "\(text)")
        #expect(both.output.hasPrefix(String(text.dropLast(summary.count + 1))), "standard output has the same table")
        // -o PATH takes --format's report.
        let file = try Self.check(
            ["Localizable.xcstrings", "--format", "sarif", "-o", "only.sarif"] + Self.looks, in: folder)
        #expect(file.status == 0 && file.output.hasPrefix("chevron check: "), "\(file.error)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("only.sarif").path))
    }

    /// A report that cannot be written is exit 2 with a message naming its path; the others are
    /// still written.
    @Test func aWriteThatFailsIsExitTwoNamingThePath() throws {
        let folder = try TrustTests.folder(["a.txt": "Settings\n", "taken": "a file, not a folder\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no/such/folder/run.json").path
        for (output, reason) in [
            ("json=\(missing)", "cannot write \(missing): No such file or directory"),
            ("sarif=/dev/full", "cannot write /dev/full: No space left on device"),
            ("html=taken", "cannot write taken: a file is there, not a folder"),
            ("html=/dev/full/report", "cannot write /dev/full/report"),
        ] {
            let result = try Self.check(["a.txt", "--output", output, "--output", "junit=ok.xml"], in: folder)
            #expect(result.status == 2, "\(output): \(result.status) \(result.error)")
            #expect(result.error.contains("chevron: \(reason)"), "\(output): \(result.error)")
            let junit = folder.appendingPathComponent("ok.xml")
            #expect(FileManager.default.fileExists(atPath: junit.path), "\(output): the other report is written")
            try? FileManager.default.removeItem(at: junit)
        }
    }

    /// What the reports' options refuse, before anything is measured.
    @Test(arguments: [
        (["--format", "html"], "--self-contained for one page on standard output"),
        (["--output", "html=report.html"], "--self-contained to write one page"),
        (["--html-all"], "--html-all is for the html report"),
        (["--self-contained"], "--self-contained is for the html report"),
        (["--html-pictures", "10"], "--html-pictures is for the html report"),
        (["--output", "html=r", "--html-pictures", "many"], "--html-pictures many: give a number"),
        (["--format", "json", "--output", "sarif=-"], "would both go to standard output"),
        (["--output", "json=x.json", "--output", "sarif=x.json"], "x.json is given for two reports"),
        (["-o", "x.txt", "-o", "y.txt"], "one path for --format text"),
        (["--output", "json="], "give a path after the ="),
    ])
    func reportOptionsThatCannotBeMetAreUsageErrors(arguments: [String], message: String) throws {
        let folder = try TrustTests.folder(["a.txt": "Settings\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Self.check(["a.txt"] + arguments, in: folder)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(result.error.contains(message), "\(arguments): \(result.error)")
    }
}
