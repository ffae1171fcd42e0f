import ChevronTestSupport
import Foundation
import Testing

/// The console examples of the README and of docs/ are what the built binaries print, as
/// `scripts/doc-examples.py` runs them; `make docs` rewrites them when the output changes on
/// purpose.
struct DocExamplesTests {
    /// The pages whose console blocks are run.
    static let pages = ["README.md", "docs/check.md", "docs/check-formats.md", "docs/check-reference.md"]

    static func runExamples(_ mode: String, _ files: [String]) throws -> CLITests.Result {
        try CLITests.run(
            "python3",
            ["scripts/doc-examples.py", mode, "--bin-dir", CLITests.binaryDirectory.path] + files,
            directory: DaemonProcess.packageRoot)
    }

    @Test func everyExampleIsWhatTheBinariesPrint() throws {
        let result = try Self.runExamples("--check", Self.pages)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        // The README alone shows at least its six commands; none was skipped.
        let count = result.output.split(separator: "\n").last.flatMap { line in
            line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
        }
        #expect((count ?? 0) >= 6, "\(result.output)")
    }

    /// The check can fail: one changed character of an expected output is found and named.
    @Test func aChangedExampleOutputIsReported() throws {
        let readme = try String(
            contentsOf: DaemonProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = "size        69 × 31 pt"
        #expect(readme.contains(shown))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doc-examples-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("README.md")
        try readme.replacingOccurrences(of: shown, with: "size        70 × 31 pt").write(
            to: copy, atomically: true, encoding: .utf8)
        let result = try Self.runExamples("--check", [copy.path])
        #expect(result.status == 1)
        #expect(result.output.contains("-size        70 × 31 pt"), "\(result.output)")
        #expect(result.output.contains("+size        69 × 31 pt"), "\(result.output)")
        #expect(result.output.contains("1 differences"), "\(result.output)")
    }
}
