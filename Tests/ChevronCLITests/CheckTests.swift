import ChevronTestSupport
import Foundation
import Testing

/// `chevron check` over every input format, its verdicts and its refusals (with --local: the
/// daemon path is compared with it in ClientModeTests).
struct CheckTests {
    /// The rows of a `check --json` report (an object with "rows" and "summary").
    static func reportRows(_ output: String) throws -> [[String: Any]]? {
        let report = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        return report?["rows"] as? [[String: Any]]
    }

    static let samples = DaemonProcess.packageRoot.appendingPathComponent("Tests/samples")

    static func rows(_ file: String, _ extra: [String] = []) throws -> (CLITests.Result, [[String: Any]]) {
        // Written against classic's widths: classic unless a test names a look (the default is modern).
        let look = extra.contains("--look") ? [] : ["--look", "classic"]
        let result = try CLITests.run(
            "chevron", ["check", samples.appendingPathComponent(file).path, "--json", "--local"] + look + extra)
        guard result.status == 0 || result.status == 1 else { return (result, []) }
        let rows = try #require(try CheckTests.reportRows(result.output))
        return (result, rows)
    }

    static func keysAndLines(_ rows: [[String: Any]]) -> [String] {
        rows.map { "\($0["line"] as? Int ?? 0) \($0["key"] as? String ?? "") \($0["title"] as? String ?? "")" }
    }

    @Test func readsAppleStringsWithCommentsAndEscapes() throws {
        let (result, rows) = try Self.rows("Localizable.strings")
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.keysAndLines(rows) == [
                "2 settings.title Settings", "5 privacy.title Datenschutz und Sicherheitseinstellungen",
                "6 quote.title Say \"Hi\"", "8 unicode.title Café 😀",
            ])
        for key in ["file", "line", "key", "title", "look", "width", "truncated", "displayedTitle", "titleSource"] {
            #expect(rows.first?[key] != nil, "missing \(key)")
        }
        // docs/looks.md, "classic": max(textWidth + 20, 43), widths from hb-shape on the same font.
        let text = try ExternalTools.hbShapeWidth(
            file: ClientModeTests.helveticaBold, text: "Settings", size: 12, features: ["-kern"])
        #expect(rows[0]["width"] as? Double == max(text + 20, 43).rounded(.up))
        #expect(rows[1]["truncated"] as? Bool == true)
        #expect((rows[1]["displayedTitle"] as? String)?.hasSuffix("…") == true)
    }

    @Test func readsUTF16Strings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Localizable.strings")
        try "\"back\" = \"Zurück\";\n".write(to: file, atomically: true, encoding: .utf16)
        let result = try CLITests.run("chevron", ["check", file.path, "--json", "--local"])
        let rows = try #require(try CheckTests.reportRows(result.output))
        #expect(Self.keysAndLines(rows) == ["1 back Zurück"])
    }

    @Test func readsStringCatalogsEveryLanguage() throws {
        let (result, rows) = try Self.rows("Localizable.xcstrings")
        #expect(result.status == 0, "\(result.error)")
        // Lines counted in the sample by hand: a localisation's row is at its "value" line (a
        // key's own text, for the source language it lacks, at the key); variations get a row per
        // form; %lld is measured with its sample, 128, and in a plural form with a number of its
        // category (German one: 1).
        #expect(
            Self.keysAndLines(rows) == [
                "4 %lld items (en) 128 items", "12 %lld items (de, plural one) 1 Objekt",
                "18 %lld items (de, plural other) 128 Objekte", "31 Inbox (de) Posteingang", "37 Inbox (en) Inbox",
                "42 Settings (en) Settings",
            ])
    }

    @Test func readsAndroidStringsWithEscapes() throws {
        let (result, rows) = try Self.rows("strings.xml")
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.keysAndLines(rows) == [
                "3 settings_title Settings", "5 back_title Don't go",
                "6 privacy_title Datenschutz und Sicherheitseinstellungen", "7 loading_title Loading…",
                // CDATA's <b> is markup Android draws: the text shown is measured.
                "8 markup_title Bold", "9 spaced_title Two lines",
            ])
        #expect(rows[4]["template"] as? String == "<b>Bold</b>" && rows[4]["styled"] as? Bool == true)
    }

    @Test func readsCSVWithQuotesAndPlainLines() throws {
        let (csv, csvRows) = try Self.rows("titles.csv")
        #expect(csv.status == 0)
        #expect(
            Self.keysAndLines(csvRows) == [
                "2 settings Settings", "3 quoted Back, then \"forward\"",
                "4 privacy Datenschutz und Sicherheitseinstellungen",
            ])
        let (text, textRows) = try Self.rows("titles.txt")
        #expect(text.status == 0)
        #expect(Self.keysAndLines(textRows) == ["1 1 Settings", "3 3 Inbox"])
    }

    @Test func windowsLineEndsSplitLinesAndCSVRecords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Settings\r\nInbox\r\n".write(
            to: folder.appendingPathComponent("crlf.txt"), atomically: true, encoding: .utf8)
        try "a,\"Two\r\nlines\"\r\nb,Inbox\r\n".write(
            to: folder.appendingPathComponent("crlf.csv"), atomically: true, encoding: .utf8)
        for (file, expected) in [
            ("crlf.txt", ["1 1 Settings", "2 2 Inbox"]), ("crlf.csv", ["1 a Two\nlines", "3 b Inbox"]),
        ] {
            let result = try CLITests.run(
                "chevron", ["check", folder.appendingPathComponent(file).path, "--json", "--local"])
            let rows = try #require(
                try CheckTests.reportRows(result.output))
            #expect(Self.keysAndLines(rows) == expected, "\(file)")
        }
    }

    @Test func everyLookGivesARowPerTitle() throws {
        let (_, rows) = try Self.rows("titles.txt", ["--look", "all"])
        #expect(rows.count == 2 * 6)
        #expect(Set(rows.compactMap { $0["look"] as? String }).count == 6)
    }

    @Test func failOnTruncateAndFallbackExitOne() throws {
        // Classic truncates the long title: a truncation, not a fallback.
        #expect(try Self.rows("titles.csv", ["--fail-on", "truncate"]).0.status == 1)
        #expect(try Self.rows("titles.csv", ["--fail-on", "fallback"]).0.status == 0)
        // Modern falls back to "Back" (fallback policy): both fail.
        #expect(try Self.rows("titles.csv", ["--look", "modern", "--fail-on", "fallback"]).0.status == 1)
        // Short titles pass both.
        #expect(try Self.rows("titles.txt", ["--fail-on", "truncate"]).0.status == 0)
    }

    @Test(
        "a malformed file is reported as FILE:LINE: reason with exit 2",
        arguments: [
            ("broken.strings", Array("\"a\" = \"A\";\n\"b\" = \"B\"\n\"c\" = \"C\";\n".utf8), 3, "expected \";\""),
            (
                "broken.xml",
                Array("<resources>\n<string name=\"a\">A</string>\n<string name=\"b\">B</strin>\n</resources>\n".utf8),
                3,
                "not well-formed XML"
            ),
            ("nameless.xml", Array("<resources>\n\n<string>A</string>\n</resources>\n".utf8), 3, "no name attribute"),
            ("columns.csv", Array("key,title\na,A\nb,B,extra\n".utf8), 3, "has 3 columns"),
            ("latin1.txt", Array("Settings\nInbox\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x0A], 3, "is not UTF-8"),
            ("catalog.xcstrings", Array("{\n  \"strings\": {\n    \"a\": \n}\n".utf8), 4, "is not valid JSON"),
        ])
    func malformedFilesNameTheLine(name: String, bytes: [UInt8], line: Int, reason: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        let result = try CLITests.run("chevron", ["check", file.path, "--local"])
        #expect(result.status == 2)
        #expect(result.error.contains("\(file.path):\(line): "), "\(result.error)")
        #expect(result.error.contains(reason), "\(result.error)")
    }

    @Test func aProgressBarIsDrawnOnATerminalOnly() throws {
        let file = Self.samples.appendingPathComponent("titles.csv").path
        let chevron = CLITests.binaryDirectory.appendingPathComponent("chevron").path
        // script(1) gives the command a terminal; the table goes to /dev/null, the bar to the terminal.
        let terminal = try #require(
            try ExternalTools.run("script", ["-qec", "\(chevron) check \(file) --local > /dev/null", "/dev/null"]))
        #expect(terminal.contains("] 3/3"))
        let piped = try CLITests.run("chevron", ["check", file, "--local"])
        #expect(!piped.error.contains("]"))
    }

    /// A table long enough to be built in slices side by side (20,000 rows or more a slice)
    /// keeps its rows in file order, its columns aligned and each row's own place and key,
    /// including across a slice that begins in the middle of an entry's looks.
    @Test func aLongTableKeepsItsOrderAndColumns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("long.txt")
        // Nine titles over and over: 27 questions, 45,003 rows (three looks).
        let count = 15_001
        try (0..<count).map { "Title \($0 % 9 + 1)" }.joined(separator: "\n").write(
            to: file, atomically: true, encoding: .utf8)
        // Three looks that never show the same (classic and reeder would share a line).
        let looks = ["classic", "instagram", "modern"]
        let result = try CLITests.run(
            "chevron", ["check", file.path, "--local"] + looks.flatMap { ["--look", $0] })
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map(String.init).dropLast()  // the summary
        #expect(lines.count == count * looks.count)
        // By hand: the place column is as wide as the longest place, the key (a .txt line's
        // number) as wide as the longest number, the look as wide as "instagram".
        let placeWidth = "\(file.path):\(count)".count
        let keyWidth = "\(count)".count
        var widthColumns: [String: String] = [:]
        for (index, line) in lines.enumerated() {
            let number = index / looks.count + 1
            let look = looks[index % looks.count]
            let place = "\(file.path):\(number)"
            let key = "\(number)"
            let start =
                place + String(repeating: " ", count: placeWidth - place.count) + "  " + key
                + String(repeating: " ", count: keyWidth - key.count) + "  " + look
                + String(repeating: " ", count: "instagram".count - look.count) + "  "
            guard line.hasPrefix(start), line.hasSuffix("  full title") else {
                Issue.record("line \(index): \(line)")
                break
            }
            // The width column of a title and look is the same wherever the title repeats.
            let width = String(line.dropFirst(start.count).dropLast("  full title".count))
            let title = "\((number - 1) % 9 + 1) \(look)"
            #expect(widthColumns[title, default: width] == width, "line \(index)")
            widthColumns[title] = width
        }
        #expect(widthColumns.count == 27)
    }

    /// Many titles through SizeMany batches, in order (speed is measured by scripts, not here).
    @Test func manyTitlesComeBackInFileOrder() throws {
        let daemon = try DaemonProcess()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("many.txt")
        let count = 5_500  // several batches of 1,000, the last one partial
        try (0..<count).map { "Title \($0)" }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try CLITests.run("chevron", ["check", file.path, "--json", "--socket", daemon.socketPath])
        #expect(result.status == 0)
        let rows = try #require(try CheckTests.reportRows(result.output))
        #expect(rows.count == count)
        #expect(rows.map { $0["displayedTitle"] as? String } == (0..<count).map { "Title \($0)" })
        #expect(rows.map { $0["line"] as? Int } == (1...count).map { $0 })
    }
}
