import ChevronTestSupport
import Foundation
import Testing

/// `chevron sheet` selects titles as `chevron check` does (--key, --titles, --only-language),
/// draws only those not shown whole with --failing-only, and labels each row with its key.
@Suite(.serialized)
struct SheetSelectionTests {
    static let files = [
        "de.lproj/Localizable.strings": """
        "settings.title" = "Einstellungen";
        "privacy.title" = "Benachrichtigungseinstellungen und Datenschutz";
        "inbox.title" = "Posteingang";
        "archive.label" = "Archiv";

        """,
        "titles.txt": "# the back-button titles\n*.title\n",
    ]

    static func sheet(_ arguments: [String], in folder: URL) throws -> CLITests.Result {
        try CLITests.run("chevron", ["sheet", "--local", "--look", "classic"] + arguments, directory: folder)
    }

    /// The number of titles a sheet's line says it drew (`N titles × L looks`).
    static func titles(_ output: String) -> Int? {
        output.split(separator: ",").lazy.compactMap { part -> Int? in
            let words = part.split(separator: " ")
            guard words.count >= 2, words[1] == "titles" else { return nil }
            return Int(words[0])
        }.first
    }

    @Test func theSelectionIsCheck() throws {
        let folder = try TrustTests.folder(Self.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "de.lproj/Localizable.strings"
        for (arguments, expected) in [
            ([String](), 4), (["--key", "*.title"], 3), (["--titles", "titles.txt"], 3),
            (["--key", "archive.*", "--titles", "titles.txt"], 4), (["--only-language", "de"], 4),
            (["--only-language", "de-CH", "--key", "privacy.title"], 0),
        ] {
            let result = try Self.sheet([file, "-o", "sheet.png"] + arguments, in: folder)
            if expected == 0 {
                #expect(result.status == 2, "\(arguments): \(result.error)")
                #expect(result.error.contains("no title of \(file) is selected"), "\(arguments): \(result.error)")
            } else {
                #expect(result.status == 0, "\(arguments): \(result.error)")
                #expect(Self.titles(result.output) == expected, "\(arguments): \(result.output)")
            }
        }
    }

    /// --failing-only draws the titles `chevron check` finds a problem in, in those looks.
    @Test func failingOnlyDrawsWhatCheckFindsAProblemIn() throws {
        let folder = try TrustTests.folder(Self.files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = "de.lproj/Localizable.strings"
        let check = try CLITests.run(
            "chevron", ["check", "--local", file, "--look", "classic", "--look", "modern", "--json"], directory: folder)
        let rows = try CLITests.json(check.output)["rows"] as? [[String: Any]] ?? []
        let failing = Set(
            rows.filter { ($0["truncated"] as? Bool) == true || ($0["titleSource"] as? String) != "title" }.compactMap {
                $0["key"] as? String
            })
        #expect(failing.count >= 1 && failing.count < 4, "\(failing)")
        let result = try Self.sheet([file, "--look", "modern", "--failing-only", "-o", "sheet.png"], in: folder)
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.titles(result.output) == failing.count, "\(result.output)")
        let none = try Self.sheet([file, "--key", "archive.label", "--failing-only", "-o", "none.png"], in: folder)
        #expect(none.status == 0 && none.output.contains("no sheet written"), "\(none.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("none.png").path))
    }

    /// Two keys with one title: the sheets differ only where the key is drawn, above the title.
    @Test func eachRowIsLabelledWithItsKey() throws {
        let folder = try TrustTests.folder([
            "a.strings": "\"first.key\" = \"Fotos\";\n", "b.strings": "\"another.key.name\" = \"Fotos\";\n",
            "c.txt": "Fotos\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        var bitmaps: [Bitmap] = []
        for file in ["a.strings", "b.strings", "c.txt"] {
            let result = try Self.sheet([file, "--scale", "1", "-o", "\(file).png"], in: folder)
            #expect(result.status == 0, "\(result.error)")
            bitmaps.append(try Bitmap(png: [UInt8](try Data(contentsOf: folder.appendingPathComponent("\(file).png")))))
        }
        #expect(bitmaps[0].width == bitmaps[1].width && bitmaps[0].height == bitmaps[1].height)
        let differences = bitmaps[0].differences(from: bitmaps[1])
        #expect(!differences.isEmpty, "the keys are drawn")
        // Only in the title column (120 points and more), on the key's line: the first 30 points of
        // the first row, which starts 16 + 30 points from the top; the title below is the same.
        #expect(differences.allSatisfy { $0.x < 136 && $0.y >= 46 && $0.y < 76 }, "\(differences.prefix(5))")
        // A plain lines file's key is its line number: no key is drawn, so the title sits higher.
        #expect(bitmaps[2].height == bitmaps[0].height)
        #expect(!bitmaps[2].differences(from: bitmaps[0]).isEmpty)
    }
}
