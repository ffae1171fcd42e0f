import ChevronTestSupport
import Foundation
import Testing

/// What `chevron` prints cannot be used against the terminal or the CI log that shows it, and
/// output that cannot be written fails the run instead of passing for a clean one.
struct OutputSafetyTests {
    /// A key with a line break and a title with terminal escapes (clipboard write, hidden text,
    /// a title change, clear screen): every report line stays one line, none starts a GitHub
    /// workflow command, and no ESC byte reaches standard output or standard error.
    @Test func controlCharactersInACatalogueAreShownEscaped() throws {
        let folder = try FontFixtures.folder("chevron-injection")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("de.lproj/Localizable.strings")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"""
        "k.nl\n::warning::INJECTED" = "Hallo \U001B]52;c;aGk=\U0007 \U001B[8m versteckt \U001B]0;Titel\U0007\U001B[2J";
        "rlo" = "abc\U202Edef";
        """#.write(to: file, atomically: true, encoding: .utf8)
        for format in ["text", "github"] {
            let result = try CLITests.run(
                "chevron", ["check", file.path, "--local", "--look", "classic", "--format", format])
            #expect(result.status == 0, "\(result.error)")
            let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!lines.contains { $0.hasPrefix("::warning::INJECTED") }, "\(result.output)")
            #expect(!result.output.utf8.contains(0x1B) && !result.error.utf8.contains(0x1B))
            #expect(!result.output.contains("\u{202E}"))
        }
        let text = try CLITests.run("chevron", ["check", file.path, "--local", "--look", "classic"])
        #expect(text.output.contains(#"k.nl\n::warning::INJECTED"#), "\(text.output)")
        #expect(text.output.contains(#"\u{1B}]52;c;aGk=\u{7}"#), "\(text.output)")
        // One line per title and look, and the summary.
        #expect(text.output.split(separator: "\n").count == 3, "\(text.output)")
        // A single button's words too.
        let size = try CLITests.run("chevron", ["size", "A\u{1B}[2JB", "--local"])
        #expect(!size.output.utf8.contains(0x1B) && size.output.contains(#"A\u{1B}[2JB"#), "\(size.output)")
    }

    /// Output that cannot be written (`/dev/full`: no space left) is an error: exit 2 and a
    /// message, for every command that prints, and no crash.
    @Test(arguments: [
        ["check", "Tests/samples/Localizable.strings", "--format", "sarif"],
        ["check", "Tests/samples/Localizable.strings", "--format", "junit"],
        ["check", "Tests/samples/Localizable.strings"],
        ["size", "Settings"], ["looks"], ["fingerprint"], ["measure", "Settings"], ["font", "sans-serif"],
        ["render", "Back", "-o", "-"],
    ])
    func outputThatCannotBeWrittenFailsTheRun(arguments: [String]) throws {
        let chevron = CLITests.binaryDirectory.appendingPathComponent("chevron").path
        let result = try CLITests.run(
            "bash", ["-c", "\"$0\" \"$@\" > /dev/full", chevron] + arguments + ["--local"],
            directory: DaemonProcess.packageRoot)
        #expect(result.status == 2, "\(arguments): \(result.error)")
        #expect(
            result.error.contains("chevron: cannot write standard output: No space left on device"), "\(result.error)")
    }
}
