import ChevronTestSupport
import Foundation
import Testing

/// The CLI says when its numbers cannot be trusted: missing glyphs (size, render, check, sheet),
/// a substituted font (once per look), the title's language from its file, and the user's own
/// font directories (--local --fonts-dir). Expected values from fc-list, fc-match, hb-shape and
/// counts made by hand.
@Suite(.serialized)
struct TrustTests {
    static let unassigned = "\u{0378}"  // unassigned in Unicode: no font can cover it
    static let long = "Notification Settings and Privacy Options"

    static func chevron(_ arguments: [String]) throws -> CLITests.Result {
        try CLITests.run("chevron", arguments)
    }

    /// A folder holding `files` (relative path → text).
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = try FontFixtures.folder("chevron-trust")
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return folder
    }

    /// How many times `needle` occurs in `text`.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func sizeWarnsAboutMissingGlyphsAndReportsTheCount() throws {
        try #require(try ExternalTools.filesCovering(Unicode.Scalar(0x0378)!).isEmpty, "fc-list: no font has U+0378")
        let title = "A\(Self.unassigned)B\(Self.unassigned)"
        let text = try Self.chevron(["size", title, "--local"])
        #expect(text.status == 0)
        #expect(text.error.hasPrefix("chevron: warning: 2 characters "), "\(text.error)")
        #expect(text.error.contains("no glyph in any installed font"))
        #expect(text.output.contains("\nmissing     2 glyphs\n"), "\(text.output)")
        let json = try CLITests.json(try Self.chevron(["size", title, "--local", "--json"]).output)
        #expect(json["missingGlyphs"] as? Int == 2)
        // One scalar: singular.
        let one = try Self.chevron(["size", "A\(Self.unassigned)", "--local"])
        #expect(one.error.hasPrefix("chevron: warning: 1 character "), "\(one.error)")
        // A title every scalar of which a font covers: no warning.
        let clean = try Self.chevron(["size", "Settings", "--local"])
        #expect(clean.error.isEmpty, "\(clean.error)")
        #expect(clean.output.contains("\nmissing     0 glyphs\n"))
    }

    @Test func renderWarnsAboutMissingGlyphs() throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("button.png").path
        let result = try Self.chevron(["render", "A\(Self.unassigned)", "--local", "-o", png])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.hasPrefix("chevron: warning: 1 character "), "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: png))
        let clean = try Self.chevron(["render", "Back", "--local", "-o", png])
        #expect(!clean.error.contains("warning"))
    }

    @Test func aSubstitutedFontIsNotedOnceAndAMetricAliasIsNot() throws {
        let match = try ExternalTools.fcMatch("SF Pro Text")
        try #require(match.family != "SF Pro Text", "no SF Pro Text is installed")
        let modern = try Self.chevron(["size", "Settings", "--look", "modern", "--local"])
        #expect(
            modern.error.hasPrefix("chevron: note: modern asks for \"SF Pro Text\"; "), "\(modern.error)")
        #expect(modern.error.contains(match.file))
        #expect(Self.occurrences(of: "chevron: note:", in: modern.error) == 1)
        #expect(modern.output.contains("requested   SF Pro Text (substituted)"))
        let classic = try Self.chevron(["size", "Settings", "--local"])
        #expect(!classic.error.contains("note:"))
        #expect(classic.output.contains("requested   Helvetica:bold\n"))

        // check names the look once, however many rows it has, in text and in JSON.
        let folder = try Self.folder(["titles.txt": "Settings\nInbox\nMail\n\(Self.long)\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt").path
        let table = try Self.chevron(["check", file, "--look", "modern", "--look", "classic", "--local"])
        #expect(Self.occurrences(of: "chevron: note: modern asks for", in: table.error) == 1, "\(table.error)")
        #expect(!table.error.contains("classic asks for"))
        let json = try Self.chevron(["check", file, "--look", "modern", "--look", "classic", "--local", "--json"])
        #expect(Self.occurrences(of: "chevron: note: modern asks for", in: json.error) == 1)
        let summary = try #require(try CLITests.json(json.output)["summary"] as? [String: Any])
        let substitutions = try #require(summary["substitutions"] as? [[String: Any]])
        #expect(substitutions.count == 1)
        #expect(substitutions.first?["look"] as? String == "modern")
        #expect(substitutions.first?["requested"] as? String == "SF Pro Text")
        #expect(substitutions.first?["family"] as? String == match.family)
        #expect(substitutions.first?["style"] as? String == match.style)
        #expect(substitutions.first?["file"] as? String == match.file)
    }

    /// Three titles in two looks, counted by hand: classic truncates the long one, modern falls
    /// back to "Back" for it, and the one with U+0378 shows in full in both with 1 missing glyph.
    @Test func checkMarksMissingGlyphsAndSummarises() throws {
        let title = "A\(Self.unassigned)B"
        let folder = try Self.folder(["titles.txt": "Settings\n\(title)\n\(Self.long)\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt").path
        let looks = ["--look", "classic", "--look", "modern"]

        let table = try Self.chevron(["check", file, "--local"] + looks)
        #expect(table.status == 0)
        var lines = table.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        // The summary closes the table, counted by hand from the rows above.
        #expect(
            lines.popLast()
                == "chevron check: 3 titles, 6 rows in 2 looks (modern on iphone-se): 1 truncated, 1 fell back, 0 with line breaks, 2 with missing glyphs, 0 over their own limit, 3 without their screen's title, 0 errors"
        )
        let marked = lines.filter { $0.contains("titles.txt:2 ") }
        #expect(marked.count == 2, "\(lines)")
        for line in marked {
            // The title shows whole in both looks, yet the row must not read as fitting.
            #expect(line.hasSuffix("  MISSING GLYPHS (1)") && !line.contains("full title"), "\(line)")
        }
        #expect(lines.filter { $0.hasSuffix("  full title") }.count == 2, "Settings in both looks")

        let json = try Self.chevron(["check", file, "--local", "--json"] + looks)
        let report = try CLITests.json(json.output)
        let rows = try #require(report["rows"] as? [[String: Any]])
        #expect(rows.count == 6)
        for row in rows {
            #expect(row["missingGlyphs"] as? Int == (row["title"] as? String == title ? 1 : 0), "\(row)")
            #expect(row.keys.contains("language") && row["language"] is NSNull, "a .txt file names no language")
        }
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["titles"] as? Int == 3)
        #expect(summary["rows"] as? Int == 6)
        #expect(summary["truncated"] as? Int == 1)
        #expect(summary["fellBack"] as? Int == 1)
        #expect(summary["missingGlyphs"] as? Int == 2)
        #expect(summary["errors"] as? Int == 0)
    }

    @Test func failOnMissingAnyAndRepeatedRules() throws {
        let folder = try Self.folder([
            "missing.txt": "Settings\nA\(Self.unassigned)B\n", "long.txt": "Settings\n\(Self.long)\n",
            "fine.txt": "Settings\nInbox\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        func status(_ file: String, _ rules: [String], look: String = "classic") throws -> Int32 {
            try Self.chevron(
                ["check", folder.appendingPathComponent(file).path, "--local", "--look", look]
                    + rules.flatMap { ["--fail-on", $0] }
            ).status
        }
        // A short title with a missing glyph fits: only missing and any fail it.
        #expect(try status("missing.txt", []) == 0)
        #expect(try status("missing.txt", ["missing"]) == 1)
        #expect(try status("missing.txt", ["any"]) == 1)
        #expect(try status("missing.txt", ["truncate"]) == 0)
        #expect(try status("missing.txt", ["fallback"]) == 0)
        // A long title is truncated by classic, with every glyph: truncate and any fail it.
        #expect(try status("long.txt", ["missing"]) == 0)
        #expect(try status("long.txt", ["any"]) == 1)
        #expect(try status("long.txt", ["missing", "fallback"]) == 0)
        #expect(try status("long.txt", ["missing", "truncate"]) == 1)
        #expect(try status("fine.txt", ["any"]) == 0)
        // Modern replaces the long title with "Back": a fallback, which any counts too.
        #expect(try status("long.txt", ["any"], look: "modern") == 1)
        #expect(try status("long.txt", ["missing"], look: "modern") == 0)
        #expect(
            try Self.chevron(["check", folder.appendingPathComponent("fine.txt").path, "--local", "--fail-on", "nope"])
                .status == 2)
    }

    @Test func sheetMarksRowsWithMissingGlyphs() throws {
        let folder = try Self.folder([
            "missing.txt": "Back\nA\(Self.unassigned)\n", "fine.txt": "Back\nInbox\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("sheet.png").path
        for (file, marked) in [("missing.txt", "1 row marked"), ("fine.txt", "0 rows marked")] {
            let result = try Self.chevron([
                "sheet", folder.appendingPathComponent(file).path, "--look", "classic", "-o", png, "--local",
            ])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("2 titles × 1 look, \(marked)"), "\(file): \(result.output)")
        }
        // A substituted font is named once for the sheet, not once per cell.
        let modern = try Self.chevron([
            "sheet", folder.appendingPathComponent("fine.txt").path, "--look", "modern", "--look", "classic", "-o",
            png, "--local",
        ])
        #expect(Self.occurrences(of: "chevron: note:", in: modern.error) == 1, "\(modern.error)")
        #expect(modern.error.contains("modern asks for \"SF Pro Text\""))
    }

    /// Each title is measured in its file's language: a `.lproj` folder, an Android `values-`
    /// folder, an .xcstrings localization. "设置·" ends in a middle dot that the Japanese face draws
    /// narrower than the Chinese one, so the two languages give two widths.
    @Test func checkMeasuresEachTitleInItsFilesLanguage() throws {
        let title = "设置·"
        let strings = "\"settings\" = \"\(title)\";\n"
        let xml = "<resources>\n<string name=\"settings\">\(title)</string>\n</resources>\n"
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"settings": {"localizations": {
              "ja": {"stringUnit": {"state": "translated", "value": "\(title)"}},
              "zh-Hans": {"stringUnit": {"state": "translated", "value": "\(title)"}}}}}}
            """
        let folder = try Self.folder([
            "ja.lproj/Localizable.strings": strings, "zh-Hans.lproj/Localizable.strings": strings,
            "Base.lproj/Localizable.strings": strings, "values-ja/strings.xml": xml, "values-zh-rCN/strings.xml": xml,
            "values-b+zh+Hans/strings.xml": xml, "values-night/strings.xml": xml, "Localizable.xcstrings": catalog,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "ja.lproj/Localizable.strings", "zh-Hans.lproj/Localizable.strings", "Base.lproj/Localizable.strings",
            "values-ja/strings.xml", "values-zh-rCN/strings.xml", "values-b+zh+Hans/strings.xml",
            "values-night/strings.xml", "Localizable.xcstrings",
        ]
        let result = try Self.chevron(
            ["check"] + files.map { folder.appendingPathComponent($0).path } + [
                "--json", "--local", "--look", "classic",
            ])
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try CheckTests.reportRows(result.output))
        // The languages the folders and the catalog name, read by hand (the catalog's key is also
        // its source language's title, "settings" in en).
        let languages = rows.map { $0["language"] as? String }
        #expect(languages == ["ja", "zh-Hans", nil, "ja", "zh-CN", "zh-Hans", nil, "en", "ja", "zh-Hans"])

        // fontconfig knows Chinese orthographies by region: zh-Hans is its zh-cn.
        func width(_ language: String?) throws -> Double {
            let fcLanguage: String? = language.map { ["zh-Hans": "zh-cn", "zh-CN": "zh-cn"][$0] ?? $0 }
            let pattern = "Helvetica:bold:charset=8bbe" + (fcLanguage.map { ":lang=\($0)" } ?? "")
            let face = try ExternalTools.fcMatchFields(pattern, format: "%{file}|%{index}")
            let text = try ExternalTools.hbShapeWidth(
                file: face[0], text: title, size: 12, features: ["-kern"], index: Int(face[1]) ?? -1,
                language: language)
            return snappedUp(max(text + 20, 43))  // docs/looks.md, "classic"
        }
        for (row, language) in zip(rows, languages) where row["title"] as? String == title {
            #expect(row["width"] as? Double == (try width(language)), "\(row)")
            #expect(row["missingGlyphs"] as? Int == 0)
        }
        #expect(try width("ja") != (try width("zh-Hans")), "the languages give different widths")

        // A file that names no language takes --language.
        let base = folder.appendingPathComponent("Base.lproj/Localizable.strings").path
        for language in ["ja", "zh-Hans"] {
            let rows = try #require(
                try CheckTests.reportRows(
                    try Self.chevron(["check", base, "--json", "--local", "--look", "classic", "--language", language])
                        .output))
            #expect(rows.first?["width"] as? Double == (try width(language)), "--language \(language)")
            #expect(rows.first?["language"] as? String == language, "the row names the language measured in")
        }
    }

    /// `size`, `render` and `measure` take --language too; measure's runs name the face.
    @Test func sizeAndMeasureTakeTheLanguage() throws {
        for (language, fcLanguage) in [("ko", "ko"), ("ja", "ja"), ("zh-Hans", "zh-cn"), ("zh-Hant", "zh-tw")] {
            let face = try ExternalTools.fcMatchFields(
                "Helvetica:bold:lang=\(fcLanguage):charset=8a2d", format: "%{file}|%{index}|%{family[0]}|%{style[0]}")
            let index = Int(face[1]) ?? -1
            let measured = try CLITests.json(
                try Self.chevron([
                    "measure", "設定", "--language", language, "--features=-kern", "--json", "--local",
                ]).output)
            let run = try #require((measured["runs"] as? [[String: Any]])?.first)
            #expect(run["file"] as? String == face[0])
            #expect(run["index"] as? Int == index, "\(language)")
            #expect(run["family"] as? String == face[2] && run["style"] as? String == face[3])
            #expect(run["glyphs"] as? Int == 2)
            let text = try ExternalTools.hbShapeWidth(
                file: face[0], text: "設定", size: 12, features: ["-kern"], index: index, language: language)
            #expect(abs((run["width"] as? Double ?? 0) - text) < 1e-9)
            let size = try CLITests.json(
                try Self.chevron(["size", "設定", "--language", language, "--json", "--local"]).output)
            #expect(abs((size["textWidth"] as? Double ?? 0) - text) < 1e-9)
        }
    }

    @Test func localFontsDirsComeFirstAndNonFontsAreSkipped() throws {
        let folder = try Self.folder(["README.ttf": "not a font"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("DejaVuSans.ttf").path
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", toPath: copy)
        let with = try Self.chevron(["font", "DejaVu Sans", "--local", "--fonts-dir", folder.path, "--json"])
        #expect(with.status == 0, "\(with.error)")
        #expect(try CLITests.json(with.output)["file"] as? String == copy)
        let skipped = folder.appendingPathComponent("README.ttf").path
        #expect(with.error.contains("chevron: fonts: skipped \(skipped)"), "\(with.error)")
        let without = try Self.chevron(["font", "DejaVu Sans", "--local", "--json"])
        #expect(try CLITests.json(without.output)["file"] as? String == (try ExternalTools.fcMatch("DejaVu Sans").file))

        // A directory that does not exist, or --fonts-dir with --daemon, is a usage error;
        // --fonts-dir alone answers in this process.
        let missing = folder.appendingPathComponent("nope").path
        let absent = try Self.chevron(["size", "Back", "--local", "--fonts-dir", missing])
        #expect(absent.status == 2)
        #expect(absent.error.contains(missing))
        let remote = try Self.chevron(["size", "Back", "--daemon", "--fonts-dir", folder.path])
        #expect(remote.status == 2)
        #expect(remote.error.contains("chevrond --fonts-dir"))
        let implied = try Self.chevron(["font", "DejaVu Sans", "--fonts-dir", folder.path, "--json"])
        #expect(try CLITests.json(implied.output)["file"] as? String == copy)
    }

    /// The key case through the CLI: with the user's "SF Pro Text" (Liberation Sans renamed with
    /// fontTools), modern is measured with it and no note is printed.
    @Test func sizeWithTheUsersSFProTextIsNotSubstituted() throws {
        let folder = try Self.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = try FontFixtures.sfProTextCopy(in: folder)
        let title = "Zurück"
        let result = try Self.chevron([
            "size", title, "--look", "modern", "--local", "--fonts-dir", folder.path, "--json",
        ])
        #expect(result.status == 0)
        #expect(result.error.isEmpty, "\(result.error)")
        let layout = try CLITests.json(result.output)
        let font = try #require(layout["font"] as? [String: Any])
        #expect(font["file"] as? String == copy && font["substituted"] as? Bool == false)
        let textWidth = try ExternalTools.hbShapeWidth(file: copy, text: title, size: 17) - 0.41 * Double(title.count)
        #expect(abs((layout["textWidth"] as? Double ?? 0) - textWidth) < 1e-9)
        #expect(layout["width"] as? Double == snappedUp(max(27 + textWidth + 0.41, 50)))  // + the last tracking
        let substitute = try CLITests.json(
            try Self.chevron(["size", title, "--look", "modern", "--local", "--json"]).output)
        #expect((substitute["font"] as? [String: Any])?["substituted"] as? Bool == true)
        #expect(substitute["width"] as? Double != layout["width"] as? Double)
    }
}

/// Snaps up to the 1× pixel grid as docs/looks.md says ("Rules for every look").
func snappedUp(_ length: Double) -> Double { (length - 1e-9).rounded(.up) }
