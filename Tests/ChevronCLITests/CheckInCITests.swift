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
        let baseline = try JSONSerialization.jsonObject(
            with: try Data(contentsOf: folder.appendingPathComponent("baseline.json"))) as? [String: Any]
        #expect(baseline?["version"] as? Int == 1)
        #expect((baseline?["problems"] as? [[String: String]])?.map { $0["key"] } == ["alerts.title", "privacy.title"])

        // Reordered, with blank lines and a comment above: the same problems, nothing new.
        let moved = "/* moved */\n\n\"alerts.title\" = \"\(Self.longer)\";\n\n\"settings.title\" = \"Einstellungen\";\n"
            + "\"privacy.title\" = \"\(Self.long)\";\n"
        try moved.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let same = try CheckReportsTests.check([file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(same.status == 0, "\(same.output)\(same.error)")
        #expect(same.output.contains(", 0 new, 2 in the baseline, 0 fixed since it"), "\(same.output)")
        #expect(same.output.contains("truncated: Datenschutz und Sich…; in the baseline"), "\(same.output)")

        // One new truncation fails the run; one fixed (shortened) is said.
        let changed = "\"alerts.title\" = \"Hinweise\";\n\"settings.title\" = \"Einstellungen für dieses Gerät und alle anderen\";\n"
            + "\"privacy.title\" = \"\(Self.long)\";\n"
        try changed.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        let new = try CheckReportsTests.check([file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(new.status == 1, "\(new.output)\(new.error)")
        #expect(new.output.contains(", 1 new, 1 in the baseline, 1 fixed since it"), "\(new.output)")
        #expect(new.output.contains("fixed since the baseline: de.lproj/Localizable.strings  alerts.title  de  classic  truncated"))
        // GitHub annotates the new problem only.
        let github = try CheckReportsTests.check(
            [file, "--baseline", "baseline.json", "--fail-on", "truncate", "--format", "github"], in: folder)
        let annotations = github.output.split(separator: "\n").filter { $0.hasPrefix("::error") || $0.hasPrefix("::warning") }
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
        let again = try CheckReportsTests.check([file, "--baseline", "baseline.json", "--fail-on", "truncate"], in: folder)
        #expect(again.status == 0 && again.output.contains(", 0 new, 2 in the baseline, 0 fixed since it"))
    }

    @Test func aBaselineThatIsNotOneIsAUsageError() throws {
        let folder = try TrustTests.folder(["a.txt": "Settings\n", "b.json": "{\"version\": 7, \"problems\": []}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CheckReportsTests.check(["a.txt", "--baseline", "b.json"], in: folder)
        #expect(result.status == 2)
        #expect(result.error.contains("--baseline b.json: is not a chevron check baseline of version 1"), "\(result.error)")
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
        #expect(rows.map { "\($0["file"] ?? "") \($0["key"] ?? "")" } == [
            "de.lproj/Localizable.strings b", "fr.lproj/Localizable.strings b", "new.txt 1",
        ])
        #expect(result.error.contains("--changed-since HEAD~1: 4 titles unchanged since it were left out"), "\(result.error)")
        let unknown = try CheckReportsTests.check(files + ["--changed-since", "no-such-ref"], in: folder)
        #expect(unknown.status == 2 && unknown.error.contains("--changed-since no-such-ref: no such revision"))
        let outside = try TrustTests.folder(["a.txt": "Settings\n"])
        defer { try? FileManager.default.removeItem(at: outside) }
        let noRepository = try CheckReportsTests.check(["a.txt", "--changed-since", "HEAD"], in: outside)
        #expect(noRepository.status == 2, "\(noRepository.error)")
        #expect(noRepository.error.contains("not in a git repository"), "\(noRepository.error)")
    }
}
