import ChevronTestSupport
import Foundation
import Testing

/// What a pull request controls cannot forge the check's own structure, nor be printed raw.
struct HardeningTests {
    // MARK: The plural marks

    /// U+FDD0…U+FDD2 are the noncharacters that start, split and end the marks a reader leaves
    /// around a plural form's number. A catalogue that holds them (as written, through a JSON
    /// escape, through an XML character reference) neither hides its title (a form no English
    /// number takes, left out uncounted before) nor gets a number written in: the title is
    /// counted and measured with U+FFFD for each.
    @Test func catalogueTextCannotForgeAPluralMark() throws {
        // Swift's literals refuse noncharacters: made from their scalars.
        func scalar(_ value: UInt32) -> String { Unicode.Scalar(value).map { String($0) } ?? "" }
        let (start, middle, end) = (scalar(0xFDD0), scalar(0xFDD1), scalar(0xFDD2))
        let folder = try TrustTests.folder([
            "en.lproj/Localizable.strings":
                "\"hidden\" = \"\(start)few\(middle)\(end)Hidden\";\n\"number\" = \"\(start)one\(middle)%d\(end) more\";\n",
            "Localizable.xcstrings": #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {
              "en": {"stringUnit": {"state": "translated", "value": "\uFDD0few\uFDD1\uFDD2Escaped"}}}}}}
            """#,
            "res/values-en/strings.xml":
                "<resources><string name=\"r\">&#xFDD0;few&#xFDD1;&#xFDD2;Referenced</string></resources>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLITests.run(
            "chevron",
            [
                "check", "en.lproj/Localizable.strings", "Localizable.xcstrings", "res", "--json", "--local", "--look",
                "classic",
            ],
            directory: folder)
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try CheckTests.reportRows(result.output))
        let titles = Dictionary(
            uniqueKeysWithValues: rows.map { ($0["key"] as? String ?? "", $0["title"] as? String ?? "") })
        let replacement = "\u{FFFD}"
        // By hand: each noncharacter written U+FFFD; the placeholder filled with its sample (128).
        #expect(titles["hidden"] == "\(replacement)few\(replacement)\(replacement)Hidden", "\(titles)")
        #expect(titles["number"] == "\(replacement)one\(replacement)128\(replacement) more", "\(titles)")
        #expect(titles["k (en)"] == "\(replacement)few\(replacement)\(replacement)Escaped", "\(titles)")
        #expect(titles["r"] == "\(replacement)few\(replacement)\(replacement)Referenced", "\(titles)")
        let summary = try #require(try CLITests.json(result.output)["summary"] as? [String: Any])
        #expect(summary["titles"] as? Int == 4 && summary["errors"] as? Int == 0, "\(summary)")
    }
}

extension HardeningTests {
    // MARK: Everything printed from input is escaped

    /// A value that would start a GitHub workflow command on a line of its own, and an escape
    /// sequence that would recolour the terminal.
    static let hostile = "x\n::warning::owned \u{1B}[31m"

    /// No line of `text` is a workflow command and no ESC byte is in it.
    static func isSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains("\u{1B}") && !text.split(separator: "\n").contains { $0.hasPrefix("::") }
    }

    /// Each project-file field given the hostile value (as the field's type takes it) is refused
    /// or reported, and what chevron prints is escaped.
    @Test(arguments: [
        "looks", "keys", "languages", "failOn", "format", "language", "samples", "genericTitle", "titlesComment",
        "baseline", "titles", "inputFormat", "markup", "devices", "screens", "field",
    ])
    func projectFileValuesArePrintedEscaped(field: String) throws {
        let value = try #require(
            String(
                data: try JSONSerialization.data(withJSONObject: [Self.hostile], options: [.fragmentsAllowed]),
                encoding: .utf8))
        let single = String(value.dropFirst().dropLast())  // the JSON string of the hostile value
        let json: String
        switch field {
        case "looks", "keys", "languages", "failOn", "titles":
            json = "{\"\(field)\": [\(single)], \"files\": [\"a.strings\"]}"
        case "samples", "genericTitle": json = "{\"\(field)\": {\(single): \"v\"}, \"files\": [\"a.strings\"]}"
        case "devices": json = "{\"devices\": {\(single): 400}, \"files\": [\"a.strings\"]}"
        case "screens": json = "{\"screens\": {\"a\": [\(single)]}, \"files\": [\"a.strings\"], \"keys\": [\(single)]}"
        case "field": json = "{\(single): 1}"
        default: json = "{\"\(field)\": \(single), \"files\": [\"a.strings\"]}"
        }
        let folder = try TrustTests.folder(["p.json": json, "a.strings": "\"a\" = \"A\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLITests.run("chevron", ["check", "--config", "p.json", "--local"], directory: folder)
        #expect(result.status != 0 || ["screens", "titles"].contains(field), "\(field): \(result.status)")
        #expect(Self.isSafe(result.error), "\(field): \(result.error.debugDescription)")
        #expect(Self.isSafe(result.output), "\(field): \(result.output.debugDescription)")
    }

    /// Options on the command line, and an error chevrond's engine answers (an unknown look,
    /// which it names), are printed escaped too.
    @Test func optionsAndEngineErrorsArePrintedEscaped() throws {
        for arguments in [
            ["check", "-", "--local", "--fail-on", Self.hostile],
            ["check", "-", "--local", "--format", Self.hostile],
            ["check", "-", "--local", "--look", Self.hostile],
            ["size", "Settings", "--local", "--look", Self.hostile],
            ["size", "Settings", "--local", "--\(Self.hostile)"],
        ] {
            let result = try CLITests.run("chevron", arguments, input: "\"a\" = \"A\";\n")
            #expect(result.status != 0, "\(arguments)")
            #expect(Self.isSafe(result.error), "\(arguments): \(result.error.debugDescription)")
            #expect(result.error.contains("\\u{1B}") || result.error.contains("\\n"), "\(arguments): \(result.error)")
        }
    }
}

extension HardeningTests {
    // MARK: Writes never follow what was planted

    /// `--write-baseline` to a link, a FIFO, /dev/null and /dev/stdout: the link and the FIFO
    /// are refused and what they lead to is untouched; /dev/null stays a character device (root
    /// renamed a regular file over it before); /dev/stdout gets the baseline.
    @Test func theBaselineIsNeverWrittenThroughWhatWasPlanted() throws {
        let folder = try TrustTests.folder(["a.strings": "\"a\" = \"A\";\n", "victim.txt": "keep me\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.json").path, withDestinationPath: "victim.txt")
        #expect(mkfifo(folder.appendingPathComponent("fifo.json").path, 0o644) == 0)
        func check(_ target: String) throws -> CLITests.Result {
            try CLITests.run(
                "chevron", ["check", "a.strings", "--local", "--look", "classic", "--write-baseline", target],
                directory: folder)
        }
        let link = try check("link.json")
        #expect(
            link.status == 2 && link.error.contains("link.json: cannot be written (is a symbolic link"), "\(link.error)"
        )
        #expect(try String(contentsOf: folder.appendingPathComponent("victim.txt"), encoding: .utf8) == "keep me\n")
        let fifo = try check("fifo.json")
        #expect(fifo.status == 2 && fifo.error.contains("is a FIFO"), "\(fifo.error)")
        var status = stat()
        #expect(
            lstat(folder.appendingPathComponent("fifo.json").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        let null = try check("/dev/null")
        #expect(null.status == 0, "\(null.error)")
        #expect(lstat("/dev/null", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
        let standardOutput = try check("/dev/stdout")
        #expect(
            standardOutput.status == 0 && standardOutput.output.contains("\"problems\""), "\(standardOutput.output)")
        // A regular file is replaced whole, and nothing is left beside it.
        let plain = try check("baseline.json")
        #expect(plain.status == 0)
        let left = try manager.contentsOfDirectory(atPath: folder.path).filter { $0.contains("chevron-") }
        #expect(left.isEmpty, "\(left)")
    }

    /// The html report's folder: a link planted at DIR/index.html or at DIR/buttons is refused,
    /// and the file or folder it leads to is untouched (its hash-named pictures are not removed);
    /// DIR itself as a link is refused too.
    @Test func theHTMLFolderNeverFollowsPlantedLinks() throws {
        let picture = String(repeating: "a", count: 32) + ".png"
        let folder = try TrustTests.folder([
            "a.strings": "\"a\" = \"Datenschutz und Sicherheitseinstellungen\";\n", "victim.txt": "keep me\n",
            "elsewhere/\(picture)": "not a report's",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        func report(_ directory: String) throws -> CLITests.Result {
            try CLITests.run(
                "chevron", ["check", "a.strings", "--local", "--look", "classic", "--output", "html=\(directory)"],
                directory: folder)
        }
        try manager.createDirectory(at: folder.appendingPathComponent("one"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("one/index.html").path, withDestinationPath: "../victim.txt")
        let index = try report("one")
        #expect(index.status == 2 && index.error.contains("one/index.html: is a symbolic link"), "\(index.error)")
        #expect(try String(contentsOf: folder.appendingPathComponent("victim.txt"), encoding: .utf8) == "keep me\n")
        try manager.createDirectory(at: folder.appendingPathComponent("two"), withIntermediateDirectories: true)
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("two/buttons").path, withDestinationPath: "../elsewhere")
        let buttons = try report("two")
        #expect(buttons.status == 2 && buttons.error.contains("two/buttons: is a symbolic link"), "\(buttons.error)")
        #expect(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path) == [picture])
        try manager.createSymbolicLink(
            atPath: folder.appendingPathComponent("three").path, withDestinationPath: "elsewhere")
        let whole = try report("three")
        #expect(whole.status == 2 && whole.error.contains("three: is a symbolic link"), "\(whole.error)")
        #expect(try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("elsewhere").path) == [picture])
        // A folder of its own is written, nothing left beside its files.
        let written = try report("four")
        #expect(written.status == 0, "\(written.error)")
        let files = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("four").path).sorted()
        #expect(files == ["buttons", "index.html"])
    }
}

extension HardeningTests {
    // MARK: Every input has a size bound

    static func git(_ arguments: [String], in folder: URL) throws {
        let result = try CLITests.run(
            "git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"] + arguments,
            directory: folder)
        try #require(result.status == 0, "git \(arguments): \(result.error)")
    }

    /// A version at `--changed-since`'s revision over the file limit is never read (git is asked
    /// its size first): the file is checked whole, as a new one is. Read, the 2 MiB blob would
    /// have left only the changed key.
    @Test func aBlobOverTheFileLimitIsNotRead() throws {
        let big = (0..<60_000).map { "\"k\($0)\" = \"Titel \($0)\";" }.joined(separator: "\n") + "\n"
        #expect(big.utf8.count > 1 << 20)
        let folder = try TrustTests.folder(["de.lproj/Localizable.strings": big])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git(["init", "-q"], in: folder)
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "big"], in: folder)
        try "\"k0\" = \"Titel 0\";\n\"k1\" = \"Neu\";\n".write(
            to: folder.appendingPathComponent("de.lproj/Localizable.strings"), atomically: true, encoding: .utf8)
        try Self.git(["commit", "-q", "-am", "small"], in: folder)
        let result = try CLITests.run(
            "chevron",
            [
                "check", "de.lproj/Localizable.strings", "--changed-since", "HEAD~1", "--max-file-mib", "1", "--json",
                "--local", "--look", "classic",
            ], directory: folder)
        #expect(result.status == 0, "\(result.error)")
        let rows = try #require(try CheckTests.reportRows(result.output))
        #expect(rows.map { $0["key"] as? String } == ["k0", "k1"])
        // Within the limit, the blob is read and only the changed key is checked.
        let read = try CLITests.run(
            "chevron",
            [
                "check", "de.lproj/Localizable.strings", "--changed-since", "HEAD~1", "--json", "--local", "--look",
                "classic",
            ],
            directory: folder)
        #expect(try CheckTests.reportRows(read.output)?.map { $0["key"] as? String } == ["k1"])
    }

    /// A baseline over the file limit is refused unread; a key over the title limit is an error
    /// row, its key cut at 200 bytes as titles are.
    @Test func baselinesAndKeysAreBounded() throws {
        let baseline = "{\"version\": 1, \"problems\": [], \"pad\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"
        let key = String(repeating: "k", count: 300)
        let folder = try TrustTests.folder([
            "b.json": baseline, "a.strings": "\"\(key)\" = \"A\";\n",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let refused = try CLITests.run(
            "chevron", ["check", "a.strings", "--baseline", "b.json", "--max-file-mib", "1", "--local"],
            directory: folder)
        #expect(refused.status == 2 && refused.error.contains("--baseline b.json: is over 1 MiB"), "\(refused.error)")
        let result = try CLITests.run(
            "chevron", ["check", "a.strings", "--max-title-bytes", "100", "--json", "--local", "--look", "classic"],
            directory: folder)
        let rows = try #require(try CheckTests.reportRows(result.output))
        // By hand: 200 bytes of the key, then the mark of the 100 left out.
        #expect(rows.first?["key"] as? String == String(repeating: "k", count: 200) + "… [cut: 100 bytes]")
        #expect((rows.first?["error"] as? String)?.contains("key is 300 bytes; the limit is 100") == true, "\(rows)")
    }

    /// git's refusal of a repository another user owns is said as such, not as "no such revision".
    @Test(.enabled(if: getuid() == 0)) func gitsDubiousOwnershipIsSaid() throws {
        let folder = try TrustTests.folder(["a.strings": "\"a\" = \"A\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.git(["init", "-q"], in: folder)
        try Self.git(["add", "."], in: folder)
        try Self.git(["commit", "-q", "-m", "one"], in: folder)
        #expect(
            chown(folder.path, 65534, 65534) == 0
                && chown(folder.appendingPathComponent(".git").path, 65534, 65534) == 0)
        let result = try CLITests.run(
            "chevron", ["check", "a.strings", "--changed-since", "HEAD", "--local"],
            environment: ["GIT_CONFIG_GLOBAL": "/dev/null"], directory: folder)
        #expect(
            result.status == 2 && result.error.contains("git refuses the repository, which another user owns"),
            "\(result.error)")
    }
}

extension HardeningTests {
    // MARK: Faces are bounded

    /// A collection of more faces than a file may hold is skipped unread, named with its count;
    /// the font folders stop adding files once they hold 10,000 faces (by hand: 40 collections of
    /// 255 faces hold 10,200, so the 41st is left out). Collections made by fontTools.
    @Test func facesAreBoundedPerFileAndInAll() throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = DaemonProcess.packageRoot.appendingPathComponent("Tests/python/make_collection.py").path
        let one = folder.appendingPathComponent("one")
        let many = folder.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: one, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        try #require(
            try ExternalTools.run("python3", [script, one.appendingPathComponent("big.ttc").path, "300"]) != nil)
        let collection = folder.appendingPathComponent("c255.ttc")
        try #require(try ExternalTools.run("python3", [script, collection.path, "255"]) != nil)
        for index in 1...41 {
            try FileManager.default.copyItem(
                at: collection, to: many.appendingPathComponent(String(format: "c%02d.ttc", index)))
        }
        let big = try CLITests.run("chevron", ["font", "Tiny Many", "--local", "--fonts-dir", one.path])
        #expect(
            big.error.contains(
                "skipped \(one.path)/big.ttc: is a collection of 300 faces, over the 256 a file may hold"),
            "\(big.error)")
        let all = try CLITests.run("chevron", ["font", "Tiny Many", "--local", "--fonts-dir", many.path])
        let skipped = all.error.split(separator: "\n").filter { $0.contains("skipped") }
        #expect(
            skipped == [
                "chevron: fonts: skipped \(many.path)/c41.ttc: is past the 10000 faces the font folders may hold in all"
            ], "\(all.error)")
        #expect(all.output.hasPrefix("Tiny Many"), "\(all.output)")
    }
}

extension HardeningTests {
    // MARK: The lows

    /// A FIFO named like an XLIFF file inside an `.xcloc` is refused without waiting for a writer.
    @Test(.timeLimit(.minutes(1))) func aFIFOInAnXclocIsRefusedUnread() throws {
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let contents = folder.appendingPathComponent("App.xcloc/Localized Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        #expect(mkfifo(contents.appendingPathComponent("de.xliff").path, 0o644) == 0)
        let result = try CLITests.run("chevron", ["check", "App.xcloc", "--local"], directory: folder)
        #expect(result.status == 2 && result.error.contains("it is not a regular file"), "\(result.error)")
    }

    /// One file named twice (the same path by a hard link, the baseline where a report goes, a
    /// report inside the html report's folder) is a usage error, not a file overwritten.
    @Test func oneFileIsNeverNamedForTwoOutputs() throws {
        let folder = try TrustTests.folder(["a.strings": "\"a\" = \"A\";\n", "first.json": "{}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(
            link(folder.appendingPathComponent("first.json").path, folder.appendingPathComponent("second.json").path)
                == 0)
        for (arguments, said) in [
            (["--output", "json=first.json", "--output", "sarif=second.json"], "would be written to one file"),
            (["--output", "json=out.json", "--write-baseline", "out.json"], "would be written to one file"),
            (["--output", "html=report", "--output", "json=report/index.html"], "into the html report's folder"),
        ] {
            let result = try CLITests.run(
                "chevron", ["check", "a.strings", "--local", "--look", "classic"] + arguments, directory: folder)
            #expect(result.status == 2 && result.error.contains(said), "\(arguments): \(result.error)")
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("first.json"), encoding: .utf8) == "{}")
    }

    /// The job summary writes a key in a code span it cannot end (a backtick in the key no longer
    /// lets HTML after it render), and a summary that cannot be written fails the run (exit 2).
    @Test func theJobSummaryKeepsKeysInTheirCodeSpan() throws {
        let key = "a`<img src=x onerror=alert(1)>`b"
        let folder = try TrustTests.folder([
            "de.lproj/Localizable.strings": "\"\(key)\" = \"Datenschutz und Sicherheitseinstellungen\";\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = folder.appendingPathComponent("summary.md")
        let result = try CLITests.run(
            "chevron", ["check", "de.lproj/Localizable.strings", "--local", "--format", "github"],
            environment: ["GITHUB_STEP_SUMMARY": summary.path], directory: folder)
        #expect(result.status == 0, "\(result.error)")
        let text = try String(contentsOf: summary, encoding: .utf8)
        // By hand: the key's longest run of backticks is one, so the fence is two.
        #expect(text.contains("``\(key)``"), "\(text)")
        let unwritable = try CLITests.run(
            "chevron", ["check", "de.lproj/Localizable.strings", "--local", "--format", "github"],
            environment: ["GITHUB_STEP_SUMMARY": folder.path], directory: folder)
        #expect(
            unwritable.status == 2 && unwritable.error.contains("the job summary cannot be written"),
            "\(unwritable.error)")
    }
}

extension HardeningTests {
    /// Under an address-space limit too small to serve in (128 MiB: it crashed at start; 512 MiB:
    /// on one big SizeMany), chevrond refuses to start with a message naming the limit, rather
    /// than dying of a signal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
    func chevrondRefusesToStartInTooLittleAddressSpace() throws {
        let chevrond = CLITests.binaryDirectory.appendingPathComponent("chevrond").path
        let socket = FileManager.default.temporaryDirectory.appendingPathComponent("as-\(UUID().uuidString).sock").path
        for mebibytes in [128, 512] {
            let result = try CLITests.run("/usr/bin/prlimit", ["--as=\(mebibytes << 20)", chevrond, "--socket", socket])
            #expect(result.status == 64, "\(result.status): \(result.error)")
            #expect(
                result.error.contains(
                    "the address-space limit (RLIMIT_AS) is \(mebibytes) MiB; chevrond needs at least 768 MiB"),
                "\(result.error)")
        }
    }
}
