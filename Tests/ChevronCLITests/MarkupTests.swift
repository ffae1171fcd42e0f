import ChevronTestSupport
import Foundation
import Testing

/// Markup is measured as shown: SwiftUI's Markdown in Apple catalogues (against PyPI's
/// markdown-it-py, `Tests/python/markdown_shown.py`) and Android's HTML tags and CDATA (against
/// the text worked out by hand), each width against hb-shape's of the text shown.
struct MarkupTests {
    /// Titles as catalogues write them: bold around a placeholder, links, code, emphasis, and what
    /// CommonMark leaves as written (an underscore within a word, a spaced star, a bold run whose
    /// closing follows a space, a backslash escape).
    static let markdown = [
        "Gefolgt von **%@**", "Mit **Vorsicht** fortfahren",
        "Lies die [Nutzungsbedingungen](https://example.com/terms)",
        "Öffne `Einstellungen` > `Konten`", "*kursiv* und __fett__ und _schräg_", "~~alt~~ neu", "snake_case_name",
        "2 * 3 * 4", "**x **", "\\*kein Stern\\*", "***beides***", "*a **b** c*", "foo*bar*baz", "[a [b] c](u)",
        "<https://example.com>", "``a ` b``", "[x]", "a [b](c d) e", "Zeile eins\nZeile **zwei**", "Ohne Markup",
    ]

    /// `.strings` text for `titles`, keyed `t0`, `t1`, ….
    static func strings(_ titles: [String]) -> String {
        titles.enumerated().map { index, title in
            let escaped = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\""
            )
            .replacingOccurrences(of: "\n", with: "\\n")
            return "\"t\(index)\" = \"\(escaped)\";"
        }.joined(separator: "\n") + "\n"
    }

    /// markdown-it-py's text and styling of each title.
    static func witness(_ titles: [String]) throws -> [(String, Bool)] {
        let input = String(decoding: try JSONSerialization.data(withJSONObject: titles), as: UTF8.self)
        let script = DaemonProcess.packageRoot.appendingPathComponent("Tests/python/markdown_shown.py").path
        let result = try CLITests.run("python3", [script], input: input)
        try #require(result.status == 0, "\(result.error)")
        let pairs = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[Any]])
        return pairs.map { ($0[0] as? String ?? "", $0[1] as? Bool ?? false) }
    }

    @Test func swiftUIMarkdownIsMeasuredAsShown() throws {
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": Self.strings(Self.markdown)])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.lproj/Localizable.strings").path
        let (result, rows) = try CatalogFormatsTests.rows([file])
        #expect(result.status == 0, "\(result.error)")
        let expected = try Self.witness(Self.markdown)
        #expect(rows.count == Self.markdown.count)
        // A placeholder is then filled with its sample (`%@`: "Alex Smith").
        func filled(_ text: String) -> String { text.replacingOccurrences(of: "%@", with: "Alex Smith") }
        for (row, (written, (text, styled))) in zip(rows, zip(Self.markdown, expected)) {
            #expect(row["title"] as? String == filled(text), "\(written)")
            #expect((row["styled"] as? Bool ?? false) == styled, "\(written): styled")
            #expect(
                row["template"] as? String == (filled(text) == written ? nil : written), "\(written): as written")
            // A title with a line break is measured by its first line; a cut one at the limit.
            guard !text.contains("\n"), row["truncated"] as? Bool == false else { continue }
            #expect(
                row["width"] as? Double == (try CatalogFormatsTests.classicWidth(filled(text))), "\(written): width")
        }
        #expect(rows.filter { $0["truncated"] as? Bool == false }.count >= 15)
        // Measured as written, markers included.
        let (_, none) = try CatalogFormatsTests.rows([file, "--markup", "none"])
        #expect(none.map { $0["title"] as? String } == Self.markdown.map(filled))
        #expect(none.allSatisfy { $0["styled"] == nil })
        #expect(none[5]["width"] as? Double == (try CatalogFormatsTests.classicWidth("~~alt~~ neu")))
    }

    /// Android: tags in the string and in CDATA are taken out, a `<` that starts no tag Android
    /// knows is text, and `<br>` is a line break.
    @Test func androidHTMLIsMeasuredAsShown() throws {
        let xml = """
            <resources>
            <string name="bold"><b>Fett</b> und <i>kursiv</i></string>
            <string name="font">Nur <font color="#ff0000">rot</font> und <u>unterstrichen</u></string>
            <string name="cdata"><![CDATA[<b>Neu</b> laden]]></string>
            <string name="literal">Schlüssel: <![CDATA[<kein Name>]]></string>
            <string name="plain">Posteingang</string>
            <string name="break">Oben<br/>unten</string>
            </resources>
            """
        let folder = try TrustTests.folder(["res/values-de/strings.xml": xml])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("res/values-de/strings.xml").path
        let (result, rows) = try CatalogFormatsTests.rows([file])
        #expect(result.status == 0, "\(result.error)")
        // By hand: each title's text with its tags taken out.
        let expected: [(String, Bool)] = [
            ("Fett und kursiv", true), ("Nur rot und unterstrichen", true), ("Neu laden", true),
            ("Schlüssel: <kein Name>", false), ("Posteingang", false), ("Oben\nunten", false),
        ]
        #expect(rows.count == expected.count)
        for (row, (text, styled)) in zip(rows, expected) {
            #expect(row["title"] as? String == text, "\(row["key"] ?? "")")
            #expect((row["styled"] as? Bool ?? false) == styled, "\(row["key"] ?? ""): styled")
            guard !text.contains("\n") else {
                #expect(row["lineBreak"] as? Bool == true)
                continue
            }
            guard row["truncated"] as? Bool == false else { continue }
            #expect(row["width"] as? Double == (try CatalogFormatsTests.classicWidth(text)), "\(text): width")
        }
        #expect(rows[0]["template"] as? String == "<b>Fett</b> und <i>kursiv</i>")
        let (_, none) = try CatalogFormatsTests.rows([file, "--markup", "none"])
        #expect(none.first?["title"] as? String == "<b>Fett</b> und <i>kursiv</i>")
        #expect(none[2]["title"] as? String == "<b>Neu</b> laden")
    }

    /// XLIFF exported by Xcode (its `<file original>` an Apple catalogue) is SwiftUI's; other
    /// XLIFF is measured as written.
    @Test func xliffFromXcodeReadsMarkdown() throws {
        func xliff(_ original: String) -> String {
            """
            <xliff version="1.2"><file original="\(original)" source-language="en" target-language="de"><body>
            <trans-unit id="a"><source>**Bold**</source><target>**Fett**</target></trans-unit>
            </body></file></xliff>
            """
        }
        let folder = try TrustTests.folder([
            "apple.xliff": xliff("App/en.lproj/Localizable.strings"), "other.xliff": xliff("web/messages.json"),
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (_, rows) = try CatalogFormatsTests.rows([
            folder.appendingPathComponent("apple.xliff").path, folder.appendingPathComponent("other.xliff").path,
        ])
        #expect(rows.map { $0["title"] as? String } == ["Fett", "**Fett**"])
    }
}
