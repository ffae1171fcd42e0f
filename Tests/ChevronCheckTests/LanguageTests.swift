import ChevronCheck
import ChevronTestSupport
import Foundation
import Testing

/// The language of each title, read from catalogues written here, in canonical BCP 47 form, and
/// `--only-language` matched by likely subtags. Expected tags come from langcodes (PyPI), which
/// reads the same tags on its own.
struct LanguageTests {
    /// A string catalogue with one key, "back", localised in each of `tags` as written.
    static func catalog(_ tags: [String]) -> String {
        let localizations = tags.map { #""\#($0)": {"stringUnit": {"state": "translated", "value": "Back"}}"# }
        return #"{"sourceLanguage": "en", "version": "1.0", "strings": {"back": {"localizations": {"#
            + localizations.joined(separator: ", ") + "}}}}"
    }

    /// The language of each row, by the catalogue tag its key names (`back (zh-hans-cn)`).
    static func catalogLanguages(_ run: CheckRun) -> [String: String?] {
        var languages: [String: String?] = [:]
        for row in run.rows where row.key.hasPrefix("back (") {
            languages[String(row.key.dropFirst("back (".count).dropLast())] = .some(row.language)
        }
        return languages
    }

    static let strings = "\"back\" = \"Back\";\n"
    static let android = "<resources><string name=\"back\">Back</string></resources>\n"

    /// Deprecated codes replaced, case normalised, underscores read as hyphens, grandfathered
    /// tags and extended language subtags replaced: in a catalogue's localisations and in XLIFF
    /// 1.2 and 2.0 languages, as langcodes' `standardize_tag` writes them.
    @Test func catalogueAndXLIFFLanguagesAreCanonical() async throws {
        let tags = [
            "iw", "in", "ji", "jw", "mo", "zh-hans-cn", "pt_BR", "EN-gb", "sr-latn-rs", "es-419", "de-DD",
            "ZH-HANT-tw", "de-CH-1996", "de-de-u-co-phonebk", "en-US-x-twain", "i-klingon", "no-bok", "zh-min-nan",
            "art-lojban", "en-GB-oed", "zh-yue",
        ]
        let xliff12 = """
            <xliff version="1.2"><file source-language="en_us" target-language="iw" datatype="plaintext"><body>
            <trans-unit id="translated"><source>Back</source><target>חזרה</target></trans-unit>
            <trans-unit id="untranslated"><source>Back</source></trans-unit>
            </body></file></xliff>
            """
        let xliff20 = """
            <xliff version="2.0" srcLang="EN" trgLang="zh-hant-tw"><file id="f"><unit id="u"><segment>
            <source>Back</source><target>返回</target></segment></unit></file></xliff>
            """
        // tl (Tagalog) is not deprecated in the IANA registry, nor is zh-guoyu's preferred value
        // zh there: langcodes follows CLDR's aliases (tl → fil, cmn → zh), which go further, so
        // these two are expected by hand.
        let run = try await CheckHarness.run([
            "Localizable.xcstrings": Self.catalog(tags + ["tl", "zh-guoyu"]), "a.xliff": xliff12, "b.xlf": xliff20,
        ])
        let expected = try Langcodes.standardized(tags + ["en_us", "EN", "zh-hant-tw"])
        let languages = Self.catalogLanguages(run)
        for tag in tags { #expect(languages[tag] == expected[tag], "\(tag)") }
        #expect(languages["tl"] == "tl" && languages["zh-guoyu"] == "cmn")
        let xliff = Dictionary(
            run.rows.filter { !$0.key.hasPrefix("back") }.map { ("\(Self.relative($0.file)) \($0.key)", $0.language) },
            uniquingKeysWith: { first, _ in first })
        #expect(xliff["a.xliff translated"] == expected["iw"])
        #expect(xliff["a.xliff untranslated"] == expected["en_us"])
        #expect(xliff["b.xlf u"] == expected["zh-hant-tw"])
        #expect(expected["iw"] == "he" && expected["en_us"] == "en-US", "the witness reads as the registry says")
    }

    /// `.lproj` folders, Apple's old English names among them, and Android resource folders. Android
    /// qualifiers are not BCP 47: each folder's tag is written here by Android's documented rule
    /// (the language comes first, after the mobile country and network codes only; `r` marks a
    /// region; `b+` starts a BCP 47 tag with `+` for `-`) for langcodes to read; qualifiers that
    /// are no language name none.
    @Test func folderLanguagesAreCanonical() async throws {
        let lproj = [
            "iw.lproj": "iw", "zh-hans.lproj": "zh-hans", "pt_BR.lproj": "pt_BR", "ja_JP.lproj": "ja_JP",
            "English.lproj": "name:English", "German.lproj": "name:German", "Japanese.lproj": "name:Japanese",
            "Dutch.lproj": "name:Dutch",
        ]
        let android = [
            "values-iw": "iw", "values-in": "in", "values-zh-rCN": "zh-CN", "values-zh-rtw": "zh-tw",
            "values-b+sr+Latn": "sr-Latn", "values-b+es+419": "es-419", "values-b+zh+hant+TW": "zh-hant-TW",
            "values-mcc310-en": "en", "values-mcc310-mnc004-fr-rCA": "fr-CA", "values-en-rGB-land": "en-GB",
            "values-de-night": "de",
        ]
        let none = [
            "Base.lproj", "values", "values-car", "values-hdr", "values-night", "values-land", "values-port",
            "values-v21", "values-sw600dp", "values-mcc310", "values-ldrtl", "values-night-v8",
        ]
        var files: [String: String] = [:]
        for folder in lproj.keys { files["\(folder)/Localizable.strings"] = Self.strings }
        for folder in Array(android.keys) + none where folder.hasPrefix("values") {
            files["\(folder)/strings.xml"] = Self.android
        }
        files["Base.lproj/Localizable.strings"] = Self.strings
        let run = try await CheckHarness.run(files)
        let byFolder = Dictionary(
            run.rows.map { ($0.file.split(separator: "/").dropLast().last.map(String.init) ?? "", $0.language) },
            uniquingKeysWith: { first, _ in first })
        let expected = try Langcodes.standardized(Array(lproj.values) + Array(android.values))
        for (folder, tag) in lproj.merging(android, uniquingKeysWith: { first, _ in first }) {
            #expect(byFolder[folder] == expected[tag], "\(folder)")
        }
        for folder in none { #expect(byFolder[folder] == .some(nil), "\(folder) names no language") }
        #expect(expected["name:German"] == "de" && expected["iw"] == "he")
    }

    /// `--only-language` admits a tag of the same language and, when the filter names a script or
    /// a region, the same likely script (and the region it names); langcodes maximises both sides.
    @Test func onlyLanguageMatchesByLikelySubtags() async throws {
        let tags = [
            "zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "zh-TW", "zh-Hant", "zh-HK", "zh-MO", "zh-Hant-CN", "sr",
            "sr-RS", "sr-Cyrl", "sr-Latn", "sr-Latn-RS", "sr-ME", "de", "de-CH", "de-AT", "iw", "uz", "uz-AF",
            "uz-Arab",
            "pa", "pa-PK", "az-IR", "yue", "yue-CN",
        ]
        let filters = [
            "zh-Hans", "zh-Hant", "zh", "zh-CN", "zh-TW", "sr-Latn", "sr", "sr-Cyrl", "de", "de-CH", "he", "iw",
            "uz-Arab", "pa-Arab", "pa-Guru", "az-Arab", "yue-Hans", "ZH_hant",
        ]
        let expected = try Langcodes.admitted(filters: filters, tags: tags)
        let files = ["Localizable.xcstrings": Self.catalog(tags), "values-iw/strings.xml": Self.android]
        for filter in filters {
            let run = try await CheckHarness.run(files) { $0.onlyLanguages = [filter] }
            let admitted = run.rows.compactMap { row -> String? in
                row.key.hasPrefix("back (") ? String(row.key.dropFirst("back (".count).dropLast()) : "values-iw"
            }
            // The catalogue's localisations come in the order of their tags; the witness's in ours.
            let wanted = (expected[filter] ?? []) + ((expected[filter] ?? []).contains("iw") ? ["values-iw"] : [])
            #expect(admitted.sorted() == wanted.sorted(), "--only-language \(filter)")
        }
        // What the witness says, written out for the filters people use most.
        #expect(expected["zh-Hans"] == ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN"])
        #expect(expected["zh-Hant"] == ["zh-TW", "zh-Hant", "zh-HK", "zh-MO", "zh-Hant-CN"])
        #expect(expected["sr-Latn"] == ["sr-Latn", "sr-Latn-RS", "sr-ME"])
        #expect(expected["de"] == ["de", "de-CH", "de-AT"] && expected["he"] == ["iw"])
    }

    /// A filter or `--language` that is no language tag is a mistake, said as one.
    @Test func aValueThatIsNoLanguageTagIsAnError() async throws {
        for configure: (inout CheckPlan) -> Void in [{ $0.onlyLanguages = ["de DE"] }, { $0.language = "Base" }] {
            await #expect(throws: CheckPlan.Problem.self) {
                _ = try await CheckHarness.run(["de.lproj/a.strings": Self.strings], configure)
            }
        }
    }

    /// Every file with a title whose language neither its path nor its contents say is named,
    /// once, with the language it is measured in: `--language` (canonical), else none.
    @Test func aFileOfNoLanguageIsNamedOnce() async throws {
        let files = [
            "Localizable.strings": "\"a\" = \"Back\";\n\"b\" = \"Inbox\";\n",
            "de.lproj/Localizable.strings": Self.strings,
            "titles.csv": "a,Back\nb,Inbox\n", "titles.txt": "Back\n", "en.lproj/titles.txt": "Back\n",
            "values/strings.xml": Self.android, "values-night/strings.xml": Self.android,
            "values-fr/strings.xml": Self.android, "Localizable.xcstrings": Self.catalog(["de"]),
            "plain.xliff": "<xliff version=\"1.2\"><file><body><trans-unit id=\"a\"><source>Back</source>"
                + "</trans-unit></body></file></xliff>",
        ]
        let unknown = [
            "Localizable.strings", "plain.xliff", "titles.csv", "titles.txt", "values-night/strings.xml",
            "values/strings.xml",
        ]
        let none = try await CheckHarness.run(files)
        #expect(none.unknownLanguageFiles.map { Self.relative($0) } == unknown)
        #expect(
            none.notes.map { Self.relative($0) }
                == unknown.map { "note: \($0): no language in its path or contents; measured with no language" })
        let given = try await CheckHarness.run(files) { $0.language = "pt_br" }
        let expected = try #require(try Langcodes.standardized(["pt_br"])["pt_br"])
        #expect(
            given.notes.map { Self.relative($0) }
                == unknown.map {
                    "note: \($0): no language in its path or contents; measured in \(expected) (--language)"
                })
        for row in given.rows where unknown.contains(Self.relative(row.file)) { #expect(row.language == expected) }
        // Titles of no language are not measured when a language is asked for: nothing to say.
        let german = try await CheckHarness.run(files) { $0.onlyLanguages = ["de"] }
        #expect(german.unknownLanguageFiles.isEmpty && german.rows.count == 2)
    }

    /// A generic title's language is read like any other: `iw=…` and `pt_br=…` serve files whose
    /// languages are read as `he` and `pt-BR` (langcodes' reading).
    @Test func aGenericTitlesLanguageIsCanonical() async throws {
        let long = "Einstellungen für Datenschutz, Sicherheit und alles Weitere zum Konto"
        let xml = "<resources><string name=\"t\">\(long)</string></resources>\n"
        let run = try await CheckHarness.run(["values-iw/strings.xml": xml, "values-pt-rBR/strings.xml": xml]) { plan in
            plan.looks = ["modern"]
            plan.setGenericTitle("iw=חזרה")
            plan.setGenericTitle("pt_br=Voltar")
        }
        let expected = try Langcodes.standardized(["iw", "pt_br"])
        #expect(run.rows.map(\.language) == [expected["iw"], expected["pt_br"]])
        #expect(run.rows.map(\.displayedTitle) == ["חזרה", "Voltar"])
    }

    /// `text` with the harness's temporary folder taken off the paths in it.
    static func relative(_ text: String) -> String {
        text.replacing(#//\S*chevron-check-[0-9A-F-]+//#, with: "")
    }
}
