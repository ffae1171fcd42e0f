import ChevronTestSupport
import Foundation
import Testing

/// What `chevron check` says besides its report: notes before the report (never inside it, where
/// a CI log merges the two streams), `--quiet`, the project file's fields in its help.
struct CheckNotesTests {
    /// `chevron check` with standard output and standard error in one pipe, as a CI log has them.
    static func merged(_ arguments: [String], in folder: URL) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = CLITests.binaryDirectory.appendingPathComponent("chevron")
        process.arguments = ["check", "--local"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        )
    }

    /// 300 titles in no language, in modern (whose font is substituted here): both notes come
    /// before the first row, and every line is whole (a row, the summary or a `chevron:` line).
    @Test func notesComeBeforeTheReportInAMergedLog() throws {
        let strings = (0..<300).map { "\"key.\($0)\" = \"Title \($0)\";" }.joined(separator: "\n")
        let folder = try TrustTests.folder(["Localizable.strings": strings])
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, lines) = try Self.merged(["Localizable.strings"], in: folder)
        #expect(status == 0)
        let rows = lines.indices.filter { lines[$0].hasPrefix("Localizable.strings:") }
        let notes = lines.indices.filter { lines[$0].hasPrefix("chevron: note:") }
        #expect(rows.count == 300)
        #expect(notes.count == 2, "\(lines.filter { !$0.hasPrefix("Localizable") })")
        #expect(notes.allSatisfy { $0 < (rows.first ?? 0) }, "\(notes) before \(rows.first ?? -1)")
        #expect(
            lines.allSatisfy {
                ($0.hasPrefix("Localizable.strings:") && !$0.contains("chevron:")) || $0.hasPrefix("chevron")
            })
        #expect(lines.last?.hasPrefix("chevron check: 300 titles") == true, "\(lines.last ?? "")")
    }

    /// `--quiet` keeps the notes back; a file that cannot be read is still said.
    @Test func quietSilencesNotesNotErrors() throws {
        let folder = try TrustTests.folder(["Localizable.strings": "\"a\" = \"A\";\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let loud = try CLITests.run("chevron", ["check", "Localizable.strings", "--local"], directory: folder)
        #expect(loud.error.contains("chevron: note:"), "\(loud.error)")
        let quiet = try CLITests.run(
            "chevron", ["check", "Localizable.strings", "missing.strings", "--local", "--quiet"], directory: folder)
        #expect(!quiet.error.contains("note:"), "\(quiet.error)")
        #expect(quiet.error.contains("missing.strings: cannot be read: No such file or directory"), "\(quiet.error)")
        #expect(quiet.status == 2)
    }

    /// The project file's fields, as docs/check-reference.md's table lists them: `chevron help
    /// check` names each, and the parser reads each (a value of the wrong type is refused by
    /// the field's name).
    @Test func everyProjectFieldIsListedAndRead() throws {
        let reference = try String(
            contentsOf: DaemonProcess.packageRoot.appendingPathComponent("docs/check-reference.md"), encoding: .utf8)
        let section = try #require(reference.components(separatedBy: "### The project file").dropFirst().first)
        let documented =
            section.components(separatedBy: "\n\n").dropFirst(2).first?
            .split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("| `") else { return nil }
                return line.split(separator: "`").dropFirst().first.map(String.init)
            } ?? []
        #expect(documented.count == 20, "\(documented)")
        let help = try CLITests.run("chevron", ["help", "check"])
        let listed = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        for field in documented {
            #expect(listed.range(of: "\\b\(field)\\b", options: .regularExpression) != nil, "help lacks \(field)")
        }
        let folder = try TrustTests.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        for field in documented {
            // `true` is no field's type.
            try "{\"\(field)\": true}".write(
                to: folder.appendingPathComponent("p.json"), atomically: true, encoding: .utf8)
            let result = try CLITests.run("chevron", ["check", "--config", "p.json", "--local"], directory: folder)
            #expect(result.status == 2 && result.error.contains("p.json: \(field)"), "\(field): \(result.error)")
        }
    }
}
