import ChevronTestSupport
import Foundation
import Testing

/// `chevron check` over catalogue sets as translation tools export them: comments in the source
/// language only, folders of catalogues, limits below a look's minimum, files that cannot be read.
struct CatalogueSetTests {
    static func rows(_ arguments: [String]) throws -> (CLITests.Result, [[String: Any]]) {
        let result = try CLITests.run("chevron", ["check", "--json", "--local"] + arguments)
        guard result.status == 0 || result.status == 1 else { return (result, []) }
        return (result, try #require(try CheckTests.reportRows(result.output)))
    }

    static func keysByLanguage(_ rows: [[String: Any]]) -> [String] {
        rows.map { "\($0["language"] as? String ?? "-") \($0["key"] as? String ?? "")" }.sorted()
    }

    // MARK: A comment in the source file selects the key in every translation

    /// Android: `values/` holds the comments, `values-de/` and `values-fr/` none (as Crowdin and
    /// Weblate export them); a second `res` folder's keys are a set of their own. A stale comment
    /// a translation keeps above the next string does not select it where the source's comment
    /// decides; a key the source has no comment for is selected by a translation's.
    @Test func anAndroidCommentSelectsTheKeyInEveryValuesFolder() throws {
        let folder = try TrustTests.folder([
            "app/res/values/strings.xml": """
            <resources>
            <!-- Navigation title of the settings screen -->
            <string name="settings_title">Settings</string>
            <!-- A button -->
            <string name="save">Save</string>
            <string name="inbox">Inbox</string>
            </resources>
            """,
            "app/res/values-de/strings.xml": """
            <resources>
            <!-- Navigation title of the settings screen -->
            <string name="save">Sichern</string>
            <string name="settings_title">Einstellungen</string>
            </resources>
            """,
            "app/res/values-fr/strings.xml": """
            <resources><string name="settings_title">Réglages</string>
            <!-- Navigation title of the inbox -->
            <string name="inbox">Boîte de réception</string></resources>
            """,
            // Another module: the same key without the comment is not selected by app's.
            "lib/res/values-de/strings.xml": """
            <resources><string name="settings_title">Andere Einstellungen</string></resources>
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, rows) = try Self.rows([
            folder.appendingPathComponent("app").path, folder.appendingPathComponent("lib").path, "--look", "classic",
            "--titles-comment", "(?i)navigation title",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(
            Self.keysByLanguage(rows) == [
                "- inbox", "- settings_title", "de settings_title", "fr inbox", "fr settings_title",
            ])
    }

    /// Apple: the comment in `en.lproj/Localizable.strings` selects the key in `de.lproj`'s
    /// `.strings` and `.stringsdict` of the same table, not in another table.
    @Test func anAppleCommentSelectsTheKeyInEveryLprojOfTheTable() throws {
        let folder = try TrustTests.folder([
            "App/en.lproj/Localizable.strings": """
            /* Back-button title: inbox */
            "inbox.title" = "Inbox";
            /* Body text */
            "body" = "Hello";
            """,
            "App/de.lproj/Localizable.strings": "\"inbox.title\" = \"Posteingang\";\n\"body\" = \"Hallo\";\n",
            "App/de.lproj/Other.strings": "\"inbox.title\" = \"Anderer Posteingang\";\n",
            "App/ja.lproj/Localizable.strings": "\"inbox.title\" = \"受信箱\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (result, rows) = try Self.rows([
            folder.appendingPathComponent("App").path, "--look", "classic", "--titles-comment", "Back-button title",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(Self.keysByLanguage(rows) == ["de inbox.title", "en inbox.title", "ja inbox.title"])
    }

    // MARK: Folders

    /// A folder is walked in byte order for the catalogues under it; version control, build
    /// output, dependencies and hidden folders are skipped, and no link is followed out of it.
    @Test func aFolderIsWalkedForItsCatalogues() throws {
        let strings = "\"a\" = \"A\";\n"
        let android = "<resources><string name=\"a\">A</string></resources>"
        let folder = try TrustTests.folder([
            "b/de.lproj/Localizable.strings": strings,
            "a/values-de/strings.xml": android,
            "a/values/strings.xml": android,
            "a/values/colors.xml": "<resources/>",
            "a/notes.strings": strings,  // a .strings outside an .lproj is no catalogue
            "B/fr.lproj/Localizable.strings": strings,  // "B" sorts before "a" and "b" by bytes
            "c/app_de.arb": "{\"@@locale\": \"de\", \"a\": \"A\"}",
            "c/de.po": "msgid \"a\"\nmsgstr \"A\"\n",
            "c/Localizable.xcstrings": "{\"sourceLanguage\": \"en\", \"strings\": {}, \"version\": \"1.0\"}",
            ".git/de.lproj/Localizable.strings": strings,
            ".hidden/de.lproj/Localizable.strings": strings,
            "build/de.lproj/Localizable.strings": strings,
            "DerivedData/de.lproj/Localizable.strings": strings,
            "node_modules/x/de.lproj/Localizable.strings": strings,
        ])
        let outside = try TrustTests.folder(["de.lproj/Localizable.strings": strings])
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: outside)
        }
        let manager = FileManager.default
        // A linked folder is never walked; a linked file counts only when it stays inside.
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("d").path, withDestinationPath: outside.path)
        try manager.createDirectory(
            at: folder.appendingPathComponent("e/it.lproj"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("e/it.lproj/Localizable.strings").path,
            withDestinationPath: outside.appendingPathComponent("de.lproj/Localizable.strings").path)
        try manager.createDirectory(
            at: folder.appendingPathComponent("e/es.lproj"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("e/es.lproj/Localizable.strings").path,
            withDestinationPath: folder.appendingPathComponent("b/de.lproj/Localizable.strings").path)
        let (result, rows) = try Self.rows([folder.path, "--look", "classic"])
        #expect(result.status == 0, "\(result.error)")
        var files: [String] = []
        for row in rows {
            let file = try #require(row["file"] as? String)
            if files.last != file { files.append(file) }
        }
        let expected = [
            "B/fr.lproj/Localizable.strings", "a/values/strings.xml", "a/values-de/strings.xml",
            "b/de.lproj/Localizable.strings", "c/app_de.arb", "c/de.po", "e/es.lproj/Localizable.strings",
        ]
        // The xcstrings catalogue is read too; it holds no string, so it has no row.
        #expect(files == expected.map { folder.path + "/" + $0 })
        // Twice the same: the order is the walk's, not the file system's.
        #expect(try Self.rows([folder.path, "--look", "classic"]).0.output == result.output)
    }

    /// A file that cannot be read says why, in the system's words.
    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("de.lproj/Missing.strings").path
        let empty = folder.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let result = try CLITests.run("chevron", ["check", missing, empty.path, "--local"])
        // Exit 2: a file could not be read (README, exit codes).
        #expect(result.status == 2, "\(result.error)")
        #expect(result.output.contains(missing))
        #expect(result.output.contains("cannot be read: No such file or directory"), "\(result.output)")
        #expect(result.output.contains("cannot be read: Is a directory, and holds no catalogue"), "\(result.output)")
    }

    /// As another user, a file its mode keeps from that user is "Permission denied".
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aFileKeptFromTheUserIsPermissionDenied() throws {
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": "\"a\" = \"A\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.lproj/Localizable.strings").path
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file)
        let chevron = CLITests.binaryDirectory.appendingPathComponent("chevron").path
        let result = try CLITests.run(
            "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", chevron, "check", file, "--local", "--look",
                "classic",
            ],
            environment: ["HOME": "/tmp", "XDG_CACHE_HOME": folder.path])
        #expect(result.output.contains("cannot be read: Permission denied"), "\(result.output)\(result.error)")
    }

    // MARK: A limit of the title's own below the look's minimum

    /// An XLIFF unit's maxwidth under the look's minimum is a row over its own limit, naming the
    /// minimum, measured at that minimum; the run goes on (no engine error, no exit 4).
    @Test func aLimitBelowTheLooksMinimumIsARowOverItsOwnLimit() throws {
        let folder = try TrustTests.folder([
            "de.xliff": """
            <xliff version="1.2"><file source-language="en" target-language="de"><body>
            <trans-unit id="back" maxwidth="30" size-unit="pixel"><source>Back</source><target>Zurück</target></trans-unit>
            <trans-unit id="settings"><source>Settings</source><target>Einstellungen</target></trans-unit>
            </body></file></xliff>
            """
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.xliff").path
        // docs/looks.md: classic's button is at least 43 pt, modern's 50.
        for (look, minimum) in [("classic", 43.0), ("modern", 50.0)] {
            let (result, rows) = try Self.rows([file, "--look", look])
            #expect(result.status == 0, "\(look): \(result.error)")
            let back = try #require(rows.first { $0["key"] as? String == "back" })
            #expect(back["maxWidth"] as? Double == 30 && back["ownLimit"] as? Bool == true)
            #expect(back["lookMinimum"] as? Double == minimum)
            #expect(back["error"] == nil, "\(back)")
            // The narrowest button of the look: never under its minimum.
            #expect((back["width"] as? Double ?? 0) >= minimum)
            let settings = try #require(rows.first { $0["key"] as? String == "settings" })
            #expect(settings["lookMinimum"] == nil && settings["ownLimit"] as? Bool == false)
            let failing = try CLITests.run("chevron", ["check", file, "--local", "--look", look, "--fail-on", "limit"])
            #expect(failing.status == 1, "\(failing.error)")
            #expect(
                failing.output.contains("OVER ITS OWN LIMIT (\(look)'s button is at least \(Int(minimum)) pt)"),
                "\(failing.output)")
        }
    }
}
