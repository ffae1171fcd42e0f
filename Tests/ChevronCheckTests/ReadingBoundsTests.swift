import ChevronCheck
import Foundation
import Testing

/// What `chevron check` reads and what it refuses: files and titles within their limits,
/// standard input read with a bound, UTF-16 without a byte-order mark, and `.xcloc` bundles
/// whose symbolic links lead out of them (docs/check-formats.md, "Limits").
struct ReadingBoundsTests {
    /// A new folder, removed by the caller.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chevron-bounds-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `chevron` as the build made it (`CHEVRON_BIN_DIR`, else this package's debug build),
    /// run with `arguments` and standard input from `input`; its status and standard error.
    static func chevron(_ arguments: [String], input: FileHandle) throws -> (status: Int32, error: String) {
        let directory =
            ProcessInfo.processInfo.environment["CHEVRON_BIN_DIR"].map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug")
        let process = Process()
        process.executableURL = directory.appendingPathComponent("chevron")
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        let error = Pipe()
        process.standardError = error
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    // MARK: Limits

    /// A title over 64 KiB is an error row saying so, its echo cut as the daemon cuts its
    /// echoes; the titles around it are measured.
    @Test func aTitleOverTheLimitIsAnErrorRow() async throws {
        let long = String(repeating: "x", count: 70_000)
        let run = try await CheckHarness.run(["titles.txt": "Back\n\(long)\nHome\n"])
        #expect(run.rows.map(\.error) == [nil, "title is 70000 bytes; the limit is 65536 (--max-title-bytes)", nil])
        let echoed = run.rows[1].title
        #expect(
            echoed.hasPrefix(String(repeating: "x", count: 200)) && echoed.contains("… [cut: "), "\(echoed.prefix(300))"
        )
        #expect(echoed.utf8.count < 240)
    }

    /// A file over 256 MiB is refused before it is read (a sparse file: no disk is used).
    @Test func aFileOverTheLimitIsRefusedUnread() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.txt").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 257 << 20)
        try handle.close()
        // Unread: the bytes this process reads (its rchar, /proc/self/io) grow by far less than
        // the file, a count that does not depend on how busy the machine is.
        let before = try Self.bytesRead()
        let result = Result { () throws(TitleFileError) in try TitleFile.read(path) }
        #expect(try Self.bytesRead() - before < 1 << 20)
        guard case .failure(let error) = result else {
            Issue.record("a file over the limit was read")
            return
        }
        #expect(error.description == "\(path): is over 256 MiB, the limit of a file (--max-file-mib)")
    }

    /// Standard input is read up to the limit and no further: an endless stream is refused.
    @Test func standardInputIsReadWithABound() throws {
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let result = try Self.chevron(
            ["check", "-", "--local", "--input-format", "lines", "--max-file-mib", "1"], input: zero)
        #expect(result.status == 2)
        #expect(
            result.error.contains("chevron: -: is over 1 MiB, the limit of a file (--max-file-mib)"), "\(result.error)")
    }

    /// The plan's limits (`--max-file-mib`, `--max-title-bytes`) hold for every file of a run:
    /// a file over its limit is a row of its own, the other files are read.
    @Test func thePlansLimitsHoldForEveryFile() async throws {
        let big = String(repeating: "Zurück\n", count: 160_000)  // 1,280,000 bytes
        let run = try await CheckHarness.run(["a.txt": big, "b.txt": "Back\nSettings page\n"]) { plan in
            plan.limits = ReadLimits(fileMiB: 1, titleBytes: 10)
        }
        #expect(run.rows.count == 3)
        #expect(run.rows[0].isUnreadableFile)
        #expect(run.rows[0].error == "is over 1 MiB, the limit of a file (--max-file-mib)")
        #expect(run.rows[1].error == nil)
        #expect(run.rows[2].error == "title is 13 bytes; the limit is 10 (--max-title-bytes)")
        #expect(run.rows[2].title == "Settings page", "a title under 200 bytes is echoed whole")
        #expect(run.summary.unreadableFiles == 1)
    }

    /// A project file sets the limits as `maxFileMiB` and `maxTitleBytes`: whole numbers from 1.
    @Test func aProjectFileSetsTheLimits() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("chevron-check.json").path
        try #"{"files": ["a.txt"], "maxFileMiB": 8, "maxTitleBytes": 300}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(try CheckPlan.load(path).limits == ReadLimits(fileMiB: 8, titleBytes: 300))
        #expect(CheckPlan().limits == ReadLimits(fileMiB: 256, titleBytes: 65_536))
        for (field, value) in [
            ("maxFileMiB", "0"), ("maxTitleBytes", "\"64\""), ("maxFileMiB", "true"), ("maxTitleBytes", "1.5"),
            ("maxFileMiB", "2000000"),
        ] {
            try "{\"\(field)\": \(value)}".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: CheckPlan.Problem.self, "\(field): \(value)") { try CheckPlan.load(path) }
        }
        try #"{"maxTitleBytes": 0}"#.write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try CheckPlan.load(path)
        } catch {
            #expect("\(error)" == "\(path): maxTitleBytes must be a whole number from 1 to 1073741824")
        }
    }

    /// The options take whole numbers from 1; anything else is a usage error.
    @Test func theLimitOptionsTakeWholeNumbersFromOne() throws {
        let empty = try #require(FileHandle(forReadingAtPath: "/dev/null"))
        let result = try Self.chevron(["check", "-", "--local", "--max-title-bytes", "0"], input: empty)
        #expect(result.status == 2)
        #expect(
            result.error.contains("--max-title-bytes must be a whole number from 1 to 1073741824"), "\(result.error)")
    }

    /// The bytes this process has read so far (`rchar` of /proc/self/io).
    static func bytesRead() throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }

    // MARK: Work linear in the file

    /// The entries of `contents` read as the file `name`, and the work the readers counted.
    static func countedRead(_ name: String, _ contents: String) throws -> (ReadingWork, [TitleEntry]) {
        let work = ReadingWork()
        let entries = try ReadingWork.$current.withValue(work) {
            try TitleFile.entries(in: Data(contents.utf8), path: name)
        }
        return (work, entries)
    }

    /// 20,000 Android strings each a reference to the next (`@string/`) resolve in one pass over
    /// the chain, not a walk of the rest of it per string.
    @Test func aLongChainOfReferencesReadsInLinearTime() throws {
        let count = 20_000
        let strings = (0..<count).map { index in
            index + 1 < count
                ? "<string name=\"s\(index)\">@string/s\(index + 1)</string>"
                : "<string name=\"s\(index)\">Ende</string>"
        }
        let (work, entries) = try Self.countedRead(
            "values-de/strings.xml", "<resources>\n\(strings.joined(separator: "\n"))\n</resources>\n")
        #expect(entries.count == count)
        #expect(entries.allSatisfy { $0.title == "Ende" })
        // By hand: s0 follows the whole chain, s1 … s(n-1), n - 1 names; each later reference
        // s1 … s(n-2) follows one name and finds its value already known, n - 2 more. A walk of
        // the rest of the chain per string follows n(n - 1)/2, about 200 million.
        #expect(work.count(.referenceFollowed) == (count - 1) + (count - 2))
    }

    /// A `.stringsdict` of 20,000 keys finds each key's line in one pass over the file, not a
    /// search of the file per key.
    @Test func aLargeStringsdictReadsInLinearTime() throws {
        let count = 20_000
        let keys = (0..<count).map { index in
            "<key>k\(index)</key>\n<dict><key>NSStringLocalizedFormatKey</key><string>Titel \(index)</string></dict>"
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            \(keys.joined(separator: "\n"))
            </dict></plist>
            """
        let (work, entries) = try Self.countedRead("de.lproj/Localizable.stringsdict", plist)
        #expect(entries.count == count)
        let last = try #require(entries.first { $0.key == "k\(count - 1)" })
        #expect(last.line == 3 + 2 * (count - 1))
        // One pass: every byte of the file read once (a search per key reads the file 20,000 times).
        #expect(work.count(.keyLineByte) == plist.utf8.count)
    }

    // MARK: UTF-16 without a byte-order mark

    /// UTF-16 `.strings` without a byte-order mark is told by its zero bytes, little- and
    /// big-endian, as Xcode reads such files.
    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian])
    func utf16WithoutAByteOrderMarkIsRead(encoding: String.Encoding) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = "/* Zurück */\n\"back\" = \"Zurück\";\n\"inbox\" = \"收件箱\";\n"
        let data = try #require(text.data(using: encoding))
        #expect(data.first != 0xFF && data.first != 0xFE)
        try data.write(to: url)
        let entries = try TitleFile.read(url.path)
        #expect(entries.map(\.key) == ["back", "inbox"])
        #expect(entries.map(\.title) == ["Zurück", "收件箱"])
        #expect(entries.map(\.line) == [2, 3])
    }

    // MARK: .xcloc bundles

    /// An `.xcloc` bundle: `Localized Contents/de.xliff`, and `outside.xliff` next to the bundle.
    static func bundle(in folder: URL) throws -> (bundle: URL, contents: URL, outside: URL) {
        let bundle = folder.appendingPathComponent("de.xcloc")
        let contents = bundle.appendingPathComponent("Localized Contents")
        try FileManager.default.createDirectory(at: contents, withIntermediateDirectories: true)
        let xliff = """
            <xliff version="1.2"><file original="a" source-language="en" target-language="de"><body>
            <trans-unit id="back"><source>Back</source><target>Zurück</target></trans-unit>
            </body></file></xliff>
            """
        let outside = folder.appendingPathComponent("outside.xliff")
        try xliff.write(to: outside, atomically: true, encoding: .utf8)
        try xliff.write(to: bundle.appendingPathComponent("Source.xliff"), atomically: true, encoding: .utf8)
        return (bundle, contents, outside)
    }

    /// A symbolic link in the bundle to a file outside it is refused with a message naming the
    /// link (not its target); a link that stays in the bundle is read.
    @Test func xclocLinksThatLeaveTheBundleAreRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (bundle, contents, outside) = try Self.bundle(in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: contents.appendingPathComponent("de.xliff").path, withDestinationPath: outside.path)
        do throws(TitleFileError) {
            _ = try TitleFile.read(bundle.path)
            Issue.record("a link out of the bundle was read")
        } catch {
            #expect(error.file == TitleFile.normalizedPath(contents.appendingPathComponent("de.xliff").path))
            #expect(error.reason == "is a symbolic link that leads out of the .xcloc bundle, which is refused")
        }
        try FileManager.default.createSymbolicLink(
            atPath: contents.appendingPathComponent("fr.xliff").path, withDestinationPath: "/etc/shadow")
        try FileManager.default.removeItem(at: contents.appendingPathComponent("de.xliff"))
        #expect(throws: TitleFileError.self) { try TitleFile.read(bundle.path) }
        do throws(TitleFileError) { _ = try TitleFile.read(bundle.path) } catch {
            #expect(error.reason.contains("leads out of the .xcloc bundle"))
        }
        // A link within the bundle is read.
        try FileManager.default.removeItem(at: contents.appendingPathComponent("fr.xliff"))
        try FileManager.default.createSymbolicLink(
            atPath: contents.appendingPathComponent("de.xliff").path, withDestinationPath: "../Source.xliff")
        #expect(try TitleFile.read(bundle.path).map(\.title) == ["Zurück"])
    }

    /// `Localized Contents` itself may not be a link out of the bundle.
    @Test func anXclocWhoseContentsFolderLeavesTheBundleIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (bundle, contents, outside) = try Self.bundle(in: folder)
        try FileManager.default.removeItem(at: contents)
        let elsewhere = folder.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: outside, to: elsewhere.appendingPathComponent("de.xliff"))
        try FileManager.default.createSymbolicLink(atPath: contents.path, withDestinationPath: elsewhere.path)
        do throws(TitleFileError) {
            _ = try TitleFile.read(bundle.path)
            Issue.record("a contents folder out of the bundle was read")
        } catch {
            #expect(error.reason == "is a symbolic link that leads out of the .xcloc bundle, which is refused")
        }
    }
}
