import ChevronTestSupport
import Foundation
import Testing

/// `chevron check` for today's iPhone (docs/check.md, "What it answers"): modern on the narrowest
/// listed iPhone by default, how far over each row is, equal looks sharing a line, screens, the
/// substitution margin. Widths by hand: hb-shape in the face fontconfig gives "SF Pro Text",
/// less 0.41 a character, plus modern's 27.41; rooms by the rule of docs/looks.md ("The bar").
struct TodaysIPhoneCheckTests {
    /// Modern's button for a title shown whole: the width it needs (docs/looks.md, "modern").
    static func needed(_ title: String) throws -> Double {
        try CatalogFormatsTests.modernTextWidth(title) + 27 + 0.41
    }

    /// The screen title's width in modern's bar style: Inter at weight 600, less 0.41 a character.
    static func screenTitleWidth(_ text: String) throws -> Double {
        let inter = try ExternalTools.fcMatch("Inter:semibold")
        return try ExternalTools.hbShapeWidth(
            file: inter.file, text: text, size: 17, index: inter.index & 0xFFFF, variations: ["wght=600"])
            - 0.41 * Double(text.count)
    }

    /// Runs `chevron check --local` in a folder of `files`; its result and JSON rows (with `--json`).
    static func check(_ files: [String: String], _ arguments: [String]) throws -> (
        CLITests.Result, [[String: Any]], URL
    ) {
        let folder = try TrustTests.folder(files)
        let result = try CLITests.run("chevron", ["check", "--local"] + arguments, directory: folder)
        let rows = arguments.contains("--json") ? (try CheckTests.reportRows(result.output) ?? []) : []
        return (result, rows, folder)
    }

    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    @Test func aGermanCatalogueWithNoOptionsIsModernOnTheNarrowestIPhone() throws {
        let long = "Einstellungen und Datenschutz für alle Konten"
        let (result, rows, folder) = try Self.check(
            ["de.lproj/Localizable.strings": "\"long.title\" = \"\(long)\";\n\"short.title\" = \"Konto\";\n"],
            ["de.lproj/Localizable.strings", "--json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        #expect(rows.count == 2)
        for row in rows {
            #expect(row["look"] as? String == "modern" && row["device"] as? String == "iphone-se")
            #expect(Self.number(row["maxWidth"]) == (375.0 / 3).rounded(.down))
        }
        let fell = try #require(rows.first { $0["key"] as? String == "long.title" })
        #expect(fell["displayedTitle"] as? String == "Zurück" && fell["titleSource"] as? String == "generic")
        let needed = try Self.needed(long)
        #expect(abs((Self.number(fell["neededWidth"]) ?? 0) - needed) < 0.001)
        #expect(abs((Self.number(fell["overBy"]) ?? 0) - (needed - 125)) < 0.001)
        // A title shown whole carries neither.
        let whole = try #require(rows.first { $0["key"] as? String == "short.title" })
        #expect(whole["neededWidth"] == nil && whole["overBy"] == nil)
        // The text report says the look and device, and how far over the row is.
        let (text, _, other) = try Self.check(
            ["de.lproj/Localizable.strings": "\"long.title\" = \"\(long)\";\n"], ["de.lproj/Localizable.strings"])
        defer { try? FileManager.default.removeItem(at: other) }
        #expect(text.output.contains("in 1 look (modern on iphone-se)"), "\(text.output)")
        #expect(text.output.contains("generic: Zurück (needs "), "\(text.output)")
    }

    @Test func githubAnnotatesTheTenWidestOfElevenFailingRows() throws {
        // Eleven titles too long for 125 points, each a word longer than the one before: the
        // shortest is the one left out.
        let words =
            "Einstellungen für Datenschutz Sicherheit Konten Geräte Mitteilungen Töne Fokus Bildschirm Zeit Akku"
            .split(separator: " ")
        let titles = (1...11).map { words.prefix($0 + 1).joined(separator: " ") }
        let strings = titles.enumerated().map { "\"t\($0.offset)\" = \"\($0.element)\";" }.joined(separator: "\n")
        for title in titles { #expect(try Self.needed(title) > 125, "\(title) must fail") }
        let (result, _, folder) = try Self.check(
            ["de.lproj/Localizable.strings": strings + "\n"],
            ["de.lproj/Localizable.strings", "--format", "github", "--fail-on", "truncate"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 1)
        let errors = result.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(errors.count == 10)
        // The narrowest of the eleven by what it needs is the one not annotated.
        let narrowest = try titles.indices.min { try Self.needed(titles[$0]) < Self.needed(titles[$1]) }!
        #expect(!errors.contains { $0.contains("(t\(narrowest), de)") }, "\(errors)")
        #expect(result.output.contains("::notice title=chevron check::1 more problem is not annotated"))
    }

    @Test func everyDeviceGivesItsOwnRowsAndGroups() throws {
        let (result, rows, folder) = try Self.check(
            ["de.lproj/Localizable.strings": "\"a.title\" = \"Benachrichtigungen\";\n"],
            ["de.lproj/Localizable.strings", "--json", "--device", "all"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        // Apple's widths (docs/looks.md, "Devices"); the room is a third of each, rounded down.
        let widths: [String: Double] = [
            "iphone-se": 375, "iphone-16": 393, "iphone-16-pro": 402, "iphone-16-plus": 430, "iphone-16-pro-max": 440,
            "ipad-mini": 744, "ipad-11": 820, "ipad-pro-13": 1032,
        ]
        #expect(Set(rows.compactMap { $0["device"] as? String }) == Set(widths.keys))
        for row in rows {
            let device = try #require(row["device"] as? String)
            #expect(Self.number(row["maxWidth"]) == (widths[device]! / 3).rounded(.down), "\(device)")
        }
        // "Benachrichtigungen" is whole where a third of the bar holds it, and only there.
        let needed = try Self.needed("Benachrichtigungen")
        for row in rows {
            let device = try #require(row["device"] as? String)
            let whole = row["titleSource"] as? String == "title"
            #expect(whole == (needed <= (widths[device]! / 3).rounded(.down)), "\(device)")
        }
        let json = try CLITests.json(
            try CLITests.run(
                "chevron", ["check", "--local", "de.lproj/Localizable.strings", "--json", "--device", "all"],
                directory: folder
            ).output)
        let groups = ((json["summary"] as? [String: Any])?["languages"] as? [[String: Any]]) ?? []
        #expect(Set(groups.compactMap { $0["look"] as? String }) == Set(widths.keys.map { "modern@\($0)" }))
    }

    @Test func looksThatShowTheSameShareALineAndKeepTheirJSONRows() throws {
        let files = ["titles.txt": "Settings\nA title long enough to be cut in every look of the era\n"]
        let (text, _, folder) = try Self.check(
            files, ["titles.txt", "--look", "classic", "--look", "reeder", "--look", "modern"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = text.output.split(separator: "\n").dropLast()
        #expect(lines.count == 4, "\(text.output)")
        #expect(lines.filter { $0.contains("  classic, reeder  ") }.count == 2, "\(text.output)")
        let json = try CLITests.run(
            "chevron",
            ["check", "--local", "titles.txt", "--look", "classic", "--look", "reeder", "--look", "modern", "--json"],
            directory: folder)
        #expect(try CheckTests.reportRows(json.output)?.count == 6)
    }

    @Test func aBackTitleIsHeldToTheNarrowestRoomOfItsScreens() throws {
        let strings = """
            "settings.back" = "Einstellungen";
            "privacy.title" = "Datenschutz und Sicherheit";
            "general.title" = "Allgemein";
            "about.back" = "Info";

            """
        let project =
            #"{"files": ["de.lproj/Localizable.strings"], "keys": ["*.back"], "screens": {"settings.back": ["general.title", "privacy.title"]}}"#
        let (result, rows, folder) = try Self.check(
            ["de.lproj/Localizable.strings": strings, "chevron-check.json": project],
            ["--config", "chevron-check.json", "--device", "iphone-16-pro-max", "--json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.error)")
        // By hand: the wider screen title leaves the narrower room, (440 − w) / 2 − 6, rounded down.
        let widest = max(
            try Self.screenTitleWidth("Datenschutz und Sicherheit"), try Self.screenTitleWidth("Allgemein"))
        let room = ((440 - widest) / 2 - 6).rounded(.down)
        let settings = try #require(rows.first { $0["key"] as? String == "settings.back" })
        #expect(Self.number(settings["maxWidth"]) == room)
        // A back title with no screen gets a third of the bar, and the summary counts it.
        let about = try #require(rows.first { $0["key"] as? String == "about.back" })
        #expect(Self.number(about["maxWidth"]) == (440.0 / 3).rounded(.down))
        let json = try CLITests.json(result.output)
        #expect((json["summary"] as? [String: Any])?["withoutScreen"] as? Int == 1)
    }

    @Test func aTitleJustUnderItsLimitInASubstitutedFaceIsNearLimit() throws {
        // "Datenschutz" needs about 122.5 of iphone-se's 125: within 5% (6.25 pt) of it.
        let needed = try Self.needed("Datenschutz")
        try #require(needed <= 125 && needed > 125 - 6.25, "the sample must sit inside the margin: \(needed)")
        let files = ["de.lproj/Localizable.strings": "\"a.title\" = \"Datenschutz\";\n\"b.title\" = \"Konto\";\n"]
        let (result, rows, folder) = try Self.check(files, ["de.lproj/Localizable.strings", "--json"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(rows.map { $0["nearLimit"] as? Bool } == [true, false])
        let failing = try CLITests.run(
            "chevron", ["check", "--local", "de.lproj/Localizable.strings", "--fail-on", "near-limit"],
            directory: folder)
        #expect(failing.status == 1)
        #expect(failing.output.contains("near the limit"), "\(failing.output)")
        #expect(
            try CLITests.run(
                "chevron", ["check", "--local", "de.lproj/Localizable.strings", "--fail-on", "any"], directory: folder
            ).status == 0, "near-limit is not part of any")
        // With the look's own family given (a copy named SF Pro Text), nothing is substituted: no margin.
        let fonts = try FontFixtures.folder("chevron-sf")
        defer { try? FileManager.default.removeItem(at: fonts) }
        try FontFixtures.sfProTextCopy(in: fonts)
        let real = try CLITests.run(
            "chevron", ["check", "--local", "de.lproj/Localizable.strings", "--json", "--fonts-dir", fonts.path],
            directory: folder)
        #expect(try CheckTests.reportRows(real.output)?.allSatisfy { $0["nearLimit"] as? Bool == false } == true)
    }

    @Test func everyReportSaysTheLookAndDevice() throws {
        let files = ["de.lproj/Localizable.strings": "\"a.title\" = \"Einstellungen und Datenschutz\";\n"]
        let folder = try TrustTests.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        func run(_ arguments: [String], environment: [String: String]? = nil) throws -> CLITests.Result {
            try CLITests.run(
                "chevron", ["check", "--local", "de.lproj/Localizable.strings"] + arguments, environment: environment,
                directory: folder)
        }
        // Apple's width of the default device, written here.
        let said = "modern on iphone-se (375 pt)"
        let sarif = try CLITests.json(try run(["--format", "sarif"]).output)
        let properties = ((sarif["runs"] as? [[String: Any]])?.first?["properties"] as? [String: Any]) ?? [:]
        #expect(properties["chevronMeasuredFor"] as? String == said)
        // JUnit's suite properties, read by PyPI's junitparser.
        let junit = folder.appendingPathComponent("junit.xml")
        try run(["--format", "junit"]).output.write(to: junit, atomically: true, encoding: .utf8)
        let read = try CLITests.run(
            "python3",
            [
                "-c",
                "import sys, json\nfrom junitparser import JUnitXml\n"
                    + "print(json.dumps([{p.name: p.value for p in s.properties()} for s in JUnitXml.fromfile(sys.argv[1])]))",
                junit.path,
            ])
        let suites = try #require(try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [[String: String]])
        #expect(suites == [["look": "modern", "device": "iphone-se"]], "\(read.output)\(read.error)")
        // GitHub's job summary and the html page say it in words.
        let summary = folder.appendingPathComponent("summary.md")
        _ = try run(["--format", "github"], environment: ["GITHUB_STEP_SUMMARY": summary.path])
        #expect(try String(contentsOf: summary, encoding: .utf8).contains("Measured for \(said)."))
        _ = try run(["--output", "html=report"])
        let page = try String(contentsOf: folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("Measured for \(said)."))
    }
}
