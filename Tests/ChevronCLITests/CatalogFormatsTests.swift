import ChevronTestSupport
import Foundation
import Testing

/// `chevron check` reads XLIFF (1.2 in an .xcloc folder, 2.0), .stringsdict plurals and standard
/// input, tells formats by extension and content, and refuses a file in no format it reads.
/// Widths: hb-shape on Helvetica Bold's file (fc-match), unkerned, and classic's formula
/// (docs/looks.md, "classic": width = max(text + 12 + 8, 43), snapped up to whole points).
struct CatalogFormatsTests {
    static func classicWidth(_ title: String) throws -> Double {
        let file = try ExternalTools.fcMatch("Helvetica:bold").file
        let text = try ExternalTools.hbShapeWidth(file: file, text: title, size: 12, features: ["-kern"])
        return max(text + 20, 43).rounded(.up)
    }

    /// Modern's text width (docs/looks.md, "modern"): hb-shape in the face fontconfig gives
    /// "SF Pro Text", less 0.41 a character.
    static func modernTextWidth(_ title: String) throws -> Double {
        let file = try ExternalTools.fcMatch("SF Pro Text").file
        return try ExternalTools.hbShapeWidth(file: file, text: title, size: 17) - 0.41 * Double(title.count)
    }

    static func rows(_ arguments: [String], input: String? = nil) throws -> (CLITests.Result, [[String: Any]]) {
        // Written against classic's widths: classic unless a test names a look (the default is modern).
        let look = arguments.contains("--look") ? [] : ["--look", "classic"]
        let result = try CLITests.run("chevron", ["check", "--json", "--local"] + look + arguments, input: input)
        return (result, try CheckTests.reportRows(result.output) ?? [])
    }

    static let xliff12 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
          <file original="App/en.lproj/Localizable.strings" source-language="en" target-language="de" datatype="plaintext">
            <body>
              <trans-unit id="settings.title" xml:space="preserve">
                <source>Settings</source>
                <target state="translated">Einstellungen</target>
              </trans-unit>
              <trans-unit id="inbox.title">
                <source>Inbox</source>
              </trans-unit>
              <trans-unit id="brand" translate="no">
                <source>Chevron</source>
              </trans-unit>
              <trans-unit id="greeting">
                <source>Hello <g id="1">World</g></source>
                <target>Hallo <g id="1">Welt</g><x id="2"/></target>
              </trans-unit>
            </body>
          </file>
        </xliff>
        """

    @Test func anXclocFolderIsReadAsXLIFFUnitByUnit() throws {
        let folder = try FontFixtures.folder("chevron-xcloc")
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = folder.appendingPathComponent("de.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        try Self.xliff12.write(to: contents.appendingPathComponent("de.xliff"), atomically: true, encoding: .utf8)
        let (result, rows) = try Self.rows([folder.appendingPathComponent("de.xcloc").path])
        #expect(result.status == 0, "\(result.error)")
        // Read by hand above: the target when there is one (German), else the source (English);
        // the translate="no" unit is left out; inline markup keeps its text.
        let expected: [(String, String, String)] = [
            ("settings.title", "Einstellungen", "de"), ("inbox.title", "Inbox", "en"), ("greeting", "Hallo Welt", "de"),
        ]
        #expect(rows.count == expected.count, "\(rows)")
        for (row, (key, title, language)) in zip(rows, expected) {
            #expect(row["key"] as? String == key)
            #expect(row["title"] as? String == title)
            #expect(row["language"] as? String == language)
            #expect(row["width"] as? Double == (try Self.classicWidth(title)), "\(key)")
        }
        #expect(rows.first?["line"] as? Int == 5)

        // The same file named .xml is told apart from Android's by its root element.
        let renamed = folder.appendingPathComponent("de.xml")
        try Self.xliff12.write(to: renamed, atomically: true, encoding: .utf8)
        #expect(try Self.rows([renamed.path]).1.map { $0["key"] as? String } == expected.map(\.0))
    }

    @Test func xliff2UnitsTakeTheTargetLanguage() throws {
        let folder = try FontFixtures.folder("chevron-xliff2")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("ja.xlf")
        try """
        <xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ja">
          <file id="f1"><unit id="back"><segment><source>Back</source><target>戻る</target></segment></unit>
          <unit id="done" translate="no"><segment><source>Done</source></segment></unit></file>
        </xliff>
        """.write(to: file, atomically: true, encoding: .utf8)
        let (result, rows) = try Self.rows([file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(rows.count == 1)
        #expect(rows.first?["title"] as? String == "戻る" && rows.first?["language"] as? String == "ja")
    }

    @Test func aStringsdictGivesARowPerPluralForm() throws {
        let folder = try FontFixtures.folder("chevron-stringsdict")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.lproj/Localizable.stringsdict")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>followers</key>
          <dict>
            <key>NSStringLocalizedFormatKey</key><string>%#@count@ Folgen</string>
            <key>count</key>
            <dict>
              <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
              <key>NSStringFormatValueTypeKey</key><string>d</string>
              <key>one</key><string>Ein</string>
              <key>other</key><string>Viele</string>
            </dict>
          </dict>
        </dict>
        </plist>
        """.write(to: file, atomically: true, encoding: .utf8)
        let (result, rows) = try Self.rows([file.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(rows.map { $0["key"] as? String } == ["followers (one)", "followers (other)"])
        #expect(rows.map { $0["title"] as? String } == ["Ein Folgen", "Viele Folgen"])
        #expect(rows.allSatisfy { $0["language"] as? String == "de" && $0["line"] as? Int == 5 })
        #expect(rows.last?["width"] as? Double == (try Self.classicWidth("Viele Folgen")))
    }

    @Test func aFileInNoKnownFormatIsAnErrorNeverLines() throws {
        let folder = try FontFixtures.folder("chevron-unknown")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("notes.md")
        try "# Notes\nSettings\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try CLITests.run("chevron", ["check", file.path, "--local"])
        #expect(result.status == 2)
        #expect(result.error.contains("\(file.path): not a format chevron reads; formats:"), "\(result.error)")
        // The report still comes, with the file as a row of its own.
        #expect(result.output.hasPrefix("\(file.path)  "), "\(result.output)")
        #expect(result.output.contains("FILE NOT READ: not a format chevron reads"), "\(result.output)")
        // Said to be lines, it is read as lines.
        let lines = try Self.rows([file.path, "--input-format", "lines"]).1
        #expect(lines.map { $0["title"] as? String } == ["# Notes", "Settings"])
    }

    @Test func standardInputIsReadInTheFormatGivenOrShown() throws {
        let strings = "\"back\" = \"Zurück\";\n\"home\" = \"Start\";\n"
        let (result, rows) = try Self.rows(["-"], input: strings)
        #expect(result.status == 0, "\(result.error)")
        #expect(rows.map { $0["key"] as? String } == ["back", "home"])
        #expect(rows.first?["file"] as? String == "-")
        #expect(rows.first?["width"] as? Double == (try Self.classicWidth("Zurück")))
        let lines = try Self.rows(["-", "--input-format", "lines"], input: "One\nTwo\n").1
        #expect(lines.map { $0["title"] as? String } == ["One", "Two"])
    }
}

/// Android resources beyond `<string>`: plurals, string arrays, untranslatable strings,
/// references to other strings and DTD entities.
struct AndroidResourcesTests {
    static let resources = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE resources [<!ENTITY app "Chevron">]>
        <resources>
            <string name="open">Open &app; now</string>
            <string name="internal" translatable="false">debug_only</string>
            <string name="alias">@string/open</string>
            <plurals name="followers">
                <item quantity="one">Ein Follower</item>
                <item quantity="other">Viele Follower</item>
            </plurals>
            <string-array name="tabs"><item>Home</item><item>Search</item></string-array>
            <string-array name="debug_tabs" translatable="false"><item>Logs</item></string-array>
        </resources>
        """

    @Test func pluralsArraysReferencesAndEntitiesBecomeRows() throws {
        let folder = try FontFixtures.folder("chevron-android")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("values-de/strings.xml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.resources.write(to: file, atomically: true, encoding: .utf8)
        let (result, rows) = try CatalogFormatsTests.rows([file.path])
        #expect(result.status == 0, "\(result.error)")
        // Read by hand from the file above.
        let expected: [(String, String, Int)] = [
            ("open", "Open Chevron now", 4), ("alias", "Open Chevron now", 6), ("followers (one)", "Ein Follower", 8),
            ("followers (other)", "Viele Follower", 9), ("tabs[0]", "Home", 11), ("tabs[1]", "Search", 11),
        ]
        #expect(rows.map { $0["key"] as? String } == expected.map(\.0))
        for (row, (key, title, line)) in zip(rows, expected) {
            #expect(row["title"] as? String == title, "\(key)")
            #expect(row["line"] as? Int == line, "\(key)")
            #expect(row["language"] as? String == "de")
        }
        #expect(rows.first?["width"] as? Double == (try CatalogFormatsTests.classicWidth("Open Chevron now")))
    }

    @Test func externalEntitiesAndMissingReferencesAreErrors() throws {
        let folder = try FontFixtures.folder("chevron-android-bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        let external = folder.appendingPathComponent("external.xml")
        try """
        <?xml version="1.0"?>
        <!DOCTYPE resources [
          <!ENTITY secret SYSTEM "file:///etc/passwd">
        ]>
        <resources><string name="a">&secret;</string></resources>
        """.write(to: external, atomically: true, encoding: .utf8)
        let refused = try CLITests.run("chevron", ["check", external.path, "--local"])
        #expect(refused.status == 2)
        #expect(refused.error.contains("\(external.path):3: the entity secret is external"), "\(refused.error)")

        let dangling = folder.appendingPathComponent("dangling.xml")
        try "<resources>\n<string name=\"a\">@string/nowhere</string>\n</resources>\n".write(
            to: dangling, atomically: true, encoding: .utf8)
        let missing = try CLITests.run("chevron", ["check", dangling.path, "--local"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("\(dangling.path):2: a refers to @string/nowhere"), "\(missing.error)")
    }
}

/// An XLIFF unit's maxwidth (pixels or points) is that unit's own limit: the button is laid out
/// within it, and a title cut to fit it is reported as over its own limit.
struct XLIFFLimitTests {
    @Test func aUnitsMaxwidthIsItsOwnLimit() throws {
        let folder = try FontFixtures.folder("chevron-maxwidth")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.xliff")
        try """
        <xliff version="1.2"><file source-language="en" target-language="de"><body>
        <trans-unit id="settings" maxwidth="60" size-unit="pixel"><source>Settings</source><target>Einstellungen</target></trans-unit>
        <trans-unit id="back" maxwidth="12" size-unit="char"><source>Back</source><target>Zurück</target></trans-unit>
        </body></file></xliff>
        """.write(to: file, atomically: true, encoding: .utf8)
        let (result, rows) = try CatalogFormatsTests.rows([file.path])
        #expect(result.status == 0, "\(result.error)")
        let limited = try #require(rows.first)
        #expect(limited["maxWidth"] as? Double == 60 && limited["ownLimit"] as? Bool == true)
        #expect(limited["truncated"] as? Bool == true)
        // The cut title fits: hb-shape's width of what is shown plus classic's 20 is at most 60.
        let shown = try #require(limited["displayedTitle"] as? String)
        let file12 = try ExternalTools.fcMatch("Helvetica:bold").file
        let width = try ExternalTools.hbShapeWidth(file: file12, text: shown, size: 12, features: ["-kern"])
        #expect(width + 20 <= 60 && shown.hasSuffix("…"), "\(shown): \(width)")
        // A limit in characters is no width: the look's maximum applies.
        #expect(rows.last?["ownLimit"] as? Bool == false && rows.last?["maxWidth"] as? Double == 160)
        let report = try CLITests.json(
            try CLITests.run("chevron", ["check", file.path, "--json", "--local"]).output)
        #expect((report["summary"] as? [String: Any])?["overOwnLimit"] as? Int == 1)
        let table = try CLITests.run("chevron", ["check", file.path, "--local"]).output
        #expect(table.contains("OVER ITS OWN LIMIT"))
    }
}

/// Placeholders are measured with sample values, in every format, and the row shows both.
struct PlaceholderCheckTests {
    @Test func placeholdersAreMeasuredWithSamples() throws {
        let folder = try FontFixtures.folder("chevron-placeholders")
        defer { try? FileManager.default.removeItem(at: folder) }
        let strings = folder.appendingPathComponent("Localizable.strings")
        try """
        "followers" = "%2$@ Follower";
        "count" = "%lld items";
        "only" = "%@";
        """.write(to: strings, atomically: true, encoding: .utf8)
        let (result, rows) = try CatalogFormatsTests.rows([strings.path])
        #expect(result.status == 0, "\(result.error)")
        let expected = ["Alex Smith Follower", "128 items", "Alex Smith"]
        #expect(rows.map { $0["title"] as? String } == expected)
        #expect(rows.map { $0["template"] as? String } == ["%2$@ Follower", "%lld items", "%@"])
        for (row, title) in zip(rows, expected) {
            #expect(row["width"] as? Double == (try CatalogFormatsTests.classicWidth(title)))
        }
        let named = try CatalogFormatsTests.rows([strings.path, "--sample", "%@=Alexandra Wilhelmina"]).1
        #expect(named.first?["title"] as? String == "Alexandra Wilhelmina Follower")
        let bad = try CLITests.run("chevron", ["check", strings.path, "--local", "--sample", "%q=1"])
        #expect(bad.status == 2 && bad.error.contains("%q"))
    }

    @Test func catalogSubstitutionsGiveARowPerPluralForm() throws {
        let folder = try FontFixtures.folder("chevron-substitutions")
        defer { try? FileManager.default.removeItem(at: folder) }
        let catalog = folder.appendingPathComponent("Localizable.xcstrings")
        try """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "followers": {"localizations": {"de": {
            "stringUnit": {"state": "translated", "value": "%#@followers@"},
            "substitutions": {"followers": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%arg Follower"}},
              "other": {"stringUnit": {"state": "translated", "value": "%arg Followers"}}}}}}}}}}}
        """.write(to: catalog, atomically: true, encoding: .utf8)
        let (result, rows) = try CatalogFormatsTests.rows([catalog.path])
        #expect(result.status == 0, "\(result.error)")
        let german = rows.filter { $0["language"] as? String == "de" }
        #expect(
            german.map { $0["key"] as? String } == ["followers (de, followers one)", "followers (de, followers other)"])
        // German's `one` is the number 1 (CLDR); `other` takes the integer sample, 128, of its category.
        #expect(german.map { $0["title"] as? String } == ["1 Follower", "128 Followers"])
        #expect(german.last?["width"] as? Double == (try CatalogFormatsTests.classicWidth("128 Followers")))
    }

    @Test func androidPositionalPlaceholders() throws {
        let folder = try FontFixtures.folder("chevron-android-placeholders")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("strings.xml")
        try #"<resources><string name="hi">Hi %1$s, %2$d new</string></resources>"#.write(
            to: file, atomically: true, encoding: .utf8)
        let rows = try CatalogFormatsTests.rows([file.path]).1
        #expect(rows.first?["title"] as? String == "Hi Alex Smith, 128 new")
    }
}

/// Which titles a check takes (--key, --only-language), the generic title, and a project file.
struct CheckScopeTests {
    static let catalog = """
        {"sourceLanguage": "en", "version": "1.0", "strings": {
          "settings.title": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Einstellungen"}},
                                               "fr": {"stringUnit": {"state": "translated", "value": "Réglages"}}}},
          "body.text": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Ein langer Text"}}}}}}
        """

    @Test func keysAndLanguagesNarrowTheCheck() throws {
        let folder = try FontFixtures.folder("chevron-scope")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.xcstrings")
        try Self.catalog.write(to: file, atomically: true, encoding: .utf8)
        let titles = try CatalogFormatsTests.rows([file.path, "--key", "*.title"]).1
        #expect(
            Set(titles.map { $0["key"] as? String }) == [
                "settings.title (en)", "settings.title (de)", "settings.title (fr)",
            ])
        let german = try CatalogFormatsTests.rows([file.path, "--key", "*.title", "--only-language", "de"]).1
        #expect(german.map { $0["title"] as? String } == ["Einstellungen"])
        // A filter that matches nothing is a mistake, said as one: not a clean report of nothing.
        let none = try CLITests.run("chevron", ["check", file.path, "--only-language", "ja", "--local"])
        #expect(none.status == 2)
        #expect(none.error.contains("--only-language ja matches no title of the files checked"), "\(none.error)")
        #expect(none.output.isEmpty)
    }

    /// Through the CLI: the JSON report shows canonical tags (langcodes' `standardize_tag` is the
    /// witness), `--only-language` and `--language` are read as tags, a file of no language is
    /// named once on standard error, and a value that is no tag is a usage error.
    @Test func languagesAreCanonicalTags() throws {
        let folder = try FontFixtures.folder("chevron-languages")
        defer { try? FileManager.default.removeItem(at: folder) }
        let android = folder.appendingPathComponent("values-iw/strings.xml")
        let notes = folder.appendingPathComponent("notes.strings")
        try FileManager.default.createDirectory(
            at: android.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "<resources><string name=\"back\">חזרה</string></resources>\n".write(
            to: android, atomically: true, encoding: .utf8)
        try "\"a\" = \"Back\";\n\"b\" = \"Inbox\";\n".write(to: notes, atomically: true, encoding: .utf8)
        let expected = try Langcodes.standardized(["iw", "pt_br"])
        let (result, rows) = try CatalogFormatsTests.rows([android.path, notes.path, "--language", "pt_br"])
        #expect(result.status == 0, "\(result.error)")
        #expect(rows.map { $0["language"] as? String } == [expected["iw"], expected["pt_br"], expected["pt_br"]])
        let notesSaid = result.error.split(separator: "\n").filter { $0.hasPrefix("chevron: note:") }
        #expect(
            notesSaid == [
                "chevron: note: \(notes.path): no language in its path or contents; measured in pt-BR (--language)"
            ], "\(result.error)")
        let hebrew = try CatalogFormatsTests.rows([android.path, notes.path, "--only-language", "iw"])
        #expect(hebrew.1.map { $0["language"] as? String } == [expected["iw"]])
        #expect(!hebrew.0.error.contains("note:"), "titles of no language are not measured: \(hebrew.0.error)")
        let wrong = try CLITests.run("chevron", ["check", android.path, "--only-language", "de DE", "--local"])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("--only-language de DE is not a BCP 47 language tag"), "\(wrong.error)")
    }

    @Test func theGenericTitleIsTheOneGiven() throws {
        let folder = try FontFixtures.folder("chevron-generic")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles.txt")
        try "Benachrichtigungseinstellungen und Datenschutz\n".write(to: file, atomically: true, encoding: .utf8)
        let rows = try CatalogFormatsTests.rows([file.path, "--look", "modern", "--generic-title", "Zurück"]).1
        #expect(rows.first?["titleSource"] as? String == "generic")
        #expect(rows.first?["displayedTitle"] as? String == "Zurück")
    }

    @Test func aProjectFileIsOneLineOfCI() throws {
        let folder = try FontFixtures.folder("chevron-config")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.catalog.write(
            to: folder.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        let config = folder.appendingPathComponent("chevron-check.json")
        try """
        {"files": ["Localizable.xcstrings"], "looks": ["classic", "modern"], "keys": ["settings.*"],
         "languages": ["fr"], "failOn": ["truncate"], "samples": {"%@": "Alexandra"}}
        """.write(to: config, atomically: true, encoding: .utf8)
        let result = try CLITests.run("chevron", ["check", "--config", config.path, "--json", "--local"])
        let rows = try CheckTests.reportRows(result.output) ?? []
        #expect(
            rows.map { "\($0["look"] ?? "") \($0["title"] ?? "")" } == [
                "classic Réglages", "modern Réglages",
            ])
        // Réglages fits both looks (hb-shape + classic's 20 is under 160, + modern's 27.41 under the
        // default bar's 125), so truncate does not fail.
        #expect(try CatalogFormatsTests.classicWidth("Réglages") <= 160)
        #expect(try CatalogFormatsTests.modernTextWidth("Réglages") + 27.41 <= 125)
        #expect(result.status == 0, "\(result.error)")
        // The project file may choose the report: GitHub annotations and the summary, no table.
        try """
        {"files": ["Localizable.xcstrings"], "keys": ["settings.*"], "languages": ["de"], "format": "github"}
        """.write(to: config, atomically: true, encoding: .utf8)
        let github = try CLITests.run("chevron", ["check", "--config", config.path, "--local"])
        #expect(github.status == 0)
        #expect(
            github.output.split(separator: "\n").last?.hasPrefix(
                "chevron check: 1 title selected (1 other string left out), 1 row in 1 look (modern on iphone-se):")
                == true,
            "\(github.output)")
        #expect(!github.output.contains("full title"), "no table: \(github.output)")
        try """
        {"files": ["Localizable.xcstrings"], "look": ["classic"]}
        """.write(to: config, atomically: true, encoding: .utf8)
        let wrong = try CLITests.run("chevron", ["check", "--config", config.path, "--local"])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("\(config.path): look: is not a field"), "\(wrong.error)")
        // A key given twice is not JSON as the project reads it (its parser refuses duplicates),
        // and a samples value that is neither a string nor an object of strings is named.
        for (text, expected) in [
            (#"{"files": ["Localizable.xcstrings"], "files": []}"#, "\(config.path): is not JSON: "),
            (#"{"files": ["Localizable.xcstrings"], "samples": {"%d": 3}}"#, "\(config.path): samples: must map"),
            (
                #"{"files": ["Localizable.xcstrings"], "keys": ["a", 1]}"#,
                "\(config.path): keys: must be an array of strings"
            ),
        ] {
            try text.write(to: config, atomically: true, encoding: .utf8)
            let refused = try CLITests.run("chevron", ["check", "--config", config.path, "--local"])
            #expect(refused.status == 2, "\(text)")
            #expect(refused.error.contains(expected), "\(text): \(refused.error)")
        }
    }
}
