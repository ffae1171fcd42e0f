import ChevronCheck
import ChevronClient
import ChevronTestSupport
import Foundation
import Testing

/// What a check finds in catalogues a localisation team really has: line breaks, files that do
/// not read, filters that match nothing, titles with several problems.
struct CheckRunTests {
    /// A line break has no glyph and needs none: a one-line label shows the first line and an
    /// ellipsis (docs/looks.md, "Rules for every look"), which is what is measured.
    @Test(arguments: ["Hello\\nWorld", "Hello\\u2028World", "Hello\\r\\nWorld"])
    func aLineBreakIsItsOwnProblemAndNoMissingGlyph(escaped: String) async throws {
        let run = try await CheckHarness.run(["nl.strings": "\"a\" = \"\(escaped)\";\n"])
        let row = try #require(run.rows.first)
        #expect(row.missingGlyphs == 0)
        #expect(row.lineBreak)
        #expect(row.displayedTitle == "Hello…")
        #expect(row.width == (try CheckHarness.classicWidth("Hello…")))
        #expect(CheckProblem.of(row) == [.lineBreak])
        #expect(run.summary.missingGlyphs == 0 && run.summary.lineBreaks == 1 && run.summary.truncated == 0)
        #expect(!row.fails(.missing))
        #expect(row.fails(.lineBreak) && row.fails(.truncate) && row.fails(.any))
    }

    /// Other control characters are not missing glyphs either.
    @Test func controlCharactersAreNoMissingGlyphs() async throws {
        let run = try await CheckHarness.run(["tab.strings": "\"a\" = \"Tab\\tbed\";\n"])
        #expect(run.rows.first?.missingGlyphs == 0)
        #expect(run.rows.first?.lineBreak == false)
    }

    /// An unreadable file is a row of its own, where its titles would be; the other files are
    /// still checked, and every report says so.
    @Test func aFileThatCannotBeReadIsReportedAndTheOthersAreChecked() async throws {
        let run = try await CheckHarness.run([
            "a.txt": "Settings\n", "b.strings": "\"x\" = \"not closed\n", "c.txt": "Photos\n",
        ])
        #expect(run.rows.map(\.title) == ["Settings", "", "Photos"])
        let unreadable = run.rows[1]
        #expect(unreadable.isUnreadableFile && unreadable.file.hasSuffix("b.strings"))
        #expect(unreadable.error == "a string is not closed")
        #expect(run.summary.unreadableFiles == 1 && run.summary.errors == 0)
        #expect(run.rows[2].width == (try CheckHarness.classicWidth("Photos")))
        let sarif = CheckHarness.json {
            CheckSARIF.write(run.rows, failOn: [], version: "test", fingerprint: nil, to: &$0)
        }
        let results = try #require(
            ((try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])?["runs"] as? [[String: Any]])?
                .first?["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["file-error"])
        #expect(results.first?["level"] as? String == "error")
        let junit = CheckJUnit.document(run.rows, looks: run.looks, failOn: [])
        #expect(junit.contains("(not read)\" tests=\"1\" failures=\"0\" errors=\"1\""), "\(junit)")
    }

    @Test func aFilterThatMatchesNothingIsAnError() async throws {
        await #expect(throws: CheckPlan.Problem.self) {
            _ = try await CheckHarness.run(["a.txt": "Settings\n"]) { $0.keys = ["nonexistent.*"] }
        }
        await #expect(throws: CheckPlan.Problem.self) {
            _ = try await CheckHarness.run(["a.txt": "Settings\n"]) { $0.looks = ["clasic"] }
        }
        // A filter that matches in one file of several is fine.
        let run = try await CheckHarness.run(["a.txt": "Settings\n", "b.csv": "x.title,Photos\n"]) {
            $0.keys = ["x.*"]
        }
        #expect(run.rows.map(\.title) == ["Photos"])
    }

    @Test func aLookNamedTwiceIsCheckedOnce() async throws {
        let run = try await CheckHarness.run(["a.txt": "Settings\n"]) { $0.looks = ["classic", "modern", "classic"] }
        #expect(run.looks == ["classic", "modern"])
        #expect(run.rows.map(\.look) == ["classic", "modern"])
    }

    /// JUnit's schema allows one failure element in a test case: a title both cut and missing a
    /// glyph (U+0378 is unassigned: no font has it) gets one, naming both problems.
    @Test func aJUnitCaseHasOneFailureListingItsProblems() async throws {
        let title = String(repeating: "Einstellungen ", count: 4) + "\u{0378}"
        let run = try await CheckHarness.run(["a.txt": title + "\n"])
        #expect(CheckProblem.of(run.rows[0]) == [.truncated, .missingGlyphs])
        let junit = CheckJUnit.document(run.rows, looks: run.looks, failOn: [])
        #expect(junit.components(separatedBy: "<failure ").count == 2, "\(junit)")
        #expect(junit.contains("<failure type=\"truncated,missing-glyphs\""))
        #expect(junit.contains("failures=\"1\""))
    }

    /// A unit's own limit holds a title only where it is the smaller: a larger `maxwidth` never
    /// lets the button grow past the look's maximum (what `chevron size` lays out).
    @Test func aTitleIsHeldToTheSmallerOfItsOwnLimitAndTheLooks() async throws {
        let title = "Datenschutz und Sicherheit im Überblick"
        func unit(_ id: String, _ maxwidth: Int) -> String {
            """
            <trans-unit id="\(id)" maxwidth="\(maxwidth)" size-unit="pixel"><source>x</source>\
            <target>\(title)</target></trans-unit>
            """
        }
        let xliff = """
            <?xml version="1.0" encoding="UTF-8"?>
            <xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
            <file original="a" source-language="en" target-language="de" datatype="plaintext"><body>
            \(unit("wide", 400))
            \(unit("narrow", 80))
            </body></file></xliff>
            """
        let run = try await CheckHarness.run(["de.xliff": xliff])
        let wide = try #require(run.rows.first { $0.key == "wide" })
        let narrow = try #require(run.rows.first { $0.key == "narrow" })
        // classic's maximum is 160 (docs/looks.md): the title is cut there, not at 400.
        #expect(wide.maxWidth == 160 && !wide.ownLimit)
        #expect(wide.truncated && wide.width.map { $0 <= 160 } == true)
        #expect(CheckProblem.of(wide) == [.truncated])
        #expect(narrow.maxWidth == 80 && narrow.ownLimit)
        #expect(narrow.truncated && narrow.width.map { $0 <= 80 } == true)
        #expect(CheckProblem.of(narrow) == [.overOwnLimit])
        // Each width is what the cut shows, measured by hb-shape, with classic's padding.
        #expect(wide.width == (try CheckHarness.classicWidth(wide.displayedTitle)))
        #expect(narrow.width == (try CheckHarness.classicWidth(narrow.displayedTitle)))
    }

    /// A value the catalogue marks untranslated (empty, state `new`) is not a title that fits:
    /// it is left out, and the summary counts it.
    @Test func untranslatedValuesAreCountedNotChecked() async throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "settings.title": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Settings"}},
                "de": {"stringUnit": {"state": "new", "value": ""}},
                "fr": {"stringUnit": {"state": "translated", "value": "Réglages"}}}}}}
            """
        let run = try await CheckHarness.run(["Localizable.xcstrings": catalog])
        #expect(run.rows.map(\.title) == ["Settings", "Réglages"])
        #expect(run.summary.untranslated == 1 && run.summary.titles == 2)
        #expect(
            CheckSummaryLine.text(run.summary, slots: run.slots).hasPrefix(
                "chevron check: 2 titles (1 untranslated left out), 2 rows"))
    }

    /// With two plural substitutions every combination of their forms is measured, and the widest
    /// is the row: here a mix of forms, which a row per form (one with one, other with other)
    /// never measured. Widths from hb-shape over each combination's text, written out here.
    @Test func twoPluralSubstitutionsReportTheirWidestCombination() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>moved</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@files@ %#@dirs@</string>
              <key>files</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d file</string><key>other</key><string>%d files</string></dict>
              <key>dirs</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>%d big dir</string><key>other</key><string>%d dirs</string></dict>
            </dict></dict></plist>
            """
        let run = try await CheckHarness.run(["en.lproj/Localizable.stringsdict": plist])
        // English: one is 1, other is the integer sample 128.
        let combinations = [
            ("files one, dirs one", "1 file 1 big dir"), ("files one, dirs other", "1 file 128 dirs"),
            ("files other, dirs one", "128 files 1 big dir"), ("files other, dirs other", "128 files 128 dirs"),
        ]
        let widths = try combinations.map { try CheckHarness.classicWidth($0.1) }
        let widest = try #require(widths.indices.max { widths[$0] < widths[$1] })
        #expect(run.rows.count == 1)
        #expect(run.rows.first?.key == "moved (\(combinations[widest].0))")
        #expect(run.rows.first?.title == combinations[widest].1)
        #expect(run.rows.first?.width == widths[widest])
        #expect(run.summary.titles == 1)
    }

    /// A form's number is one of its category in the file's language: Arabic few 3, many 11,
    /// other 100 (CLDR; `PluralRulesTests` checks the rules against Babel).
    @Test func aPluralFormIsMeasuredWithANumberOfItsCategory() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>few</key><string>%d ملفات</string><key>many</key><string>%d ملفًا</string>
                <key>other</key><string>%d ملف</string></dict>
            </dict></dict></plist>
            """
        let run = try await CheckHarness.run(["ar.lproj/Localizable.stringsdict": plist])
        #expect(run.rows.map(\.title) == ["3 ملفات", "11 ملفًا", "100 ملف"])
        #expect(run.rows.map(\.key) == ["files (few)", "files (many)", "files (other)"])
        #expect(run.rows.first?.template == "%d ملفات")
    }

    /// A form no whole number takes in the language is left out whether or not its text shows the
    /// count: Japanese has no `one` (CLDR gives every whole number `other`), Polish's `other`
    /// holds fractions only. A catalogue often writes the count outside the substitution.
    @Test func aFormNoCountShowsIsLeftOutWhetherOrNotItShowsTheNumber() async throws {
        func localization(_ one: String, _ other: String) -> String {
            """
            {"stringUnit": {"state": "translated", "value": "%lld %#@followers@"},
             "substitutions": {"followers": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
               "one": {"stringUnit": {"state": "translated", "value": "\(one)"}},
               "other": {"stringUnit": {"state": "translated", "value": "\(other)"}}}}}}}
            """
        }
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"followers %lld": {"localizations": {
              "en": \(localization("follower", "followers")),
              "ja": \(localization("フォロワー", "フォロワーたち")),
              "pl": \(localization("obserwujący", "obserwujących"))}}}}
            """
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>followers</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>フォロワー</string><key>other</key><string>%d フォロワー</string></dict>
            </dict></dict></plist>
            """
        let run = try await CheckHarness.run([
            "Localizable.xcstrings": catalog, "ja.lproj/Localizable.stringsdict": plist,
        ])
        #expect(
            run.rows.map(\.key) == [
                "followers %lld (en, followers one)", "followers %lld (en, followers other)",
                "followers %lld (ja, followers other)", "followers %lld (pl, followers one)", "followers (other)",
            ])
        #expect(
            run.rows.map(\.title) == ["128 follower", "128 followers", "128 フォロワーたち", "128 obserwujący", "128 フォロワー"])
        #expect(run.summary.titles == 5)
    }

    /// Android collapses ASCII white space only (aapt2): a no-break space, a narrow one and a line
    /// separator in a translation are its text, and the separator is a line break.
    @Test func androidKeepsWhiteSpaceThatIsNotASCII() async throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <resources>
                <string name="pause">Nach Unterbrechungen (z.\u{00A0}B. Anrufen)</string>
                <string name="thousand">%s\u{202F}тыс.</string>
                <string name="two">Eins\u{2028}Zwei</string>
                <string name="spaces">  Viel \t\n  Platz  </string>
            </resources>
            """
        let run = try await CheckHarness.run(["res/values-de/strings.xml": xml])
        #expect(
            run.rows.map(\.title) == [
                "Nach Unterbrechungen (z.\u{00A0}B. Anrufen)", "Alex Smith\u{202F}тыс.", "Eins\u{2028}Zwei",
                "Viel Platz",
            ])
        #expect(run.rows.map(\.lineBreak) == [false, false, true, false])
        #expect(run.rows.allSatisfy { $0.missingGlyphs == 0 })
    }

    /// A reader leaves marks in a plural form for the sample pass; a title shown as written
    /// (`chevron sheet`) has them written back as the placeholders they stand for, not drawn as
    /// noncharacters that no font has.
    @Test func aPluralFormAsWrittenHoldsItsPlaceholdersNotTheReadersMarks() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@ gelöscht</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>one</key><string>Eine Datei</string><key>other</key><string>%d Dateien</string></dict>
            </dict></dict></plist>
            """
        let folder = try CheckHarness.folder(["de.lproj/Localizable.stringsdict": plist])
        defer { try? FileManager.default.removeItem(at: folder) }
        let entries = try TitleFile.read(folder.appendingPathComponent("de.lproj/Localizable.stringsdict").path)
        #expect(entries.map(\.asWritten.title) == ["Eine Datei gelöscht", "%d Dateien gelöscht"])
        #expect(
            entries.allSatisfy { !$0.asWritten.title.unicodeScalars.contains { (0xFDD0...0xFDEF).contains($0.value) } })
    }

    /// Apple's formats use a `zero` form for 0 in every language, whatever CLDR's rule (Foundation
    /// reads `zero` first): an English `zero` is a title, with the number 0.
    @Test func aZeroFormIsShownForZeroInEveryLanguage() async throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>files</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>zero</key><string>%d files yet</string><key>one</key><string>%d file</string>
                <key>other</key><string>%d files</string></dict></dict>
            <key>inbox</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>NSStringFormatValueTypeKey</key><string>d</string>
                <key>zero</key><string>No messages</string><key>other</key><string>%d messages</string></dict></dict>
            </dict></plist>
            """
        let run = try await CheckHarness.run(["en.lproj/Localizable.stringsdict": plist])
        #expect(
            run.rows.map(\.key) == ["files (zero)", "files (one)", "files (other)", "inbox (zero)", "inbox (other)"])
        #expect(run.rows.map(\.title) == ["0 files yet", "1 file", "128 files", "No messages", "128 messages"])
    }

    /// A `.strings` value cannot hold a plural substitution: the row says which placeholder.
    @Test func aPlaceholderNoRuleFillsIsARowError() async throws {
        let run = try await CheckHarness.run(["de.lproj/Localizable.strings": "\"x\" = \"%#@files@ gelöscht\";\n"])
        #expect(run.rows.first?.error?.contains("%#@files@") == true, "\(String(describing: run.rows.first?.error))")
        #expect(run.rows.first?.width == nil)
        #expect(run.summary.errors == 1)
    }

    /// Samples as the run's plan sets them: a placeholder as written, positional forms included.
    @Test func samplesApplyToThePlaceholderWritten() async throws {
        let run = try await CheckHarness.run([
            "de.lproj/Localizable.strings": "\"a\" = \"%lld Follower\";\n\"b\" = \"%d neu\";\n\"c\" = \"%1$lld!\";\n"
        ]) { plan in
            try? plan.samples.set("%lld=1234567")
            try? plan.samples.set("%d=99")
        }
        #expect(run.rows.map(\.title) == ["1234567 Follower", "99 neu", "1234567!"])
    }

    /// The face that stands in for a family is chosen per script, not per file: "Settings" is as
    /// wide in a German, an Arabic and a Japanese file (modern, docs/looks.md: 8 + 13 + 6 + text
    /// at 17 pt with −0.41 per character, kerned, at least 50, snapped up; the text measured by
    /// hb-shape in fc-match's face for "SF Pro Text", asked without a language).
    @Test func latinTextIsAsWideInEveryLanguagesFile() async throws {
        let strings = "\"settings\" = \"Settings\";\n"
        let run = try await CheckHarness.run([
            "de.lproj/Localizable.strings": strings, "ar.lproj/Localizable.strings": strings,
            "ja.lproj/Localizable.strings": strings, "zh-Hans.lproj/Localizable.strings": strings,
        ]) { $0.looks = ["modern"] }
        let face = try ExternalTools.fcMatch("SF Pro Text")
        let text = try ExternalTools.hbShapeWidth(file: face.file, text: "Settings", size: 17) - 0.41 * 8
        let expected = max(8 + 13 + 6 + text + 0.41, 50).rounded(.up)  // the last tracking stays in the button
        #expect(run.rows.map(\.language) == ["ar", "de", "ja", "zh-Hans"])
        #expect(run.rows.allSatisfy { $0.width == expected }, "\(run.rows.map(\.width)) vs \(expected)")
        // The substitution is said once, with the face every row used.
        #expect(run.substitutions.entries.map(\.look) == ["modern"])
        #expect(run.substitutions.entries.first?.font.family == face.family)
    }

    /// The generic title is the one given for the title's language, else its language's own; an Arabic row that falls back
    /// to it is laid out right to left, the chevron on the right, as an Arabic app's bar is.
    @Test func aFallbackInARightToLeftLanguageIsRightToLeftAndInItsLanguage() async throws {
        let long = "الإعدادات والخصوصية والأمان وكل ما يتعلق بحسابك الشخصي"
        let german = "Einstellungen für Datenschutz, Sicherheit und alles Weitere zum Konto"
        let run = try await CheckHarness.run([
            "ar.lproj/Localizable.strings": "\"t\" = \"\(long)\";\n",
            "de.lproj/Localizable.strings": "\"t\" = \"\(german)\";\n",
            "fr.lproj/Localizable.strings": "\"t\" = \"\(german)\";\n",
        ]) { plan in
            plan.looks = ["modern"]
            plan.setGenericTitle("ar=رجوع")
            plan.setGenericTitle("de=Zurück")
        }
        // French has none from the plan: its language's own (GenericTitles, Flutter's "Retour").
        #expect(run.rows.map(\.displayedTitle) == ["رجوع", "Zurück", "Retour"])
        #expect(run.rows.map(\.titleSource) == ["generic", "generic", "generic"])
        // The layout itself: Arabic is right to left even when the text shown is Latin.
        for shown in ["رجوع", "Back"] {
            let layout = try await CheckHarness.client.size(
                SizeParameters(look: "modern", title: long, genericTitle: shown, language: "ar"))
            #expect(layout.displayedTitle == shown)
            #expect(layout.direction == .rtl)
            // modern's title starts 8 + 13 + 6 from the leading edge, which is the right one.
            #expect(abs(layout.width - (layout.titleFrame.x + layout.titleFrame.width) - 27) <= 1)
        }
        let english = try await CheckHarness.client.size(SizeParameters(look: "modern", title: german, language: "en"))
        #expect(english.direction == .ltr && english.titleFrame.x == 27)
    }

    /// A titles list (`--titles FILE`: one key or pattern a line, `#` comments) selects which
    /// strings are back-button titles, besides `--key`; the summary counts the strings left out.
    @Test func aTitlesListSelectsTheBackButtonTitles() async throws {
        let folder = try CheckHarness.folder([
            "titles.txt": "# back-button titles\nsettings.title\n  *.back   # any back title\n\n",
            "de.lproj/Localizable.strings": """
            "settings.title" = "Einstellungen";
            "profile.back" = "Profil";
            "profile.body" = "Ein langer Text, der nie auf einem Knopf steht";
            "about.title" = "Über";
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = CheckPlan()
        plan.files = [folder.appendingPathComponent("de.lproj/Localizable.strings").path]
        try plan.addTitles(file: folder.appendingPathComponent("titles.txt").path)
        #expect(plan.titles == ["settings.title", "*.back"])
        let run = try await CheckRun(plan, clients: [CheckHarness.client])
        #expect(run.rows.map(\.key) == ["settings.title", "profile.back"])
        #expect(run.summary.leftOutBySelection == 2 && run.summary.titles == 2)
        #expect(
            CheckSummaryLine.text(run.summary, slots: run.slots).hasPrefix(
                "chevron check: 2 titles selected (2 other strings left out), "))
        // --key adds to the list: a string either selects is checked.
        plan.keys = ["about.*"]
        let more = try await CheckRun(plan, clients: [CheckHarness.client])
        #expect(more.rows.map(\.key) == ["settings.title", "profile.back", "about.title"])
    }

    /// An Android `<plurals>` item and an `.xcstrings` plural variation are plural forms of the
    /// whole string: the count (the first whole-number placeholder) is a number of the form's
    /// category in the language (CLDR: Arabic few 3, many 11, other 100; Japanese has only
    /// `other`, so its `one` is left out).
    @Test func pluralItemsAreMeasuredWithANumberOfTheirCategory() async throws {
        let android = """
            <resources><plurals name="files">
              <item quantity="few">%d ملفات</item><item quantity="many">%d ملفًا</item>
              <item quantity="other">%d ملف</item></plurals></resources>
            """
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"n": {"localizations": {"ja": {"variations": {"plural": {
              "one": {"stringUnit": {"state": "translated", "value": "%lld 件"}},
              "other": {"stringUnit": {"state": "translated", "value": "%lld 件"}}}}}}}}}
            """
        let run = try await CheckHarness.run(["res/values-ar/strings.xml": android, "Localizable.xcstrings": catalog])
        // The catalogue's source language has no unit for "n": its key is its English text.
        #expect(run.rows.map(\.title) == ["n", "128 件", "3 ملفات", "11 ملفًا", "100 ملف"], "\(run.rows.map(\.title))")
        #expect(run.rows.map(\.key).prefix(2) == ["n (en)", "n (ja, plural other)"])
    }
}
