import ChevronCheck
import ChevronClient
import ChevronJSON
import ChevronTestSupport
import Foundation
import Synchronization
import Testing

/// The HTML report's writer (`CheckHTML`): what a catalogue's text becomes in the page, how many
/// pictures it draws and what it refuses. The page in a browser is HTMLReportBrowserTests'.
struct CheckHTMLTests {
    /// Counts the Render calls it passes on to the in-process engine.
    final class CountingRenderer: Sendable {
        let calls = Mutex(0)

        var renderer: CheckHTMLPictures.Renderer {
            { [self] request in
                calls.withLock { $0 += 1 }
                return try await CheckHarness.client.render(request)
            }
        }
    }

    /// Checks `files` as `chevron check --local` does (`configure` changes the plan), then makes
    /// the report with `options` and `renderer`.
    static func report(
        _ files: [String: String], options: CheckHTML.Options = CheckHTML.Options(),
        renderer: CountingRenderer = CountingRenderer(), _ configure: (inout CheckPlan) -> Void = { _ in }
    ) async throws -> (CheckRun, CheckHTML.Report) {
        let folder = try CheckHarness.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = CheckPlan()
        plan.files = files.keys.sorted().map { folder.appendingPathComponent($0).path }
        configure(&plan)
        let run = try await CheckRun(plan, clients: [CheckHarness.client])
        let report = try await CheckHTML.make(run, plan: plan, options: options, renderers: [renderer.renderer])
        return (run, report)
    }

    /// The page's JSON data (the `report-data` element), read by Foundation.
    static func data(_ page: String) throws -> [String: Any] {
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"report-data\">"))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let text = String(page[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func titles(_ page: String) throws -> [[String: Any]] {
        try #require(try data(page)["titles"] as? [[String: Any]])
    }

    /// How many times `needle` occurs in `text`, ignoring case.
    static func occurrences(of needle: String, in text: String) -> Int {
        text.lowercased().components(separatedBy: needle.lowercased()).count - 1
    }

    /// Titles with markup, quotes, `</script>` and bidirectional controls: the page's markup is
    /// only its own (two script elements, each closed once), and the data gives every title
    /// back byte for byte.
    @Test func aCatalogueCannotWriteMarkupIntoThePage() async throws {
        let evil = [
            "</script><script>alert(1)</script>",
            "<img src=x onerror=alert(2)> & \"quotes\" 'single'",
            "Zur\u{FC}ck \u{202E}txet desrever\u{202C} <!-- comment",
            "\u{2066}isolated\u{2069} </SCRIPT > \u{2028}line",
        ]
        var strings = ""
        for (index, title) in evil.enumerated() {
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            strings += "\"evil\(index)<b>\" = \"\(escaped) and a long tail that no back button can hold\";\n"
        }
        // A file whose name has markup: its path is in the page's notes (no language).
        let (run, report) = try await Self.report(["x<y>&.strings": strings]) { $0.looks = ["classic"] }
        #expect(run.rows.count == evil.count && run.rows.allSatisfy { !$0.problems.isEmpty })
        let page = report.page
        #expect(Self.occurrences(of: "<script", in: page) == 2, "the data and the script, nothing else")
        #expect(Self.occurrences(of: "</script", in: page) == 2)
        #expect(Self.occurrences(of: "<!--", in: page) == 0)
        #expect(!page.contains("<img"), "no picture is in the markup: the script makes them")
        #expect(page.contains("\\u003cimg src=x onerror=alert(2)\\u003e"), "in the data, as a string")
        #expect(!page.contains("\u{202E}") && !page.contains("\u{2066}"), "a bidi control only as an escape")
        // Every title comes back as it was; its marked form names each control.
        let titles = try Self.titles(page)
        #expect(titles.count == evil.count)
        for (title, expected) in zip(titles, evil) {
            #expect(title["t"] as? String == expected + " and a long tail that no back button can hold")
            #expect((title["k"] as? String)?.hasSuffix("<b>") == true)
        }
        let marked = try #require(titles[2]["tm"] as? [Any])
        #expect(marked.contains { ($0 as? [String]) == ["RLO", "U+202E RIGHT-TO-LEFT OVERRIDE"] }, "\(marked)")
        #expect(marked.contains { ($0 as? [String]) == ["PDF", "U+202C POP DIRECTIONAL FORMATTING"] }, "\(marked)")
        let isolated = try #require(titles[3]["tm"] as? [Any])
        #expect(isolated.contains { ($0 as? [String]) == ["LS", "U+2028 LINE SEPARATOR"] }, "\(isolated)")
        #expect(titles[0]["tm"] == nil, "a title without a control has no marked form")
        // The static text (the note naming the file) is escaped too.
        #expect(page.contains("x&lt;y&gt;&amp;.strings"))
        #expect(!page.contains("x<y>&.strings"))
    }

    /// The escapes themselves, character by character.
    @Test func htmlTextEscapesMarkupAndShowsControls() {
        #expect(HTMLText.escaped("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTMLText.escaped("nul\u{0}bell\u{7}c1\u{85}") == "nul\u{FFFD}bell\u{FFFD}c1\u{FFFD}")
        #expect(HTMLText.escaped("plain text, \u{65E5}\u{672C}") == "plain text, \u{65E5}\u{672C}")
        #expect(
            HTMLText.shown("a\u{202E}b<")
                == "a<span class=\"ctl\" title=\"U+202E RIGHT-TO-LEFT OVERRIDE\">RLO</span>b&lt;")
        #expect(HTMLText.shown("x\ny") == "x<span class=\"ctl\" title=\"U+000A LINE FEED\">\u{21B5}</span>y")
        #expect(HTMLText.shown("\u{1}") == "<span class=\"ctl\" title=\"U+0001 CONTROL\">U+1</span>")
        // The page's data: strings that cannot end the script element, the writer's commas and
        // brackets, and a line break only where asked for.
        var json = JSONTextWriter(htmlSafe: true)
        json.object { json in
            json.member("t", "</script><!--\u{2028}\"\\")
            json.member("c") { json in
                json.array([1, 2]) { json, number in
                    json.lineBreakBeforeNext()
                    json.value(number)
                }
            }
            json.member("tab\t", 0.5)
        }
        #expect(json.text == #"{"t":"\u003c/script\u003e\u003c!--\u2028\"\\","c":[1,"# + "\n" + #"2],"tab\t":0.5}"#)
        #expect(
            HTMLText.percentEncoded("de.lproj/Local izable.strings", keepingSlashes: true)
                == "de.lproj/Local%20izable.strings")
        #expect(HTMLText.percentEncoded("a/\u{FC}#") == "a%2F%C3%BC%23")
    }

    /// Thirty long titles that classic cuts and modern replaces with its generic title, and one
    /// title under five keys: modern's "Zurück" (German's generic title) is drawn once for all thirty, the shared title once
    /// for its five rows; each picture is a file of its own named by a hash of what it shows.
    @Test func aPictureIsDrawnOnceForEveryRowThatShowsIt() async throws {
        var strings = ""
        for index in 0..<30 {
            strings += "\"long\(index)\" = \"Benachrichtigungseinstellungen f\u{FC}r Gruppe \(index) und mehr\";\n"
        }
        for index in 0..<5 { strings += "\"shared\(index)\" = \"Datenschutzeinstellungen und Sicherheit\";\n" }
        let renderer = CountingRenderer()
        let (run, report) = try await Self.report(["de.lproj/Localizable.strings": strings], renderer: renderer) {
            $0.looks = ["classic", "modern"]
        }
        #expect(run.rows.count == 70)
        let modern = run.rows.filter { $0.look == "modern" }
        #expect(modern.allSatisfy { $0.titleSource == "generic" && $0.displayedTitle == "Zurück" })
        let classic = run.rows.filter { $0.look == "classic" }
        let distinctClassic = Set(classic.map { "\($0.displayedTitle)\u{0}\($0.width ?? 0)" }).count
        #expect(distinctClassic < 35, "the five shared rows show one title")
        #expect(report.listedRows == 70)
        #expect(report.pictures.count == distinctClassic + 1)
        #expect(renderer.calls.withLock { $0 } == report.pictures.count, "one Render call per picture")
        // Every modern button of the page points at the same picture.
        let titles = try Self.titles(report.page)
        let modernPictures = Set(
            titles.flatMap { ($0["c"] as? [[String: Any]]) ?? [] }.filter { $0["o"] as? Int == 1 }.compactMap {
                $0["i"] as? Int
            })
        #expect(modernPictures.count == 1)
        // Written out: a file per picture, named by 32 hexadecimal digits, as the page says.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-html-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try CheckHTML.write(report, folder: folder.path)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("buttons").path)
        #expect(files.count == report.pictures.count)
        #expect(files.allSatisfy { $0.count == 36 && $0.hasSuffix(".png") && $0.dropLast(4).allSatisfy(\.isHexDigit) })
        let sources = try #require(try Self.data(report.page)["pictures"] as? [[Any]]).compactMap {
            $0.first as? String
        }
        #expect(Set(sources) == Set(files.map { "buttons/" + $0 }))
        // The same report again names its pictures the same: the hash has no seed.
        let (_, again) = try await Self.report(["de.lproj/Localizable.strings": strings]) {
            $0.looks = ["classic", "modern"]
        }
        #expect(Set(again.pictures.map(\.name)) == Set(report.pictures.map(\.name)))
        // A picture of an earlier report that this one does not show goes; other files stay.
        let stale = folder.appendingPathComponent("buttons/0123456789abcdef0123456789abcdef.png")
        let mine = folder.appendingPathComponent("buttons/notes.txt")
        try Data([1]).write(to: stale)
        try Data([2]).write(to: mine)
        try CheckHTML.write(again, folder: folder.path)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: mine.path))
    }

    /// A self-contained page holds each picture once as a data: URI, and refuses past its limit,
    /// naming it.
    @Test func aSelfContainedPageInlinesEachPictureOnceUpToItsLimit() async throws {
        var strings = ""
        for index in 0..<6 { strings += "\"k\(index)\" = \"\(index). Einstellungen f\u{FC}r das Konto hier\";\n" }
        for index in 0..<6 { strings += "\"same\(index)\" = \"Zur\u{FC}ck zu allen Einstellungen und Konten\";\n" }
        let files = ["de.lproj/Localizable.strings": strings]
        var options = CheckHTML.Options()
        options.selfContained = true
        let (run, report) = try await Self.report(files, options: options) { $0.looks = ["classic"] }
        #expect(report.pictures.isEmpty, "nothing to write beside the page")
        #expect(report.listedRows == 12)
        let distinct = Set(run.rows.map { "\($0.displayedTitle)\u{0}\($0.width ?? 0)" }).count
        #expect(distinct == 7, "six titles and one shared by six keys")
        let sources = try #require(try Self.data(report.page)["pictures"] as? [[Any]]).compactMap {
            $0.first as? String
        }
        #expect(sources.count == distinct && sources.allSatisfy { $0.hasPrefix("data:image/png;base64,") })
        #expect(Self.occurrences(of: "data:image/png;base64,", in: report.page) == distinct)
        #expect(!report.page.contains("buttons/"))

        options.selfContainedLimit = report.pictureBytes - 1
        await #expect {
            _ = try await Self.report(files, options: options) { $0.looks = ["classic"] }
        } throws: { error in
            let message = (error as? CheckHTML.Failure)?.description ?? ""
            return message.contains("--self-contained") && message.contains("MiB") && message.contains("-o DIR")
        }
        #expect(CheckHTML.selfContainedLimit == 20 << 20)
    }

    /// Past the limit on pictures, each language and look has its worst rows drawn first; the
    /// others keep their title as text, and the page says how many.
    @Test func theLimitOnPicturesDrawsTheWorstRowsOfEachLanguageAndLookFirst() async throws {
        let files = [
            "de.lproj/Localizable.strings":
                "\"a\" = \"Einstellungen und mehr\";\n\"b\" = \"Benachrichtigungseinstellungen und Datenschutz f\u{FC}r alle\";\n",
            "fr.lproj/Localizable.strings":
                "\"a\" = \"Param\u{E8}tres de confidentialit\u{E9} et de notifications\";\n\"b\" = \"R\u{E9}glages de la messagerie\";\n",
        ]
        var options = CheckHTML.Options()
        options.pictureLimit = 2
        let renderer = CountingRenderer()
        let (run, report) = try await Self.report(files, options: options, renderer: renderer) {
            $0.looks = ["classic"]
        }
        let listed = run.rows.indices.filter { !run.rows[$0].problems.isEmpty }
        #expect(renderer.calls.withLock { $0 } == 2)
        #expect(report.pictures.count == 2 && report.undrawn == listed.count - 2)
        // The widest overflow of each language is drawn.
        let cells = try Self.titles(report.page).flatMap { ($0["c"] as? [[String: Any]]) ?? [] }
        for language in ["de", "fr"] {
            let rows = listed.filter { run.rows[$0].language == language }
            guard let worst = rows.max(by: { run.rows[$0].overBy < run.rows[$1].overBy }) else { continue }
            let cell = try #require(cells.first { $0["r"] as? Int == worst })
            #expect(cell["i"] != nil, "\(language): its worst row has a picture")
            for other in rows where other != worst {
                let undrawn = try #require(cells.first { $0["r"] as? Int == other })
                #expect(undrawn["i"] == nil && undrawn["v"] as? String == run.rows[other].displayedTitle)
            }
        }
        #expect(report.page.contains("--html-pictures"))
    }

    /// Rows without a problem are counted, not listed, unless asked for; the titles with a
    /// problem list only their looks with one.
    @Test func passingRowsAreCountedNotListedUnlessAskedFor() async throws {
        let files = [
            "de.lproj/Localizable.strings":
                "\"ok\" = \"Fotos\";\n\"long\" = \"Ein sehr langer Titel, der nicht passt\";\n"
        ]
        let (run, report) = try await Self.report(files) { $0.looks = ["classic", "instagram"] }
        let titles = try Self.titles(report.page)
        let problems = run.rows.filter { !$0.problems.isEmpty }
        #expect(titles.count == 1 && titles[0]["k"] as? String == "long")
        #expect((titles[0]["c"] as? [Any])?.count == problems.count)
        #expect(report.page.contains("1 title show whole in every look: counted, not listed"))
        var options = CheckHTML.Options()
        options.listPassing = true
        let (_, all) = try await Self.report(files, options: options) { $0.looks = ["classic", "instagram"] }
        let every = try Self.titles(all.page)
        #expect(every.count == 2 && every.allSatisfy { ($0["c"] as? [Any])?.count == 2 })
    }

    /// No title is given a direction by its language: the page lets each take its own text's
    /// (`dir="auto"`), so English in a Hebrew file reads left to right. The browser test
    /// (`html_report_check.py`) reads the direction each title is laid out in.
    @Test func titlesTakeTheDirectionOfTheirOwnText() async throws {
        let files = [
            "ar.lproj/Localizable.strings":
                "\"t\" = \"\u{627}\u{644}\u{625}\u{639}\u{62F}\u{627}\u{62F}\u{627}\u{62A} \u{627}\u{644}\u{62E}\u{627}\u{635}\u{629} \u{628}\u{627}\u{644}\u{625}\u{634}\u{639}\u{627}\u{631}\u{627}\u{62A} \u{648}\u{627}\u{644}\u{62E}\u{635}\u{648}\u{635}\u{64A}\u{629}\";\n",
            "he.lproj/Localizable.strings":
                "\"t\" = \"\u{5D4}\u{5D2}\u{5D3}\u{5E8}\u{5D5}\u{5EA} \u{5D4}\u{5EA}\u{5E8}\u{5D0}\u{5D5}\u{5EA} \u{5D5}\u{5E4}\u{5E8}\u{5D8}\u{5D9}\u{5D5}\u{5EA} \u{5E9}\u{5DC} \u{5D4}\u{5D7}\u{5E9}\u{5D1}\u{5D5}\u{5DF}\";\n",
            "de.lproj/Localizable.strings": "\"t\" = \"Benachrichtigungseinstellungen und Datenschutz\";\n",
        ]
        var options = CheckHTML.Options()
        options.listPassing = true
        let (_, report) = try await Self.report(files, options: options) { $0.looks = ["classic"] }
        let titles = try Self.titles(report.page)
        #expect(titles.count == 3)
        #expect(titles.allSatisfy { $0["d"] == nil })
        #expect(report.page.contains("full.dir = 'auto';"))
    }
}

/// A report folder takes each picture as it is drawn: with every picture asked for, the report
/// holds the pictures in flight, not all of them.
struct PicturesWrittenAsDrawnTests {
    @Test func picturesAreOnDiskBeforeTheLastIsDrawn() async throws {
        let titles = (0..<40).map { "\"t\($0)\" = \"\($0) Datenschutz und Sicherheitseinstellungen\";" }
        let folder = try CheckHarness.folder(["de.lproj/Localizable.strings": titles.joined(separator: "\n")])
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = CheckPlan()
        plan.files = [folder.appendingPathComponent("de.lproj/Localizable.strings").path]
        plan.looks = ["classic"]
        let run = try await CheckRun(plan, clients: [CheckHarness.client])
        let output = folder.appendingPathComponent("report")
        let buttons = output.appendingPathComponent("buttons").path
        // At each Render call, how many pictures are in buttons/ already and how many were asked.
        let seen = Mutex<[(asked: Int, onDisk: Int)]>([])
        let renderer: CheckHTMLPictures.Renderer = { request in
            let onDisk =
                (try? FileManager.default.contentsOfDirectory(atPath: buttons))?.filter { $0.hasSuffix(".png") }.count
                ?? 0
            seen.withLock { $0.append(($0.count + 1, onDisk)) }
            return try await CheckHarness.client.render(request)
        }
        var options = CheckHTML.Options()
        options.pictureLimit = nil
        let target = try CheckHTML.Folder(output.path)
        let report = try await CheckHTML.make(run, plan: plan, options: options, renderers: [renderer], folder: target)
        #expect(report.pictures.count == 40 && report.pictures.allSatisfy { $0.png.isEmpty })
        // By hand: at most 4 calls are in flight for one renderer, so when the k-th is asked at
        // least k − 1 − 4 pictures are written.
        for call in seen.withLock({ $0 }) { #expect(call.onDisk >= call.asked - 1 - 4, "\(call)") }
        try target.finish(report)
        #expect(try FileManager.default.contentsOfDirectory(atPath: buttons).count == 40)
    }
}
